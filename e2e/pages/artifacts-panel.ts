/**
 * The Artifacts panel as a person sees it: the toggle in the chat's header,
 * the panel region with its list, one artifact's versions, views and
 * actions, a reply's chips, and the sandboxed frame an HTML page runs in.
 * Locators use the roles and names a screen reader announces.
 */
import { expect, type FrameLocator, type Locator, type Page } from "@playwright/test";

/** The Artifacts panel of an open chat. */
export class ArtifactsPanel {
  readonly toggle: Locator;
  readonly region: Locator;
  readonly closeButton: Locator;
  readonly list: Locator;
  readonly versionLabel: Locator;
  readonly download: Locator;

  constructor(readonly page: Page) {
    this.toggle = page.getByRole("button", { name: /^Artifacts/ });
    this.closeButton = page.getByRole("button", { name: "Close artifacts" });
    // The region is named by its heading, which is the open artifact's path; it is the one holding Close.
    this.region = page.getByRole("region").filter({ has: this.closeButton });
    this.list = this.region.getByRole("list", { name: "Artifacts of this chat" });
    this.versionLabel = this.region.getByText(/^Version \d+ of \d+$/);
    this.download = this.region.getByRole("link", { name: /^Download/ });
  }

  /** The panel's heading: "Artifacts", or the open artifact's path. */
  heading(): Locator {
    // The panel's own title comes first; a document shown in the panel has headings of its own.
    return this.region.getByRole("heading", { level: 2 }).first();
  }

  /** A reply's chip for an artifact (its accessible name says what the call did, the path and the version). */
  chip(scope: Locator, name: string | RegExp): Locator {
    return scope.getByRole("button", { name });
  }

  /** Opens the list (from anywhere in the panel, or with the panel closed). */
  async showList(): Promise<void> {
    if (!(await this.region.isVisible())) await this.toggle.click();
    const back = this.region.getByRole("button", { name: "All artifacts" });
    if (await back.isVisible()) await back.click();
    await expect(this.heading()).toHaveText("Artifacts");
  }

  /** The list's entries, by path. */
  item(path: string): Locator {
    return this.list.getByRole("button", { name: new RegExp(`^\\S*\\s*${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
  }

  /** A view of the open artifact (Document, Page, Source, Changes, …). */
  view(name: string): Locator {
    return this.region.getByRole("group", { name: "View" }).getByRole("button", { name, exact: true });
  }

  /** Steps to the previous or next version. */
  step(direction: "Previous" | "Next"): Locator {
    return this.region.getByRole("button", { name: `${direction} version` });
  }

  /** The sandboxed frame of an HTML artifact. */
  pageFrame(): FrameLocator {
    return this.region.frameLocator("iframe[title^='Page ']");
  }

  /** The frame element itself (for its attributes). */
  pageFrameElement(): Locator {
    return this.region.locator("iframe[title^='Page ']");
  }
}
