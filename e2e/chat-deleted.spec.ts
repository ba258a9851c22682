/**
 * Deleting a chat tells its other tabs: while a reply is still being
 * written, the chat is deleted in one tab; the other says "This chat was
 * deleted" at once and leaves for the start page, where the chat is no
 * longer listed. Nothing of it is left in the database.
 */
import { expect, test } from "@playwright/test";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

test("a chat deleted in one tab says so in the other, which then leaves for the start page", async ({ page, context }) => {
  await new SignInPage(page).continueAsGuest("/");
  const first = new ChatPage(page);
  // The slow recording keeps the reply streaming while the second tab joins and the first deletes.
  await first.send("Simulate a slow reply");
  const chatId = first.chatId();
  const title = "Simulate a slow reply";

  const second = new ChatPage(await context.newPage());
  await second.page.goto(`/chat/${chatId}`);
  await expect(second.stopButton, "the second tab follows the reply being written").toBeVisible();
  await expect(second.lastReply()).toContainText("This reply is deliberately slow", { timeout: REPLY_TIMEOUT_MS });

  await first.chatList.getByRole("button", { name: `Delete “${title}”` }).click();
  await first.chatList.getByRole("group", { name: `Delete “${title}”?` }).getByRole("button", { name: "Delete" }).click();
  await first.page.waitForURL((url) => url.pathname === "/");

  await expect(second.page.getByRole("alert").filter({ hasText: "This chat was deleted" })).toBeVisible();
  await expect(second.thread, "the deleted chat's thread is gone").toHaveCount(0);
  await second.page.waitForURL((url) => url.pathname === "/");
  await expect(second.page.getByRole("heading", { name: /Welcome/ })).toBeVisible();
  await expect(second.chatList.getByRole("link", { name: title })).toHaveCount(0);
  await expect(first.chatList.getByRole("link", { name: title })).toHaveCount(0);
  expect(await storedMessages(chatId)).toEqual([]);
});
