/**
 * Issue 4, "Done when" 5: the keyboard. Enter sends, Shift+Enter makes a
 * newline, Esc stops a streaming reply.
 */
import { expect, test } from "@playwright/test";
import { ChatList } from "./pages/chat-list";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

test("Enter sends, Shift+Enter makes a newline, Esc stops", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);

  // Shift+Enter: a newline, nothing sent.
  await chat.composer.click();
  await page.keyboard.type("Re-run the failed tests");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("only on main, please");
  await expect(chat.composer).toHaveValue("Re-run the failed tests\nonly on main, please");
  await expect(page).toHaveURL("/");

  // Enter: sent, both lines in the person's message, the composer empty again.
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/chat\//);
  await expect(chat.prompts()).toHaveCount(1);
  await expect(chat.prompts().first()).toHaveText(/Re-run the failed tests\s*only on main, please/);
  expect(await chat.prompts().first().locator("p").last().innerText()).toBe("Re-run the failed tests\nonly on main, please");
  await chat.waitForReplyEnd();
  await expect(chat.composer).toHaveValue("");

  // Esc, while a reply is written: stopped, what arrived kept.
  await chat.composer.fill("Simulate a slow reply");
  await chat.composer.press("Enter");
  await expect(chat.lastReply()).toContainText("This reply is deliberately slow", { timeout: REPLY_TIMEOUT_MS });
  await expect(chat.composer).toBeFocused();
  await page.keyboard.press("Escape");
  await chat.waitForReplyEnd();
  await expect(chat.lastReply()).toContainText("Stopped");
  await expect(chat.lastReply()).not.toContainText("That is the whole reply");
});

test("Esc stops the reply from a panel's control, not while a dialog is open or a chat is being renamed", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  const failedOnly = chat.replies().first().getByRole("switch", { name: "Failed only" });
  const settings = page.getByRole("dialog", { name: "Chat settings" });

  // A dialog is open: its Esc closes it and nothing more; the reply is written to its end.
  await chat.send("Simulate a slow reply");
  // The reply before reads the same: wait for the new one.
  await chat.waitForReplyStart();
  await expect(chat.lastReply()).toContainText("This reply is deliberately slow", { timeout: REPLY_TIMEOUT_MS });
  await page.getByRole("button", { name: /^Chat settings/ }).click();
  await expect(settings).toBeVisible();
  await expect(chat.stopButton).toBeAttached();
  await page.keyboard.press("Escape");
  await expect(settings).toBeHidden();
  await chat.waitForReplyEnd();
  await expect(chat.lastReply()).toContainText("That is the whole reply");
  await expect(chat.lastReply()).not.toContainText("Stopped");

  // Renaming a chat in the list: Esc leaves the rename (focus back on its button) and the reply goes on.
  await chat.send("Simulate a slow reply");
  // The reply before reads the same: wait for the new one.
  await chat.waitForReplyStart();
  await expect(chat.lastReply()).toContainText("This reply is deliberately slow", { timeout: REPLY_TIMEOUT_MS });
  const list = new ChatList(page);
  const rename = list.renameButton("Show me the build status");
  await rename.click();
  const newTitle = list.navigation.getByRole("textbox", { name: /^New title for/ });
  await expect(newTitle).toBeFocused();
  await expect(chat.stopButton).toBeAttached();
  await page.keyboard.press("Escape");
  await expect(newTitle).toBeHidden();
  await expect(rename).toBeFocused();
  await chat.waitForReplyEnd();
  await expect(chat.lastReply()).toContainText("That is the whole reply");
  await expect(chat.lastReply()).not.toContainText("Stopped");

  // Focus on a control of the earlier reply's panel: Esc stops the reply, what arrived kept.
  await chat.send("Simulate a slow reply");
  // The reply before reads the same: wait for the new one.
  await chat.waitForReplyStart();
  await expect(chat.lastReply()).toContainText("This reply is deliberately slow", { timeout: REPLY_TIMEOUT_MS });
  await failedOnly.focus();
  await expect(failedOnly).toBeFocused();
  await page.keyboard.press("Escape");
  await chat.waitForReplyEnd();
  await expect(chat.lastReply()).toContainText("Stopped");
  await expect(chat.lastReply()).not.toContainText("That is the whole reply");
});
