/**
 * Issue 4, "Done when" 2: a reload in the middle of a reply and a second tab
 * both show the live reply where it is, and end on the same final panel;
 * the database holds exactly one final tree for that reply.
 */
import { expect, test } from "@playwright/test";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

test("a reload mid-stream and a second tab follow the live reply to the same final panel, stored once", async ({ page, context }) => {
  await new SignInPage(page).continueAsGuest("/");
  const first = new ChatPage(page);
  // The slow recording waits before its first word and stalls between parts: time enough for a second tab and a reload.
  await first.send("Simulate a slow reply");
  const chatId = first.chatId();

  const second = new ChatPage(await context.newPage());
  await second.page.goto(`/chat/${chatId}`);
  await expect(second.stopButton, "the second tab joins the reply while it is written").toBeVisible();
  await expect(second.lastReply()).toContainText("This reply is deliberately slow", { timeout: REPLY_TIMEOUT_MS });
  await expect(second.lastReply()).toHaveAttribute("aria-busy", "true");

  await expect(first.lastReply()).toContainText("This reply is deliberately slow");
  await page.reload();
  await expect(first.lastReply(), "the reply is still being written after the reload").toHaveAttribute("aria-busy", "true");
  await expect(first.stopButton).toBeVisible();
  await expect(first.lastReply()).toContainText("This reply is deliberately slow");

  await first.waitForReplyEnd();
  await second.waitForReplyEnd();
  for (const view of [first, second]) {
    const reply = view.lastReply();
    await expect(reply).toContainText("That is the whole reply");
    await expect(reply.getByRole("progressbar", { name: /Migrating accounts/ })).toBeVisible();
    await expect(reply.getByText("Switch reads to the new table")).toBeVisible();
    await expect(view.replies()).toHaveCount(1);
    await expect(view.prompts()).toHaveCount(1);
  }
  expect(await second.lastReply().innerText()).toBe(await first.lastReply().innerText());

  const stored = await storedMessages(chatId);
  const replies = stored.filter((message) => message.role === "assistant");
  expect(replies, "exactly one stored reply").toHaveLength(1);
  const [reply] = replies;
  expect(reply?.status).toBe("complete");
  expect(reply?.text).toContain("That is the whole reply");
  const blocks = reply?.ui as { complete: boolean; revision?: number }[] | null;
  expect(blocks, "exactly one final tree").toHaveLength(1);
  expect(blocks?.[0]?.complete).toBe(true);
  expect(blocks?.[0]?.revision).toBeGreaterThanOrEqual(1);
});
