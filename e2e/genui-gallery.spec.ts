/**
 * The GenUI renderer in a real browser, on the developer gallery
 * (/gallery-genui): every interaction a panel resolves locally, and the
 * envelope a button would send. Each test starts from a clean state (the
 * gallery keeps panel state in localStorage, as the chat keeps it per panel).
 */
import { expect, test, type Locator, type Page } from "@playwright/test";

/** The gallery page: one region per example, named by the example's title. */
class GenuiGallery {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto("/gallery-genui");
    await this.page.evaluate(() => window.localStorage.clear());
    await this.page.reload();
    await expect(this.page.getByRole("heading", { level: 1, name: "GenUI gallery" })).toBeVisible();
    // Panel state is read from storage after hydration; interacting before that would race it.
    await expect(this.page.locator("section[data-restored='true']").first()).toBeVisible();
  }

  example(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  lastAction(example: Locator): Locator {
    return example.getByRole("status", { name: "Last action sent" });
  }
}

/** The cells of one column of the (non-chart) table in `scope`, top to bottom. */
async function columnTexts(scope: Locator, columnIndex: number): Promise<string[]> {
  const table = scope.getByRole("table").filter({ has: scope.page().getByRole("columnheader", { name: "Rep" }) });
  return table.locator(`tbody tr td:nth-child(${columnIndex + 1})`).allInnerTexts();
}

/**
 * Moves a slider to `value` by keyboard, as a person would: End then Home
 * (so the field is touched even if the thumb already sat at one end), then
 * one arrow press per step.
 */
async function slideTo(slider: Locator, options: { min: number; step: number; value: number }): Promise<void> {
  await slider.focus();
  await slider.press("End");
  await slider.press("Home");
  for (let at = options.min; at < options.value; at += options.step) await slider.press("ArrowRight");
  await expect(slider).toHaveValue(String(options.value));
}

let gallery: GenuiGallery;
let dialogs: string[];

test.beforeEach(async ({ page }) => {
  // No spec may ever open a dialog (the hostile example tries alert() in a dozen ways).
  dialogs = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  gallery = new GenuiGallery(page);
  await gallery.open();
});

test.afterEach(() => {
  expect(dialogs).toEqual([]);
});

test("visibleWhen equality: a radio and a select reveal what they gate, at once", async () => {
  const deploy = gallery.example("Deploy settings");
  const advancedNote = deploy.getByText("Advanced mode lets you pick the canary share and the drain time.");
  const drain = deploy.getByRole("spinbutton", { name: "Drain time (seconds)" });
  // The radio starts on "Simple" and an untouched field compares as "", so nothing gated shows.
  await expect(deploy.getByRole("radio", { name: "Simple" })).toBeChecked();
  await expect(advancedNote).toBeHidden();
  await expect(drain).toBeHidden();
  await deploy.getByRole("radio", { name: "Advanced" }).check();
  await expect(advancedNote).toBeVisible();
  await expect(drain).toBeVisible();
  await deploy.getByRole("radio", { name: "Simple" }).check();
  await expect(advancedNote).toBeHidden();

  const bug = gallery.example("Bug report form");
  const paging = bug.getByText("Paging on-call");
  await expect(paging).toBeHidden();
  await bug.getByRole("combobox", { name: "Severity" }).selectOption("blocker");
  await expect(paging).toBeVisible();
  await bug.getByRole("combobox", { name: "Severity" }).selectOption("minor");
  await expect(paging).toBeHidden();
});

test("visibleWhen range: hidden until the slider moves, then follows its value", async () => {
  const sales = gallery.example("Sales dashboard");
  const onTrack = sales.getByText("On track", { exact: true });
  const short = sales.getByText("Short of target", { exact: true });
  const slider = sales.getByRole("slider", { name: "Monthly target (k$)" });
  await expect(onTrack).toBeHidden();
  await expect(short).toBeHidden();
  await expect(sales.getByText("not set")).toBeVisible();

  await slider.focus();
  await slider.press("ArrowRight");
  await expect(slider).toHaveValue("210");
  await expect(short).toBeVisible();
  await expect(onTrack).toBeHidden();

  await slider.press("Home");
  await expect(slider).toHaveValue("100");
  await expect(onTrack).toBeVisible();
  await expect(short).toBeHidden();

  await slideTo(slider, { min: 100, step: 10, value: 180 });
  await expect(onTrack).toBeVisible(); // lte 180 holds at the boundary
  await slider.press("ArrowRight");
  await expect(short).toBeVisible();
  await expect(onTrack).toBeHidden();
});

test("filterBy narrows the table's rows case-insensitively as the user types", async () => {
  const sales = gallery.example("Sales dashboard");
  const filter = sales.getByRole("textbox", { name: "Filter by region" });
  expect(await columnTexts(sales, 1)).toHaveLength(8);
  await filter.fill("NORTH");
  await expect.poll(() => columnTexts(sales, 1)).toEqual(["Ana Souza", "Ben Okafor"]);
  await expect(sales.getByText("2 of 8 rows match “NORTH” in Region")).toBeVisible();
  await filter.fill("eS");
  await expect.poll(() => columnTexts(sales, 0)).toEqual(["West", "West"]);
  await filter.fill("nowhere");
  await expect(sales.getByText("No rows match “nowhere”")).toBeVisible();
  await filter.fill("");
  await expect.poll(() => columnTexts(sales, 1)).toHaveLength(8);
});

test("sortable headers cycle unsorted → ascending → descending → unsorted", async () => {
  const sales = gallery.example("Sales dashboard");
  const original = await columnTexts(sales, 1);
  const header = sales.getByRole("columnheader", { name: "Deals" });
  const button = header.getByRole("button", { name: "Deals" });
  await expect(header).toHaveAttribute("aria-sort", "none");

  await button.click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(() => columnTexts(sales, 2)).toEqual(["8", "9", "12", "18", "19", "24", "27", "31"]);

  await button.click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect.poll(() => columnTexts(sales, 2)).toEqual(["31", "27", "24", "19", "18", "12", "9", "8"]);

  await button.click();
  await expect(header).toHaveAttribute("aria-sort", "none");
  await expect.poll(() => columnTexts(sales, 1)).toEqual(original);

  // Text columns sort by code units; a filtered table stays sorted.
  const rep = sales.getByRole("columnheader", { name: "Rep" });
  await rep.getByRole("button", { name: "Rep" }).click();
  await sales.getByRole("textbox", { name: "Filter by region" }).fill("south");
  await expect.poll(() => columnTexts(sales, 1)).toEqual(["Chen Wei", "Dana Kim"]);
});

test("tabs work by keyboard: arrows move and select, Home and End jump, focus follows", async ({ page }) => {
  const deploy = gallery.example("Deploy settings");
  const tab = (name: string) => deploy.getByRole("tab", { name });
  await expect(tab("Basics")).toHaveAttribute("aria-selected", "true");
  await tab("Basics").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Rollout")).toHaveAttribute("aria-selected", "true");
  await expect(tab("Rollout")).toBeFocused();
  await expect(deploy.getByRole("tabpanel", { name: "Rollout" }).getByRole("slider", { name: "Canary share (%)" })).toBeVisible();
  await expect(deploy.getByRole("radio", { name: "Simple" })).toBeHidden();
  await page.keyboard.press("End");
  await expect(tab("Checks")).toBeFocused();
  await expect(deploy.getByRole("checkbox", { name: "Database migrations reviewed" })).toBeChecked();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Basics")).toBeFocused(); // wraps
  await page.keyboard.press("ArrowLeft");
  await expect(tab("Checks")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(tab("Basics")).toHaveAttribute("aria-selected", "true");
  // Tab moves from the selected tab into its panel, not along the other tabs.
  await page.keyboard.press("Tab");
  await expect(deploy.getByRole("tabpanel", { name: "Basics" })).toBeFocused();
});

test("a field keeps its value while its tab is hidden, and the panel state survives a reload", async ({ page }) => {
  const deploy = gallery.example("Deploy settings");
  await deploy.getByRole("tab", { name: "Rollout" }).click();
  const canary = deploy.getByRole("slider", { name: "Canary share (%)" });
  await slideTo(canary, { min: 0, step: 5, value: 70 });
  await expect(deploy.getByText("Large canary")).toBeVisible();
  await deploy.getByRole("tab", { name: "Basics" }).click();
  await deploy.getByRole("switch", { name: "Notify #releases when done" }).check();
  await deploy.getByRole("tab", { name: "Rollout" }).click();
  await expect(canary).toHaveValue("70");

  await page.reload();
  const restored = gallery.example("Deploy settings");
  await expect(restored.getByRole("tab", { name: "Rollout" })).toHaveAttribute("aria-selected", "true");
  await expect(restored.getByRole("slider", { name: "Canary share (%)" })).toHaveValue("70");
  await expect(restored.getByText("Large canary")).toBeVisible();
  await restored.getByRole("tab", { name: "Basics" }).click();
  await expect(restored.getByRole("switch", { name: "Notify #releases when done" })).toBeChecked();
  await expect(restored.getByText("On", { exact: true })).toBeVisible();
});

test("collapsible: open seeds the first render, then the toggle wins", async () => {
  const deploy = gallery.example("Deploy settings");
  const seeded = deploy.getByRole("button", { name: "What happens when you press Deploy" });
  const body = deploy.getByText("The release controller rolls the canary out first");
  await expect(seeded).toHaveAttribute("aria-expanded", "true");
  await expect(body).toBeVisible();
  await seeded.click();
  await expect(seeded).toHaveAttribute("aria-expanded", "false");
  await expect(body).toBeHidden();
  await seeded.press("Enter");
  await expect(body).toBeVisible();

  const health = gallery.example("Service health card");
  const folded = health.getByRole("button", { name: "Balancer settings that changed" });
  await expect(folded).toHaveAttribute("aria-expanded", "false");
  await expect(health.getByText('"idle_timeout_seconds": 75')).toBeHidden();
  await folded.click();
  await expect(health.getByText('"idle_timeout_seconds": 75')).toBeVisible();
});

test("quiz: scored the moment the user picks, with the explanation, and locked after", async () => {
  const quiz = gallery.example("HTTP status quiz");
  const first = quiz.getByRole("group", { name: /moved for good/ });
  await expect(first.getByRole("status")).toHaveText("");
  await first.getByRole("radio", { name: "302 Found" }).check();
  await expect(first.getByRole("status")).toHaveText(/^Not quite — the answer is 301 Moved Permanently\. 301 tells clients/);
  await expect(first.getByRole("radio", { name: "301 Moved Permanently" })).toBeDisabled();
  await expect(first.getByText("✗ your answer")).toBeVisible();
  await expect(first.getByText("✓ right answer")).toBeVisible();

  const second = quiz.getByRole("group", { name: /not allowed to see this resource/ });
  await second.getByRole("radio", { name: "403 Forbidden" }).check();
  await expect(second.getByRole("status")).toHaveText(/^Correct\. 401 means/);
});

test("a plot draws its chart: bars, lines, areas and pie slices as SVG", async () => {
  const charts = gallery.example("Charts");
  const images = charts.getByRole("img", { name: /^(Bar|Line|Area|Pie) chart\./ });
  await expect(images).toHaveCount(4);
  const bar = images.filter({ has: charts.page().locator(".recharts-bar-rectangle") });
  await expect(bar).toHaveCount(1);
  // 4 quarters × 2 series; Q3's negative "Escaped" is clamped to zero under stacked, so it draws no height.
  await expect(bar.locator(".recharts-bar-rectangle path")).not.toHaveCount(0);
  await expect(charts.locator(".recharts-line-curve")).toHaveCount(2);
  await expect(charts.locator(".recharts-area-area")).toHaveCount(2);
  await expect(charts.locator(".recharts-pie-sector")).toHaveCount(3);
  await expect(charts.getByRole("img", { name: /^Pie chart\. 3 slices of Traffic by region\./ })).toBeVisible();
});

test("a mermaid diagram draws once its fence is complete, and waits while it streams", async () => {
  const flow = gallery.example("Request flow diagram");
  const diagram = flow.getByRole("img", { name: "Diagram" });
  await expect(diagram.locator("svg")).toBeVisible();
  await expect(diagram.locator("svg")).toContainText("Chat core");
  await flow.getByRole("checkbox", { name: "Show as still streaming" }).check();
  await expect(flow.getByText("The diagram is drawn when its source is complete.")).toBeVisible();
  await expect(flow.locator("svg")).toHaveCount(0);
  await flow.getByRole("checkbox", { name: "Show as still streaming" }).uncheck();
  await expect(flow.getByRole("img", { name: "Diagram" }).locator("svg")).toBeVisible();
});

test("a button calls onAction with every field of the fence and its payload", async () => {
  const sales = gallery.example("Sales dashboard");
  const refresh = sales.getByRole("button", { name: "Refresh" });
  await refresh.click();
  // Untouched: only the select's starting value is a value.
  await expect(gallery.lastAction(sales)).toHaveText('[octo-ui-action] {"panel":"sales","action":"refresh","fields":{"range":"30d"},"payload":{"source":"crm"}}');

  await sales.getByRole("textbox", { name: "Filter by region" }).fill("north");
  await slideTo(sales.getByRole("slider", { name: "Monthly target (k$)" }), { min: 100, step: 10, value: 240 });
  await sales.getByRole("combobox", { name: "Range" }).selectOption("7d");
  await refresh.click();
  await expect(gallery.lastAction(sales)).toHaveText(
    '[octo-ui-action] {"panel":"sales","action":"refresh","fields":{"region":"north","target":240,"range":"7d"},"payload":{"source":"crm"}}',
  );

  const bug = gallery.example("Bug report form");
  await bug.getByRole("textbox", { name: "Summary" }).fill("Export button does nothing");
  await bug.getByRole("combobox", { name: "Severity" }).selectOption("major");
  await bug.getByRole("checkbox", { name: "I can reproduce it every time" }).check();
  await bug.getByRole("textbox", { name: "Steps to reproduce" }).fill("Open a report, press Export.");
  await bug.getByRole("button", { name: "Submit" }).click();
  await expect(gallery.lastAction(bug)).toHaveText(
    '[octo-ui-action] {"panel":"bug-report","action":"submit","fields":{"summary":"Export button does nothing","severity":"major","reproducible":true,"details":"Open a report, press Export."},"payload":{}}',
  );
});

test("while the fence streams nothing in it can be used, and the node still being written waits as a placeholder", async () => {
  const bug = gallery.example("Bug report form");
  await bug.getByRole("checkbox", { name: "Show as still streaming" }).check();
  // The fields read whole are drawn, disabled; the last node (the Submit button, as far as the stream knows still being written) is not drawn yet.
  await expect(bug.getByRole("textbox", { name: "Summary" })).toBeDisabled();
  await expect(bug.getByRole("button", { name: "Submit" })).toHaveCount(0);
  await expect(bug.getByText("A button is still arriving")).toBeAttached();
  await expect(gallery.lastAction(bug)).toHaveText("(none yet)");
  // Once the fence is whole, the button is there and usable.
  await bug.getByRole("checkbox", { name: "Show as still streaming" }).uncheck();
  await expect(bug.getByRole("textbox", { name: "Summary" })).toBeEnabled();
  await expect(bug.getByRole("button", { name: "Submit" })).toBeVisible();
});

test("the hostile example shows its markup as text and runs nothing", async ({ page }) => {
  const hostile = gallery.example("Hostile fence");
  await expect(hostile.getByRole("heading", { name: "<script>alert('title')</script>" })).toBeVisible();
  await expect(hostile.getByText("<img src=x onerror=alert('text')>")).toBeVisible();
  // Outside mermaid's own SVG (its strict-mode output is the widget's to vouch for), no model markup became an element.
  await expect(hostile.locator(":is(img, script, iframe, marquee, object, embed):not(figure[data-status] *)")).toHaveCount(0);
  const hrefs = await hostile.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs).toEqual(["https://example.com/?q=%3Cscript%3E&x=%22quote%22"]);
  // The mermaid source with HTML labels and a click callback draws in strict mode with neither.
  const diagram = hostile.getByRole("img", { name: "Diagram" });
  await expect(diagram.locator("svg").or(hostile.getByText("The diagram could not be drawn", { exact: false }))).toBeVisible();
  await expect(hostile.locator("svg [onerror], svg [onload], svg [onclick], svg a[href^='javascript'], svg script")).toHaveCount(0);
  await hostile.getByRole("button", { name: "<button>send</button>" }).click();
  await expect(gallery.lastAction(hostile)).toContainText('"action":"<script>alert(\'action\')</script>"');
  await expect(gallery.lastAction(hostile)).toContainText('"payload":{"safe":"<kept as text>"}');
  expect(await page.evaluate(() => (Object.prototype as Record<string, unknown>).polluted)).toBeUndefined();
});

test("a spec with nothing to render shows the fallback with its reason, and the page stays usable", async () => {
  const broken = gallery.example("Spec without items");
  await expect(broken.getByText("This panel could not be shown.")).toBeVisible();
  await broken.getByText("Why?").click();
  await expect(broken.getByText("The spec has no valid `items` array; nothing can be rendered.", { exact: true })).toBeVisible();
  // The panels around it still work.
  const quiz = gallery.example("HTTP status quiz");
  await quiz.getByRole("radio", { name: "429 Too Many Requests" }).check();
  await expect(quiz.getByRole("group", { name: /too many requests in a minute/ }).getByRole("status")).toHaveText(/^Correct\./);
});
