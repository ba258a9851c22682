/**
 * The developer gallery (/gallery) as a person sees it: one region per
 * reply, named by its title; diagrams in them as figures with an image role.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** The gallery page. */
export class UiGalleryPage {
  constructor(readonly page: Page) {}

  /** Opens the gallery and waits until every reply is live (before hydration nothing is drawn or clickable). */
  async open(): Promise<void> {
    await this.page.goto("/gallery");
    await expect(this.page.getByRole("heading", { level: 1, name: "UI block gallery" })).toBeVisible();
    await expect(this.page.locator("section[data-hydrated='false']")).toHaveCount(0);
  }

  /** One reply, by its title. */
  reply(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  /** A diagram's figure in `scope`: by its title, or the untitled one (named "Diagram"). */
  diagram(scope: Locator, title?: string): Locator {
    if (title !== undefined) return scope.getByRole("figure", { name: title, exact: true });
    return scope.locator("figure").filter({ has: this.page.getByRole("img", { name: "Diagram", exact: true }) });
  }

  /** The drawing of a diagram figure. */
  drawing(figure: Locator): Locator {
    return figure.getByRole("img").locator("svg").first();
  }

  /** Waits until no diagram of the ```ui replies is still waiting or drawing (the octo-ui panels further down draw theirs as they are scrolled to). */
  async diagramsSettled(): Promise<void> {
    const unsettled = "section[data-hydrated] figure[data-status='drawing'], section[data-hydrated] figure[data-status='waiting']";
    await expect(this.page.locator(unsettled)).toHaveCount(0, { timeout: 90_000 });
  }
}
