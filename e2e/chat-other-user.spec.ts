/**
 * Issue 4, "Done when" 4: another person's chat id is not found — by URL
 * (the page), by route handler (a fetch from the intruder's own page) and by
 * server action (the intruder's own action request, its chat id swapped for
 * the victim's on the way out) — and nothing changes for the victim.
 */
import { expect, test, type Page } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

/** What the policy says about a chat that is not yours (lib/errors.ts, `not_found:chat`). */
const NOT_FOUND_MESSAGE = "This chat does not exist, or it is not yours.";

/** Rewrites every server action request of `page`, replacing one chat id with another in its arguments. */
async function swapChatIdInActions(page: Page, from: string, to: string): Promise<{ swapped: () => number }> {
  let swapped = 0;
  await page.route("**/*", async (route) => {
    const request = route.request();
    const body = request.postData();
    if (request.method() !== "POST" || request.headers()["next-action"] === undefined || body === null || !body.includes(from)) {
      await route.fallback();
      return;
    }
    swapped += 1;
    await route.continue({ postData: body.split(from).join(to) });
  });
  return { swapped: () => swapped };
}

test("another person's chat is not found by page, route handler or server action", async ({ page, browser }) => {
  // The victim: a guest with one chat.
  await new SignInPage(page).continueAsGuest("/");
  const victim = new ChatPage(page);
  await victim.send("Re-run the failed tests");
  await victim.waitForReplyEnd();
  const victimChatId = victim.chatId();
  const victimTitle = await page.getByRole("heading", { level: 1 }).innerText();
  const storedBefore = await storedMessages(victimChatId);

  // The intruder: another guest, in a browser context of their own.
  const intruderContext = await browser.newContext();
  const intruderPage = await intruderContext.newPage();
  await new SignInPage(intruderPage).continueAsGuest("/");
  const intruder = new ChatPage(intruderPage);

  // By URL: the not-found page, with no hint whether the chat exists.
  const response = await intruderPage.goto(`/chat/${victimChatId}`);
  expect(response?.status()).toBe(404);
  await expect(intruderPage.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(intruderPage.getByText("Re-run the failed tests")).toHaveCount(0);

  // By route handler, from the intruder's own page.
  await intruderPage.goto("/");
  const fetched = await intruderPage.evaluate(async (chatId) => {
    const snapshot = await fetch(`/api/chats/${chatId}`);
    const stop = await fetch(`/api/chats/${chatId}/stop`, { method: "POST" });
    return { snapshot: { status: snapshot.status, body: await snapshot.json() }, stop: { status: stop.status, body: await stop.json() } };
  }, victimChatId);
  expect(fetched.snapshot).toEqual({ status: 404, body: { error: { code: "not_found:chat", message: NOT_FOUND_MESSAGE } } });
  expect(fetched.stop).toEqual({ status: 404, body: { error: { code: "not_found:chat", message: NOT_FOUND_MESSAGE } } });

  // By server action: the intruder's own requests, with the victim's chat id swapped in.
  await intruder.send("Re-run the failed tests");
  await intruder.waitForReplyEnd();
  const intruderChatId = intruder.chatId();
  const interception = await swapChatIdInActions(intruderPage, intruderChatId, victimChatId);

  await intruder.composer.fill("Show me the build status");
  await intruder.composer.press("Enter");
  await expect(intruder.alerts()).toContainText(NOT_FOUND_MESSAGE);
  await expect(intruder.composer, "the refused prompt is kept").toHaveValue("Show me the build status");

  const ownChat = intruder.chatList.getByRole("listitem").filter({ hasText: "Re-run the failed tests" });
  await ownChat.getByRole("button", { name: /^Rename/ }).click();
  await ownChat.getByRole("textbox").fill("Taken over");
  await ownChat.getByRole("button", { name: "Save" }).click();
  await expect(ownChat.getByRole("alert")).toContainText(NOT_FOUND_MESSAGE);
  expect(interception.swapped()).toBe(2);

  // Nothing changed for the victim.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(victimTitle);
  await expect(victim.prompts()).toHaveCount(1);
  await expect(victim.replies()).toHaveCount(1);
  expect(await storedMessages(victimChatId)).toEqual(storedBefore);
  await intruderContext.close();
});
