/**
 * A reply whose Markdown nests thousands of levels deep (quotes, lists,
 * brackets, emphasis) once killed its chat for good: the page threw
 * "Maximum call stack size exceeded" on the server and in the browser, and
 * after a reload showed an error page with no composer. Now the nested
 * parts show as plain text with a note, the page renders on the server with
 * its composer, and the chat goes on.
 */
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

/** The note the renderer puts over a part nested past its limits. */
const NESTED_NOTE = "This part is nested too deeply to format, so it is shown as plain text.";

test.beforeEach(async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
});

test("a stored reply nested thousands of levels deep reopens with its note and the composer, and the chat answers the next message", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const chat = new ChatPage(page);
  await chat.send("Simulate deeply nested markdown");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  // Quotes, lists, brackets and emphasis: each nested part shows plain, under its own note.
  await expect(chat.plainTextNotes(reply)).toHaveCount(4);
  await expect(reply.getByText(NESTED_NOTE).first()).toBeVisible();
  await expect(reply.getByText("That is the whole outline. Ask me for the build status next.", { exact: true })).toBeVisible();
  const stored = (await storedMessages(chat.chatId())).filter((message) => message.role === "assistant");
  expect(stored.map((message) => message.status)).toEqual(["complete"]);
  expect(stored[0]?.text).toContain(">".repeat(3_000));

  // The page the server sends holds the thread with the note, and the composer.
  const served = await page.request.get(`/chat/${encodeURIComponent(chat.chatId())}`);
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain('aria-label="Send a message"');
  expect(html).toMatch(/<textarea[^>]*>/);
  expect(html).toContain(NESTED_NOTE);
  expect(html).toContain("That is the whole outline.");

  await page.reload();
  await expect(chat.plainTextNotes(chat.lastReply())).toHaveCount(4);
  await expect(page.getByText("This page couldn’t load")).toHaveCount(0);
  await chat.composer.fill("Show me the build status");
  await expect(chat.sendButton, "the composer takes the next prompt").toBeEnabled();
  await chat.composer.fill("");

  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  await expect(chat.replies()).toHaveCount(2);
  await expect(chat.lastReply()).toContainText("Main is red");
  await expect(chat.plainTextNotes(chat.replies().first())).toHaveCount(4);
  expect(errors).toEqual([]);
});
