/**
 * Issue 12, per-message actions: regenerate and retry keep the earlier
 * version (‹ 1/2 › shows both), an edited and resent prompt forks the thread
 * and keeps the old branch — after a reload too — and copy puts a reply's
 * text on the clipboard. At 390×844 and 1280×800, light and dark, driven by
 * the replay model. Regenerating the same prompt replays the same recording,
 * so versions are told apart by their stored ids and their place in the
 * switcher, not by their words.
 */
import { expect, test, type Locator } from "@playwright/test";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

test.beforeEach(async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
});

/** The version count a message shows ("2/3"), read from its switcher. */
function versionCount(message: Locator): Locator {
  return message.getByRole("group", { name: /^Versions of this/ }).getByText(/^\d+\/\d+$/);
}

/** The stored message id an article draws. */
async function messageIdOf(message: Locator): Promise<string> {
  const id = await message.getAttribute("data-message-id");
  if (id === null) throw new Error("the article names no message");
  return id;
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`at ${width}x${height}, ${colorScheme}: regenerate and retry keep earlier versions, and an edit forks the thread and keeps the old branch across a reload`, async ({ page, context }, testInfo) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const chat = new ChatPage(page);

      // Regenerate: the new reply takes the old one's place; both stay, one ‹ › away.
      await chat.send("Show me the build status");
      await chat.waitForReplyEnd();
      await expect(chat.lastReply().getByRole("table", { name: "All tests" })).toBeVisible();
      const firstReplyId = await messageIdOf(chat.lastReply());
      await chat.lastReply().getByRole("button", { name: "Regenerate this reply" }).click();
      await chat.waitForReplyEnd();
      await expect(chat.replies()).toHaveCount(1);
      const reply = chat.lastReply();
      await expect(reply).toBeFocused();
      await expect(versionCount(reply)).toHaveText("2/2");
      const secondReplyId = await messageIdOf(reply);
      expect(secondReplyId).not.toBe(firstReplyId);
      await expect(reply.getByRole("table", { name: "All tests" })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`versions-regenerated-${width}-${colorScheme}.png`) });

      // By keyboard: the previous version comes back, and focus stays on the switcher.
      await reply.getByRole("button", { name: "Previous version of this reply" }).focus();
      await page.keyboard.press("Enter");
      await expect(versionCount(chat.lastReply())).toHaveText("1/2");
      expect(await messageIdOf(chat.lastReply())).toBe(firstReplyId);
      await expect(chat.lastReply().getByRole("button", { name: "Next version of this reply" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(versionCount(chat.lastReply())).toHaveText("2/2");
      expect(await messageIdOf(chat.lastReply())).toBe(secondReplyId);

      // Copy: the reply's text, its panel as plain text.
      await chat.lastReply().getByRole("button", { name: "Copy reply" }).click();
      await expect(chat.lastReply().getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain("billing");
      expect(copied).not.toContain("```");

      // Retry after an error: the failed reply stays as the earlier version.
      await chat.send("Simulate a provider error");
      await chat.waitForReplyEnd();
      await expect(chat.lastReply()).toContainText("Error:");
      const failedId = await messageIdOf(chat.lastReply());
      await chat.lastReply().getByRole("button", { name: "Retry this reply" }).click();
      await chat.waitForReplyEnd();
      await expect(versionCount(chat.lastReply())).toHaveText("2/2");
      await chat.lastReply().getByRole("button", { name: "Previous version of this reply" }).click();
      await expect(versionCount(chat.lastReply())).toHaveText("1/2");
      expect(await messageIdOf(chat.lastReply())).toBe(failedId);
      await expect(chat.lastReply()).toContainText("Error:");

      // Edit and resend the second prompt: the thread forks there; the old branch is kept.
      const secondPrompt = chat.prompts().nth(1);
      const oldPromptId = await messageIdOf(secondPrompt);
      await secondPrompt.getByRole("button", { name: "Edit this message" }).click();
      const editBox = secondPrompt.getByRole("textbox", { name: "Edited text" });
      await expect(editBox).toBeFocused();
      await editBox.fill("Show me the sales dashboard");
      await page.screenshot({ path: testInfo.outputPath(`versions-editing-${width}-${colorScheme}.png`) });
      await page.keyboard.press("Enter");
      await expect(chat.prompts().nth(1)).toContainText("Show me the sales dashboard");
      await expect(chat.composer).toBeFocused();
      await chat.waitForReplyEnd();
      await expect(chat.panel(/^Sales/, chat.lastReply())).toBeVisible({ timeout: REPLY_TIMEOUT_MS });
      await expect(versionCount(chat.prompts().nth(1))).toHaveText("2/2");
      await expect(chat.prompts()).toHaveCount(2);
      await chat.prompts().nth(1).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`versions-edited-${width}-${colorScheme}.png`) });

      // Stored as versions, not deletions: both prompts and all four replies are there.
      const stored = await storedMessages(chat.chatId());
      expect(stored.map((message) => message.role)).toEqual(["user", "assistant", "assistant", "user", "assistant", "assistant", "user", "assistant"]);
      expect(stored.map((message) => message.id)).toEqual(expect.arrayContaining([firstReplyId, secondReplyId, failedId, oldPromptId]));

      // After a reload the fork is still there, and the old branch comes back whole (with the version of its reply last shown).
      await page.reload();
      await expect(versionCount(chat.prompts().nth(1))).toHaveText("2/2");
      await expect(chat.prompts().nth(1)).toContainText("Show me the sales dashboard");
      await chat.prompts().nth(1).getByRole("button", { name: "Previous version of this message" }).click();
      await expect(chat.prompts().nth(1)).toContainText("Simulate a provider error");
      expect(await messageIdOf(chat.prompts().nth(1))).toBe(oldPromptId);
      await expect(versionCount(chat.prompts().nth(1))).toHaveText("1/2");
      await expect(versionCount(chat.lastReply())).toHaveText("2/2");
      await expect(chat.panel(/^Sales/)).toHaveCount(0);
      await page.reload();
      await expect(chat.prompts().nth(1)).toContainText("Simulate a provider error");
      await expect(versionCount(chat.prompts().nth(1))).toHaveText("1/2");
      await page.screenshot({ path: testInfo.outputPath(`versions-old-branch-${width}-${colorScheme}.png`) });

      // The page never scrolls sideways at phone width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
