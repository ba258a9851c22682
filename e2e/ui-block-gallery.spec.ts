/**
 * The ```ui block renderer in a real browser, on the developer gallery
 * (/gallery): inputs that change what a block shows, tables that sort and
 * filter, charts and diagrams that draw (and a broken diagram that says so in
 * place), tabs by keyboard, local choices that run, and the choice the chat
 * would send. No spec may ever open a dialog: one reply tries alert() in
 * every text it carries.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";

/** The gallery page: one region per reply, named by its title. */
class UiGallery {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/gallery");
    await expect(this.page.getByRole("heading", { level: 1, name: "UI block gallery" })).toBeVisible();
    // Before hydration a click does nothing; every reply says when it is live.
    await expect(this.page.locator("section[data-hydrated='false']")).toHaveCount(0);
    await expect(this.page.locator("section[data-hydrated='true']").first()).toBeVisible();
  }

  reply(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  lastChoice(reply: Locator, title: string): Locator {
    return reply.getByRole("status", { name: `Last choice in ${title}` });
  }
}

/** The texts of one column of a table, top to bottom. */
async function column(table: Locator, index: number): Promise<string[]> {
  return table.locator(`tbody tr td:nth-child(${index + 1})`).allInnerTexts();
}

let gallery: UiGallery;
let dialogs: string[];
let strayRequests: string[];

test.beforeEach(async ({ page, baseURL }) => {
  dialogs = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Nothing a model wrote may make the browser fetch anything: no other origin, and no image at all
  // (the gallery has none of its own; an image request could only come from model text).
  strayRequests = [];
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:")) return;
    if (new URL(url).origin !== origin || request.resourceType() === "image") strayRequests.push(`${request.resourceType()} ${url}`);
  });
  gallery = new UiGallery(page);
  await gallery.open();
});

test.afterEach(() => {
  expect(dialogs).toEqual([]);
  expect(strayRequests).toEqual([]);
});

test("a Switch shows and hides what its Show gates, and a local Choice resets it", async () => {
  const build = gallery.reply("Build status");
  const failedOnly = build.getByRole("switch", { name: "Failed only" });
  const failedTable = build.getByRole("table", { name: "Failed tests" });
  await expect(failedOnly).not.toBeChecked();
  await expect(failedTable).toBeHidden();
  await expect(build.getByRole("searchbox", { name: "Filter rows" })).toBeVisible();

  await failedOnly.check();
  await expect(failedTable).toBeVisible();
  await expect(build.getByRole("searchbox", { name: "Filter rows" })).toBeHidden();
  expect(await column(failedTable, 0)).toEqual(["billing › rounds invoice totals", "checkout › applies a coupon once"]);

  await build.getByRole("button", { name: "Clear the filter" }).click();
  await expect(failedOnly).not.toBeChecked();
  await expect(failedTable).toBeHidden();
  // A local choice sends nothing.
  await expect(gallery.lastChoice(build, "Build status")).toContainText("Pick a choice that is not local");
});

test("a sending Choice is resolved with the values the person set", async () => {
  const build = gallery.reply("Build status");
  await build.getByRole("switch", { name: "Failed only" }).check();
  await build.getByRole("button", { name: "Re-run the failed tests" }).click();
  const sent = gallery.lastChoice(build, "Build status");
  await expect(sent).toContainText('"id": "rerun"');
  await expect(sent).toContainText('"context": "Only the failed tests, on main"');
  await expect(sent).toContainText('"failedOnly": true');
});

test("a sortable table cycles none → ascending → descending by its header, with aria-sort", async () => {
  const build = gallery.reply("Build status");
  await build.getByRole("switch", { name: "Failed only" }).check();
  const table = build.getByRole("table", { name: "Failed tests" });
  const time = table.getByRole("columnheader", { name: /Time \(ms\)/ });
  const test = table.getByRole("columnheader", { name: /Test/ });
  await expect(time).toHaveAttribute("aria-sort", "none");

  await test.getByRole("button").click();
  await expect(test).toHaveAttribute("aria-sort", "ascending");
  expect(await column(table, 0)).toEqual(["billing › rounds invoice totals", "checkout › applies a coupon once"]);
  await test.getByRole("button").click();
  await expect(test).toHaveAttribute("aria-sort", "descending");
  expect(await column(table, 0)).toEqual(["checkout › applies a coupon once", "billing › rounds invoice totals"]);

  await time.getByRole("button").click();
  await expect(time).toHaveAttribute("aria-sort", "ascending");
  await expect(test).toHaveAttribute("aria-sort", "none");
  expect(await column(table, 1)).toEqual(["1,204", "2,310"]);
  await time.getByRole("button").press("Enter");
  await expect(time).toHaveAttribute("aria-sort", "descending");
  expect(await column(table, 1)).toEqual(["2,310", "1,204"]);
  await time.getByRole("button").press("Enter");
  await expect(time).toHaveAttribute("aria-sort", "none");
  expect(await column(table, 1)).toEqual(["1,204", "2,310"]);
});

test("a filterable table keeps the rows whose text contains the filter, case-insensitively", async () => {
  const build = gallery.reply("Build status");
  const filter = build.getByRole("searchbox", { name: "Filter rows" });
  const table = build.getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(6);
  await filter.fill("CHECKOUT");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  expect(await column(table, 0)).toEqual(["checkout › applies a coupon once"]);
  await expect(build.getByText("1 of 6 rows")).toBeVisible();
  await filter.fill("no such test");
  await expect(table.getByText("No rows match “no such test”")).toBeVisible();
  await filter.fill("");
  await expect(table.locator("tbody tr")).toHaveCount(6);
});

test("a Slider changes the figures and what a Show reveals", async () => {
  const budget = gallery.reply("Budget planner");
  const rent = budget.getByRole("slider", { name: "Rent" });
  const overBudget = budget.getByRole("note").filter({ hasText: "Over budget" });
  await expect(rent).toHaveValue("1200");
  await expect(budget.getByText(/^1,750\s€$/)).toBeVisible();
  await expect(overBudget).toBeHidden();

  await rent.focus();
  await rent.press("End");
  await expect(rent).toHaveValue("3000");
  await expect(budget.getByText("3,000 €")).toBeVisible();
  await expect(budget.getByText(/^-50\s€$/)).toBeVisible();
  await expect(overBudget).toBeVisible();
  await expect(overBudget).toContainText("You spend 50 € more than you earn.");

  await rent.press("PageDown");
  await rent.press("Home");
  await expect(rent).toHaveValue("0");
  await expect(budget.getByText(/^2,950\s€$/)).toBeVisible();
  await expect(overBudget).toBeHidden();
});

test("a Segmented control switches what every figure reads", async () => {
  const sales = gallery.reply("Sales dashboard");
  const q2 = sales.getByRole("radio", { name: "Q2" });
  const q3 = sales.getByRole("radio", { name: "Q3" });
  await expect(q3).toBeChecked();
  await expect(sales.getByText(/^1,354\sk€$/)).toBeVisible();
  await q2.check();
  await expect(q2).toBeChecked();
  await expect(sales.getByText(/^1,260\sk€$/)).toBeVisible();
  await expect(sales.getByText("32.5% of the quarter")).toBeVisible();
  // Arrow keys move between the options, as in any radio group.
  await q2.press("ArrowRight");
  await expect(q3).toBeChecked();
  await expect(sales.getByText(/^1,354\sk€$/)).toBeVisible();
});

test("a checklist over a list counts its ticks wherever @Count reads them; Stat better and chip columns draw", async () => {
  const release = gallery.reply("Release readiness");
  const checklist = release.getByRole("group", { name: /Before the tag/ });
  const ready = release.getByRole("progressbar", { name: "Ready" });
  const tag = release.getByRole("button", { name: "Tag the release" });
  await expect(checklist).toContainText("2 of 4 done");
  await expect(ready).toHaveAttribute("aria-valuenow", "50");
  await expect(tag).toBeDisabled();

  await checklist.getByRole("checkbox", { name: "Tag v2.4.0" }).check();
  await checklist.getByRole("checkbox", { name: "Announcement drafted" }).check();
  await expect(checklist).toContainText("4 of 4 done");
  await expect(ready).toHaveAttribute("aria-valuenow", "100");
  await expect(tag).toBeEnabled();
  await tag.click();
  await expect(gallery.lastChoice(release, "Release readiness")).toContainText('"context": "Tag v2.4.0 on main"');

  // better="lower": the slowest test getting slower is bad news, one failure fewer is good news.
  await expect(release.locator("[data-direction='up']")).toHaveAttribute("data-tone", "danger");
  await expect(release.locator("[data-direction='down']")).toHaveAttribute("data-tone", "success");
  // The gallery resolves no links: chip cells are plain text, a commit by its short sha.
  const changes = release.getByRole("table", { name: "Changes in this release" });
  expect(await column(changes, 0)).toEqual(["9f2c1ab", "3e4f5a6"]);
  await expect(release.getByRole("listitem").filter({ hasText: "checkout" })).toContainText("approved");
});

test("charts draw as SVG inside a labelled image, with their values in a table", async () => {
  const sales = gallery.reply("Sales dashboard");
  const bar = sales.getByRole("img", { name: /^Bar chart: Revenue \(k€\)\. 3 points of q2, q3\./ });
  await expect(bar.locator("svg").first()).toBeVisible();
  await expect(bar.locator(".recharts-bar-rectangle")).toHaveCount(6);

  const budget = gallery.reply("Budget planner");
  const pie = budget.getByRole("img", { name: /^Pie chart: Where it goes\. 4 slices of amount\./ });
  await expect(pie.locator("svg").first()).toBeVisible();
  await expect(pie.locator(".recharts-pie-sector")).toHaveCount(4);
});

test("a diagram draws once complete, and a broken one shows its error and source in place", async () => {
  const architecture = gallery.reply("Architecture");
  const diagram = architecture.getByRole("img", { name: "Diagram" });
  await expect(diagram.locator("svg")).toBeVisible();
  await expect(diagram.locator("svg")).toContainText("Gateway");

  const broken = gallery.reply("Broken diagram");
  const error = broken.getByRole("group", { name: "Broken on purpose could not be drawn" });
  await expect(error).toContainText("The diagram could not be drawn:");
  await expect(error).toContainText("client[Client --> api[API");
  await expect(broken.locator("[data-ui-block]").getByText("The text after the diagram is still shown.")).toBeVisible();
  await expect(broken.getByRole("img", { name: "Broken on purpose" })).toHaveCount(0);
});

test("tabs follow the WAI-ARIA keyboard pattern", async ({ page }) => {
  const demo = gallery.reply("Streaming and choices");
  const overview = demo.getByRole("tab", { name: "Overview" });
  const settings = demo.getByRole("tab", { name: "Settings" });
  const about = demo.getByRole("tab", { name: "About" });
  await expect(overview).toHaveAttribute("aria-selected", "true");
  await expect(demo.getByRole("tabpanel")).toContainText("Counting 3 items per week.");

  await overview.focus();
  await page.keyboard.press("ArrowRight");
  await expect(settings).toBeFocused();
  await expect(settings).toHaveAttribute("aria-selected", "true");
  await expect(demo.getByRole("tabpanel")).toContainText("Period");
  await page.keyboard.press("End");
  await expect(about).toBeFocused();
  await expect(demo.getByRole("tabpanel")).toContainText("Settings stay while you switch tabs.");
  await page.keyboard.press("ArrowRight");
  await expect(overview).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(about).toBeFocused();
  await page.keyboard.press("Home");
  await expect(overview).toBeFocused();
  // Only the selected tab is in the tab order; Tab moves into its panel.
  await page.keyboard.press("Tab");
  await expect(demo.getByRole("tabpanel")).toBeFocused();
});

test("inputs inside tabs keep their values, and a local reset Choice restores the defaults", async () => {
  const demo = gallery.reply("Streaming and choices");
  await demo.getByRole("tab", { name: "Settings" }).click();
  await demo.getByRole("radio", { name: "Day" }).check();
  const items = demo.getByRole("slider", { name: "Items" });
  await items.focus();
  await items.press("End");
  await expect(items).toHaveValue("10");
  await demo.getByRole("tab", { name: "Overview" }).click();
  await expect(demo.getByRole("tabpanel")).toContainText("Counting 10 items per day.");

  await demo.getByRole("button", { name: "Back to defaults" }).click();
  await expect(demo.getByRole("tabpanel")).toContainText("Counting 3 items per week.");
  await expect(gallery.lastChoice(demo, "Streaming and choices")).toContainText("Pick a choice that is not local");
});

test("a replayed reply streams in: partial blocks with a mark, then the final panel", async () => {
  const demo = gallery.reply("Streaming and choices");
  // The replay lasts under two seconds, and a mark is shown only while its element arrives (one in a
  // tab panel not selected is rightly hidden): the page itself looks at every frame for a shown mark.
  await demo.evaluate((section) => {
    const seen = window as unknown as { sawStreamingMark?: boolean };
    seen.sawStreamingMark = false;
    const look = () => {
      if ([...section.querySelectorAll("[data-streaming]")].some((mark) => mark.checkVisibility())) seen.sawStreamingMark = true;
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await demo.getByRole("button", { name: "Replay as a stream" }).click();
  await expect(demo).toHaveAttribute("data-replaying", "true");
  await expect(demo).toHaveAttribute("data-replaying", "false", { timeout: 20_000 });
  expect(await gallery.page.evaluate(() => (window as unknown as { sawStreamingMark?: boolean }).sawStreamingMark), "a streaming mark was shown").toBe(true);
  await expect(demo.locator("[data-streaming]")).toHaveCount(0);
  await expect(demo.getByRole("button", { name: "Apply these settings" })).toBeEnabled();
  await demo.getByRole("button", { name: "Apply these settings" }).click();
  await expect(gallery.lastChoice(demo, "Streaming and choices")).toContainText('"view": "week"');
});

test("hostile text in prose and blocks stays text: no element, no script URL, no dialog", async () => {
  const hostile = gallery.reply("Hostile text");
  await expect(hostile.getByText("<img src=x onerror=alert('title')>")).toBeVisible();
  await expect(hostile.getByText("<img src=x onerror=alert('state')> stays text.")).toBeVisible();
  await expect(hostile.getByRole("cell", { name: "<b onmouseover=alert('cell')>bold</b>" })).toBeVisible();
  await expect(hostile.getByRole("link", { name: "Safe link" })).toHaveAttribute("href", "https://example.com/docs");
  await expect(hostile.getByRole("link", { name: "Safe link" })).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await expect(hostile.getByRole("link", { name: "a link" })).toHaveCount(0);
  await expect(hostile.getByRole("img", { name: "Labels" }).locator("svg")).toBeVisible();
  // A diagram's own %%{init}%% cannot bring back HTML labels, loose security or theme CSS.
  await expect(hostile.getByRole("img", { name: "Overrides" }).locator("svg")).toBeVisible();
  expect(await hostile.locator("img, script, iframe").count()).toBe(0);
  expect(await hostile.locator("a[href^='javascript' i], [onerror], [onmouseover]").count()).toBe(0);
});
