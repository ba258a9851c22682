/**
 * Issue 8, versioned panels: the sales panel updated three times (Refresh,
 * Refresh for the last 7 days, a restore of version 1) lists its four
 * versions with what made each, shows the structural diff of an earlier one
 * against the current one, and restores as a new version — after a reload
 * too. A second tab that missed the updates (its live channel held) presses
 * Refresh on version 1: the server refuses it, the panel says it has changed
 * and shows the current version, and nothing is stored. At 1280×800 light and
 * 390×844 dark, driven by the keyboard where a person would.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

/** The frame of the panel with id `panelId`: the panel, its notes and its actions (history, copy). */
function panelFrame(page: Page, panelId: string): Locator {
  return new ChatPage(page).thread.locator(`[data-panel="${panelId}"]`);
}

/** The history toggle of a panel ("Version 3 of 4"). */
function historyToggle(frame: Locator): Locator {
  return frame.getByRole("button", { name: /^Version \d+ of \d+$/ });
}

const SCREENS = [
  { name: "1280×800 light", viewport: { width: 1280, height: 800 }, colorScheme: "light" as const },
  { name: "390×844 dark", viewport: { width: 390, height: 844 }, colorScheme: "dark" as const },
];

for (const screen of SCREENS) {
  test(`a panel updated three times shows its versions, a diff and a restore; a stale tab's press is refused in the panel (${screen.name})`, async ({ page, context }) => {
    await page.setViewportSize(screen.viewport);
    await page.emulateMedia({ colorScheme: screen.colorScheme });
    await new SignInPage(page).continueAsGuest("/");
    const chat = new ChatPage(page);
    await chat.send("Show me the sales dashboard");
    await chat.waitForReplyEnd();
    const frame = panelFrame(page, "sales");
    await expect(chat.panel("Sales — last 30 days")).toBeVisible();
    // One version: nothing to list yet.
    await expect(historyToggle(frame)).toHaveCount(0);

    // A second tab of the same person, whose live channel never answers: it keeps showing version 1.
    const stale = await context.newPage();
    await stale.setViewportSize(screen.viewport);
    await stale.emulateMedia({ colorScheme: screen.colorScheme });
    // Its first connection is held open with nothing sent; a later one (the reconnect a refusal asks for) goes through.
    let held = false;
    await stale.route(/\/api\/chats\/[^/]+\/events/, (route) => {
      if (held) return route.continue();
      held = true;
    });
    await stale.goto(page.url());
    const staleChat = new ChatPage(stale);
    await expect(staleChat.panel("Sales — last 30 days")).toBeVisible();

    // Update 1: Refresh. Update 2: Refresh for the last 7 days.
    await chat.panel("Sales — last 30 days").getByRole("button", { name: "Refresh" }).click();
    await expect(chat.panel("Sales — last 30 days (refreshed)")).toBeVisible({ timeout: 20_000 });
    await chat.waitForReplyEnd();
    await chat.panel("Sales — last 30 days (refreshed)").getByRole("combobox", { name: "Range" }).selectOption("7d");
    await chat.panel("Sales — last 30 days (refreshed)").getByRole("button", { name: "Refresh" }).click();
    await expect(chat.panel("Sales — last 7 days")).toBeVisible({ timeout: 20_000 });
    await chat.waitForReplyEnd();

    // The history, opened by keyboard: newest first, each with what made it.
    const toggle = historyToggle(frame);
    await expect(toggle).toHaveAccessibleName("Version 3 of 3");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const history = frame.getByRole("region", { name: "Versions of this panel" });
    const entries = history.getByRole("listitem").filter({ hasText: /^Version \d/ });
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText("Version 3");
    await expect(entries.nth(0)).toContainText("current");
    await expect(entries.nth(0)).toContainText("After “Refresh”");
    await expect(entries.nth(2)).toContainText("First shown");

    // The diff of version 1 against the current one: the title and the figures that changed.
    await history.getByRole("button", { name: "Compare version 1 with the current one" }).click();
    const diff = history.getByRole("region", { name: "Changes from version 1 to version 3" });
    await expect(diff).toContainText(/From version 1 to version 3: \d+ changes/);
    await expect(diff.getByRole("list", { name: "Changes from version 1 to version 3" })).toContainText("Sales — last 7 days");
    await expect(diff).toContainText("Sales — last 30 days");
    await page.screenshot({ path: `../test-results/panel-versions-${screen.colorScheme}-${screen.viewport.width}.png`, fullPage: false });

    // Update 3: restore version 1, by keyboard. It is a new version; nothing is rewritten.
    await history.getByRole("button", { name: "Restore version 1" }).focus();
    await page.keyboard.press("Enter");
    await expect(chat.panel("Sales — last 30 days")).toBeVisible({ timeout: 20_000 });
    await chat.waitForReplyEnd();
    await expect(toggle).toHaveAccessibleName("Version 4 of 4");
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText("Restored version 1");
    await expect(chat.replies()).toHaveCount(1);
    await expect(chat.prompts()).toHaveCount(1);
    const stored = await storedMessages(chat.chatId());
    expect(stored.map((message) => [message.role, message.kind, message.silent])).toEqual([
      ["user", "prompt", false],
      ["assistant", "prompt", false],
      ["user", "action", true],
      ["assistant", "prompt", true],
      ["user", "action", true],
      ["assistant", "prompt", true],
      ["user", "action", true],
      ["assistant", "prompt", true],
    ]);
    // The model is told what the person did, in the thread it reads next time.
    expect(stored[6]?.text).toContain('restored panel "sales" to its version 1');

    // The stale tab presses Refresh on version 1: refused in the panel, which then shows the current version.
    await expect(historyToggle(panelFrame(stale, "sales")), "the stale tab still shows version 1").toHaveCount(0);
    await staleChat.panel("Sales — last 30 days").getByRole("button", { name: "Refresh" }).click();
    const staleFrame = panelFrame(stale, "sales");
    await expect(staleFrame.getByRole("alert")).toHaveText("This panel has changed since you saw it. Here is its current version.");
    await expect(historyToggle(staleFrame)).toHaveAccessibleName("Version 4 of 4");
    expect(await staleChat.isStreaming()).toBe(false);
    expect(await storedMessages(chat.chatId())).toHaveLength(8);
    await stale.screenshot({ path: `../test-results/panel-versions-stale-${screen.colorScheme}-${screen.viewport.width}.png` });
    await stale.close();

    // After a reload the history is the same.
    await page.reload();
    await expect(historyToggle(panelFrame(page, "sales"))).toHaveAccessibleName("Version 4 of 4");
  });
}
