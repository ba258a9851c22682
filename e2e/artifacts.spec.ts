/**
 * Artifacts beside the conversation, on the replay model in real Chromium:
 * a recorded reply writes a document and an HTML page, the panel lists both,
 * the page runs its own script inside its sandbox, an edit round makes a
 * version whose changes show against the first, and a download gives the
 * exact bytes. A hostile page achieves nothing, and a hostile SVG loads
 * nothing — observed from the app's page, not taken from the page's word. Keyboard: Escape closes the panel
 * and focus returns to the toggle; at phone width the panel is a sheet.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Download, type Frame, type Page } from "@playwright/test";
import { applyArtifactEdits } from "../lib/artifacts/apply-edits";
import { ArtifactsPanel } from "./pages/artifacts-panel";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

const REPLAYS = path.join(import.meta.dirname, "..", "fixtures", "replays");
const REPORT = readFileSync(path.join(REPLAYS, "q3-report", "report.md"));
const RISKS_EDIT = JSON.parse(readFileSync(path.join(REPLAYS, "q3-report-risks", "edit-report.json"), "utf8")) as { edits: { find: string; replace: string }[] };

/** An origin that is not the app's: where a hostile page would send what it took. */
const ATTACKER_ORIGIN = "http://attacker.example.test";

async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFileSync(file);
}

test.use({ viewport: { width: 1280, height: 800 } });

test("a reply writes a document and a page; the page runs in its sandbox; an edit's version diffs against the first; downloads are exact", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  const panel = new ArtifactsPanel(page);
  await chat.send("Write the Q3 engineering report");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  await expect(panel.chip(reply, "Created q3-report/report.md version 1")).toBeVisible();
  await expect(panel.chip(reply, "Created q3-report/delivery-chart.html version 1")).toBeVisible();
  // The reply stays short: the report is in the artifact, not pasted into the thread.
  await expect(reply.getByRole("heading", { name: "Q3 engineering report" })).toHaveCount(0);

  // The panel came forward with the reply's last artifact; its list has both.
  await expect(panel.region).toBeVisible();
  await panel.showList();
  await expect(panel.item("q3-report/report.md")).toContainText("Document · 1 version");
  await expect(panel.item("q3-report/delivery-chart.html")).toContainText("Page · 1 version");

  // The page: drawn by its own script, interactive, in a frame that is an opaque origin.
  await panel.item("q3-report/delivery-chart.html").click();
  await expect(panel.heading()).toHaveText("q3-report/delivery-chart.html");
  const frameElement = panel.pageFrameElement();
  await expect(frameElement).toHaveAttribute("sandbox", "allow-scripts");
  const frame = panel.pageFrame();
  await expect(frame.getByText("Drawn by the page's script: 14 items shipped over 3 months.")).toBeVisible();
  await frame.getByRole("button", { name: "Incidents" }).click();
  await expect(frame.getByText("Drawn by the page's script: 6 incidents over 3 months.")).toBeVisible();
  const pageFrame = page.frames().find((candidate) => candidate.url().endsWith("/versions/1/page")) as Frame;
  expect(await pageFrame.evaluate(() => self.origin)).toBe("null");

  // The document, rendered (no raw HTML), then an edit round.
  await panel.showList();
  await panel.item("q3-report/report.md").click();
  await expect(panel.region.getByRole("article", { name: "q3-report/report.md" }).getByRole("heading", { name: "Q3 engineering report" })).toBeVisible();
  await chat.send("Add a risks section to the Q3 report");
  await chat.waitForReplyEnd();
  const chip = panel.chip(chat.lastReply(), "Edited q3-report/report.md version 2");
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(panel.versionLabel).toHaveText("Version 2 of 2");
  await expect(panel.region.getByRole("heading", { name: "Risks" })).toBeVisible();
  await panel.view("Changes").click();
  await expect(panel.region.getByText("From version 1 to version 2: 8 lines added, 1 line removed.")).toBeVisible();
  const changes = panel.region.getByRole("list", { name: "Changes from version 1 to version 2" });
  await expect(changes.getByRole("listitem").filter({ hasText: "Added: ## Risks" })).toHaveCount(1);
  await expect(changes.getByRole("listitem").filter({ hasText: "Removed: **Status:** on track · **Period:**" })).toHaveCount(1);

  // Downloads: the exact bytes of each version.
  const second = applyArtifactEdits(REPORT.toString("utf8"), RISKS_EDIT.edits, { path: "q3-report/report.md", version: 1 });
  if (!second.ok) throw new Error(second.error);
  const [download2] = await Promise.all([page.waitForEvent("download"), panel.download.click()]);
  expect(download2.suggestedFilename()).toBe("report.md");
  expect((await downloadedBytes(download2)).equals(Buffer.from(second.content, "utf8"))).toBe(true);
  await panel.step("Previous").click();
  await expect(panel.versionLabel).toHaveText("Version 1 of 2");
  const [download1] = await Promise.all([page.waitForEvent("download"), panel.download.click()]);
  expect((await downloadedBytes(download1)).equals(REPORT)).toBe(true);
});

test("the artifact routes answer with their own policies: the page sandboxed with no network, the download an attachment", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show a heatmap of deploys by weekday and hour");
  await chat.waitForReplyEnd();
  const panel = new ArtifactsPanel(page);
  await expect(panel.pageFrame().getByText(/^168 cells drawn by the page's script from [\d,]+ deploys/)).toBeVisible();
  const pageUrl = await panel.pageFrameElement().getAttribute("src");
  expect(pageUrl).toMatch(/\/versions\/1\/page$/);
  const served = await page.request.get(pageUrl ?? "");
  const policy = served.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("sandbox allow-scripts");
  expect(policy).toContain("frame-ancestors 'self'");
  expect(policy).not.toContain("allow-same-origin");
  expect(policy).not.toMatch(/'self'[^;]*;.*script-src|connect-src|https?:/);
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["referrer-policy"]).toBe("no-referrer");
  const download = await page.request.get((pageUrl ?? "").replace(/\/page$/, "/content"));
  expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="deploy-heatmap.html"/);
  expect(download.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  expect(download.headers()["referrer-policy"]).toBe("no-referrer");
  // Another person, signed in, finds nothing at the same address.
  const stranger = await page.context().browser()?.newContext();
  const strangerPage = await stranger?.newPage();
  if (!strangerPage || !stranger) throw new Error("no second context");
  await new SignInPage(strangerPage).continueAsGuest("/");
  const refused = await strangerPage.request.get(new URL(pageUrl ?? "", page.url()).toString());
  expect(refused.status()).toBe(404);
  expect(await refused.text()).not.toContain("heatmap");
  await stranger.close();
});

/** Records every request and response the frames of `page` make, and what the app page is told by postMessage. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { probeReports: unknown[] };
    record.probeReports = [];
    window.addEventListener("message", (event) => record.probeReports.push(event.data));
  });
  const fromFrames: { url: string; frame: string; failure: string | null; answered: boolean }[] = [];
  const svgProbes: string[] = [];
  page.on("request", (request) => {
    if (/svg-/.test(request.url())) svgProbes.push(request.url());
    if (request.frame() !== page.mainFrame()) fromFrames.push({ url: request.url(), frame: request.frame().url(), failure: null, answered: false });
  });
  page.on("requestfailed", (request) => {
    const entry = fromFrames.find((candidate) => candidate.url === request.url() && candidate.failure === null && !candidate.answered);
    if (entry) entry.failure = request.failure()?.errorText ?? "failed";
  });
  page.on("response", (response) => {
    const entry = fromFrames.find((candidate) => candidate.url === response.url() && !candidate.answered && candidate.failure === null);
    if (entry) entry.answered = true;
  });
  const attackerHits: string[] = [];
  await page.context().route(`${ATTACKER_ORIGIN}/**`, (route) => {
    attackerHits.push(route.request().url());
    return route.fulfill({ status: 200, body: "ok" });
  });
  const popups: string[] = [];
  page.context().on("page", (opened) => popups.push(opened.url()));
  const sockets: string[] = [];
  page.on("websocket", (socket) => sockets.push(socket.url()));
  return { fromFrames, attackerHits, popups, sockets, svgProbes };
}

test("a hostile page achieves nothing: the app page sees no navigation, no request leave the frame, no popup, and its cookie unread; a hostile SVG loads nothing", async ({ page, baseURL }) => {
  const SECRET = "app-secret-cookie-value-8f3a";
  await page.context().addCookies([{ name: "app_secret", value: SECRET, url: baseURL ?? "http://127.0.0.1:3200", httpOnly: false, sameSite: "Lax" }]);
  const seen = await watch(page);
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  const panel = new ArtifactsPanel(page);
  await chat.send("Write the sandbox probe page");
  await chat.waitForReplyEnd();
  const chatUrl = page.url();
  expect(await page.evaluate(() => document.cookie)).toContain(SECRET);

  // The image came forward last: drawn, inert — its scripts, handler, images, styles and frame asked for nothing.
  await expect(panel.heading()).toHaveText("sandbox-probe.svg");
  const image = panel.region.getByRole("img", { name: "Image sandbox-probe.svg" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(320);
  expect(await image.getAttribute("src")).toMatch(/^blob:/);

  await panel.showList();
  await panel.item("sandbox-probe.html").click();
  const frame = panel.pageFrame();
  await expect(frame.getByText("Probe finished: 14 attempts.")).toBeVisible();
  const reports = await page.evaluate(() => (window as unknown as { probeReports: unknown[] }).probeReports);
  const report = (reports.find((candidate) => typeof candidate === "object" && candidate !== null && "sandboxProbe" in candidate) as { sandboxProbe: Record<string, string> }).sandboxProbe;

  // What the app page observed itself.
  expect(page.url(), "the tab was not navigated").toBe(chatUrl);
  expect(seen.popups, "no window opened").toEqual([]);
  expect(seen.attackerHits, "nothing reached the other origin").toEqual([]);
  expect(seen.sockets, "no socket was opened").toEqual([]);
  expect(seen.svgProbes, "the image asked for nothing, here or elsewhere").toEqual([]);
  const framePage = seen.fromFrames.filter((entry) => /\/versions\/1\/page$/.test(entry.url));
  expect(framePage.map((entry) => entry.answered)).toEqual([true]);
  const escaped = seen.fromFrames.filter((entry) => !/\/versions\/1\/page$/.test(entry.url));
  // Each other request the frame tried was refused by the browser before it left; none was answered.
  expect(escaped.filter((entry) => entry.answered), JSON.stringify(escaped)).toEqual([]);
  for (const entry of escaped) expect(entry.failure, entry.url).not.toBeNull();

  // What the page got back for each attempt: refusals, a null window, and never the secret.
  expect(JSON.stringify(report)).not.toContain(SECRET);
  for (const attempt of ["parentDocument", "parentCookie", "topLocationRead", "cookie", "localStorage", "fetchApp", "fetchAppChats", "fetchOtherOrigin", "image", "websocket"]) {
    expect(report[attempt], attempt).toMatch(/^blocked: /);
  }
  expect(report.windowOpen).toBe("got: null");

  // The frame is still the probe (its form and its top navigation did not take it anywhere), and the app works on.
  await expect(panel.region.getByText("tried to leave its frame")).toHaveCount(0);
  await expect(frame.getByRole("heading", { name: "Sandbox probe" })).toBeVisible();
  await expect(chat.composer).toBeEditable();
});

test("by keyboard: the toggle opens the panel, Escape closes it and focus returns to the toggle; at phone width it is a full-screen sheet", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  const panel = new ArtifactsPanel(page);
  await chat.send("Quickly compare PGlite and Postgres for this app");
  await chat.waitForReplyEnd();
  // A quick comparison is a panel in the reply, not an artifact.
  await expect(chat.panel("PGlite or Postgres")).toBeVisible();
  await expect(panel.region).toHaveCount(0);
  await panel.toggle.focus();
  await page.keyboard.press("Enter");
  await expect(panel.heading()).toBeFocused();
  await expect(panel.region.getByText(/^No artifacts yet\./)).toBeVisible();
  await expect(panel.toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(panel.region).toHaveCount(0);
  await expect(panel.toggle).toBeFocused();
  await expect(panel.toggle).toHaveAttribute("aria-expanded", "false");

  await chat.send("Write the Q3 engineering report");
  await chat.waitForReplyEnd();
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.showList();
  const box = await panel.region.boundingBox();
  expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  // The conversation behind the sheet is out of reach: the composer cannot take focus.
  await expect(chat.composer).not.toBeFocused();
  await page.keyboard.press("Tab");
  await expect(chat.composer).not.toBeFocused();
  await panel.item("q3-report/report.md").click();
  await expect(panel.heading()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel.region).toHaveCount(0);
  await expect(panel.toggle).toBeFocused();
});
