/**
 * The admin view as an admin sees it: the listing of stored trees with its
 * filter form and pager, a tree page (source, rendered panels, JSON,
 * recompile check), a recompile run and the audit log. Locators use roles
 * and names a screen reader announces.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** The listing of stored trees (`/admin/trees`). */
export class AdminTreesPage {
  readonly filters: Locator;
  readonly table: Locator;
  readonly pager: Locator;

  constructor(readonly page: Page) {
    this.filters = page.getByRole("form", { name: "Filter stored trees" });
    this.table = page.getByRole("table", { name: /Saved replies with panels/ });
    this.pager = page.getByRole("navigation", { name: "Pages" });
  }

  /** Opens the listing. */
  async open(path = "/admin/trees"): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole("heading", { level: 1, name: "Saved replies with panels" })).toBeVisible();
  }

  /** Picks filter values by their labels and applies them. */
  async filter(values: { code?: string; model?: string; perPage?: string; text?: string }): Promise<void> {
    if (values.code !== undefined) await this.filters.getByLabel("Diagnostic code").selectOption(values.code);
    if (values.model !== undefined) await this.filters.getByLabel("Model").selectOption(values.model);
    if (values.perPage !== undefined) await this.filters.getByLabel("Per page").selectOption(values.perPage);
    if (values.text !== undefined) await this.filters.getByLabel("Text in the reply").fill(values.text);
    // The form is a plain GET form: applying it loads a new document (possibly through a redirect to the tidy URL).
    await this.page.evaluate(() => ((window as { staleAdminPage?: boolean }).staleAdminPage = true));
    await this.filters.getByRole("button", { name: "Apply filters" }).click();
    await this.page.waitForFunction(() => (window as { staleAdminPage?: boolean }).staleAdminPage !== true);
    await expect(this.page.getByRole("heading", { level: 1, name: "Saved replies with panels" })).toBeVisible();
  }

  /** The listed rows (without the header). */
  rows(): Locator {
    return this.table.locator("tbody tr");
  }

  /** The ids of the listed trees, from their links. */
  async treeIds(): Promise<string[]> {
    const hrefs = await this.rows().getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    return hrefs.filter((href) => href.startsWith("/admin/trees/")).map((href) => decodeURIComponent(href.slice("/admin/trees/".length)));
  }
}

/** One stored tree's page (`/admin/trees/[messageId]`). */
export class AdminTreePage {
  readonly source: Locator;
  readonly diagnostics: Locator;
  readonly rendered: Locator;
  readonly recompile: Locator;
  readonly compiledTree: Locator;

  constructor(readonly page: Page) {
    const sourceSection = page.getByRole("region", { name: "Reply source" });
    this.source = sourceSection.getByLabel("Reply source", { exact: true });
    this.diagnostics = sourceSection.getByRole("list", { name: "Diagnostics" });
    this.rendered = page.getByRole("region", { name: "Rendered (read-only)" });
    this.recompile = page.getByRole("region", { name: "Recompile check" });
    this.compiledTree = page.getByRole("region", { name: "Compiled tree", exact: true });
  }

  /** The part of the source a selected diagnostic or block highlights. */
  selectedSource(): Locator {
    return this.source.locator('[data-selected="true"]');
  }

  /** Runs the recompile check and waits for its verdict. */
  async runRecompileCheck(): Promise<Locator> {
    await this.recompile.getByRole("button", { name: "Run recompile check" }).click();
    const verdict = this.recompile.getByRole("status");
    await expect(verdict).not.toBeEmpty();
    return verdict;
  }
}
