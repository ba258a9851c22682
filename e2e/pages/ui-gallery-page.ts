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

  /** Waits until no diagram on the page is still waiting or drawing. */
  async diagramsSettled(): Promise<void> {
    await expect(this.page.locator("figure[data-status='drawing'], figure[data-status='waiting']")).toHaveCount(0, { timeout: 45_000 });
  }
}
