/**
 * Issue 13, "A repair round": a reply whose block the app cannot compile is
 * shown as written, then — the model asked once more for that block alone —
 * repaired in place: the broken block's "could not be shown" box gives way
 * to the drawn component, the prose and the other block stay exactly as
 * they were. The reply's notes say a repair happened and what it fixed; the
 * reply as first written is the earlier version; a reload shows the
 * repaired one. Played by the replay model (`broken-dashboard` and its repair.md).
 */
import { expect, test, type Locator } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

test.beforeEach(async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
});

/** The version count a message shows ("2/2"), read from its switcher. */
function versionCount(message: Locator): Locator {
  return message.getByRole("group", { name: /^Versions of this/ }).getByText(/^\d+\/\d+$/);
}

/** The reply's prose, paragraph by paragraph, as the person reads it. */
async function prose(reply: Locator): Promise<string[]> {
  return reply.locator("[data-reply-parts] p").evaluateAll((paragraphs) =>
    paragraphs.filter((paragraph) => paragraph.closest("[data-fallback], [data-ui-block], details") === null).map((paragraph) => paragraph.textContent?.trim() ?? ""),
  );
}

const PROSE = [
  "Checkout is the slowest service this week: its p95 latency rose to 412 ms while the other three held steady.",
  "The on-call rota for the weekend:",
  "Ask me for the checkout traces if you want to dig into the rise.",
];

test("a broken block is repaired in place, the inspector says what was fixed, and a reload keeps the repair", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const chat = new ChatPage(page);
  // What passes by between the reply's end and its repair: the round's status line, and the broken block's box.
  const watch = () => {
    const seen = { repairing: false, fallback: false };
    (window as unknown as { repairSeen: typeof seen }).repairSeen = seen;
    new MutationObserver(() => {
      const thread = document.querySelector('[role="log"]');
      if (!thread) return;
      if ([...thread.querySelectorAll('[role="status"]')].some((status) => status.textContent === "Repairing 1 block…")) seen.repairing = true;
      if (thread.querySelector('article:not([aria-busy="true"]) [data-fallback]')) seen.fallback = true;
    }).observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  };
  // On this page and on the chat's page, whether it opens as a new document or in place.
  await page.addInitScript(watch);
  await page.evaluate(watch);

  await chat.send("Show me the broken service dashboard");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  // Repaired in place: the same turn now shows its second version, drawn whole.
  await expect(versionCount(reply)).toHaveText("2/2", { timeout: 30_000 });
  await expect(chat.replies()).toHaveCount(1);
  await expect(reply.locator("[data-fallback]")).toHaveCount(0);
  // The stats the broken block could not show are drawn, the first with its change.
  const stats = reply.locator("[data-ui-block]").first();
  await expect(stats).toContainText("p95 latency this week, per service.");
  for (const shown of ["Checkout", "412", "Search", "188", "Auth", "96"]) await expect(stats).toContainText(shown);
  await expect(reply.getByRole("table", { name: "On call" })).toBeVisible();
  expect(await prose(reply)).toEqual(PROSE);
  await expect(reply.getByRole("status").filter({ hasText: /^Repairing/ })).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { repairSeen: { repairing: boolean; fallback: boolean } }).repairSeen);
  expect(seen).toEqual({ repairing: true, fallback: true });

  // The notes: a repair happened, and what it fixed.
  const toggle = chat.inspectorToggle(reply);
  await expect(toggle).toHaveText(/^Notes: 1 block was repaired$/);
  await toggle.click();
  const repaired = chat.inspector(reply).getByRole("group", { name: "Repaired" });
  await expect(repaired).toBeVisible();
  await expect(repaired).toContainText("UI block 1 was replaced: 3 errors before, no errors now.");
  const wrong = repaired.getByRole("list", { name: "What was wrong with UI block 1" });
  for (const code of ["unfinished_element", "unknown_component", "unexpected_close_tag"]) await expect(wrong.locator("code", { hasText: new RegExp(`^${code}$`) })).toBeVisible();
  await expect(repaired.getByRole("figure", { name: "UI block 1 as first written" })).toContainText('<Metric label="Checkout"');
  await expect(repaired.getByRole("figure", { name: "UI block 1 as repaired" })).toContainText('<Stat label="Checkout" value={412} unit="ms" delta={12} tone="warning"/>');
  await expect(repaired.getByRole("figure", { name: "UI block 1 as repaired" })).toContainText("</Stats>");
  await page.screenshot({ path: testInfo.outputPath("repair-inspector.png"), fullPage: true });

  // After a reload, the repaired version is what shows.
  await page.reload();
  const reloaded = chat.lastReply();
  await expect(versionCount(reloaded)).toHaveText("2/2");
  await expect(reloaded.locator("[data-fallback]")).toHaveCount(0);
  await expect(reloaded.locator("[data-ui-block]").first()).toContainText("Checkout");
  expect(await prose(reloaded)).toEqual(PROSE);
  await expect(chat.inspectorToggle(reloaded)).toHaveText(/^Notes: 1 block was repaired$/);

  // The reply as first written is the earlier version: the same prose, the broken block's box.
  await reloaded.getByRole("button", { name: "Previous version of this reply" }).click();
  const original = chat.lastReply();
  await expect(versionCount(original)).toHaveText("1/2");
  await expect(original.locator("[data-fallback]").first()).toBeVisible();
  expect(await prose(original)).toEqual(PROSE);
});

test("a block that compiles cleanly but breaks on the project's rows is repaired before it is seen broken, and the notes say the real data check found it", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const chat = new ChatPage(page);

  // test-health-data-check: `@Sum($tests, "failed")` compiles, but main's rows hold booleans there.
  await chat.send("Show the test health of main");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  await expect(versionCount(reply)).toHaveText("2/2", { timeout: 30_000 });
  await expect(chat.replies()).toHaveCount(1);
  // The repaired block counts the failing tests of main's newest run, and draws every part.
  const panel = reply.locator("[data-ui-block]").first();
  await expect(panel).toContainText("The newest run on main, failures first.");
  await expect(panel).toContainText("Failing");
  await expect(panel).toContainText("3");
  await expect(reply.locator("[data-fallback]")).toHaveCount(0);
  await expect(reply.getByRole("table", { name: "Tests on main" })).toBeVisible();
  expect(await prose(reply)).toEqual(["Here is main's newest test run, read live from the project.", "Ask me about any test and I'll pull its history."]);

  // The notes: which check found what.
  const toggle = chat.inspectorToggle(reply);
  await expect(toggle).toHaveText(/^Notes: 1 block was repaired$/);
  await toggle.click();
  const repaired = chat.inspector(reply).getByRole("group", { name: "Repaired" });
  await expect(repaired).toContainText("UI block 1 was replaced: 1 error before, no errors now.");
  const wrong = repaired.getByRole("list", { name: "What was wrong with UI block 1" });
  const finding = wrong.locator('li[data-check="real data"]');
  await expect(finding).toHaveCount(1);
  await expect(finding.locator("code")).toHaveText("not_a_number");
  await expect(finding).toContainText("real data check");
  await expect(finding).toContainText("@Sum adds numbers, not boolean");
  await expect(repaired.getByRole("figure", { name: "UI block 1 as repaired" })).toContainText("@Count($failing)");
  await page.screenshot({ path: testInfo.outputPath("data-check-repair-inspector.png"), fullPage: true });

  // The reply as first written is the earlier version: its notes put the finding under the block, as the real data check's.
  await reply.getByRole("button", { name: "Previous version of this reply" }).click();
  const original = chat.lastReply();
  await expect(versionCount(original)).toHaveText("1/2");
  await chat.inspectorToggle(original).click();
  const block = chat.inspector(original).getByRole("group", { name: /^UI block 1 \(panel test-health\)/ });
  await expect(block.locator('li[data-code="not_a_number"] [data-check="real data"]')).toHaveText("real data check");
  await expect(block).toContainText("Found before the reply was shown, by trying the block on the project's real rows.");
});
