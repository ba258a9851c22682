/**
 * Issue 12, "per-chat document title": each chat's tab is titled after the
 * chat, follows a rename live, and never tells anyone else that a chat
 * exists — another person's chat and a missing one both get the default title.
 */
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

/** The root layout's default title. */
const DEFAULT_TITLE = "Octo playground";

test("a chat's tab is titled after it, follows a rename, and another person sees only the default title", async ({ page, browser }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  const chatId = chat.chatId();
  await expect(page).toHaveTitle("Show me the build status · Octo playground");

  // From the server's first render too.
  await page.reload();
  await expect(page).toHaveTitle("Show me the build status · Octo playground");

  // Renamed from the chat list: the tab follows without a reload.
  const item = chat.chatList.getByRole("listitem").filter({ hasText: "Show me the build status" });
  await item.getByRole("button", { name: /^Rename/ }).click();
  await item.getByRole("textbox").fill("Release checks");
  await item.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Release checks");
  await expect(page).toHaveTitle("Release checks · Octo playground");

  // Another person: not found, and the title says nothing of the chat.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await new SignInPage(other).continueAsGuest("/");
  const response = await other.goto(`/chat/${chatId}`);
  expect(response?.status()).toBe(404);
  await expect(other).toHaveTitle(DEFAULT_TITLE);
  expect(await other.content()).not.toContain("Release checks");

  // A chat that does not exist: the same.
  const missing = await other.goto("/chat/no-such-chat");
  expect(missing?.status()).toBe(404);
  await expect(other).toHaveTitle(DEFAULT_TITLE);
  await otherContext.close();
});
