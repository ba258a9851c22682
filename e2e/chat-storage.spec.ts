/**
 * Security issue, part 3: text the database will store, no silent loss. A
 * reply holding characters Postgres refuses (a NUL, half of a surrogate
 * pair, in its text and in its card) is shown and kept, with the
 * replacement said in its inspector; a call to a tool nobody offered is shown
 * in the inspector as refused; a reply the database will not store whole is
 * kept as its text, marked as an error; one it will not store at all is
 * shown with an error until a reload, and the chat goes on.
 */
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { refuseReplies, storedMessages } from "./support/database";

test.beforeEach(async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
});

test("a reply with a NUL and half an emoji is shown, kept across a reload, and says what was replaced", async ({ page }, testInfo) => {
  const chat = new ChatPage(page);
  await chat.send("Simulate unstorable characters");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  await expect(reply).toContainText("a NUL between these arrows →\uFFFD←");
  await expect(reply).toContainText("half of an emoji between these →\uFFFD←");
  await expect(reply).toContainText("the last half of an emoji ends this line: \uFFFD");
  await expect(chat.panel("Card with a NUL\uFFFD in its title", reply)).toContainText("The spec held a NUL between these arrows →\uFFFD←");
  await expect(reply).not.toContainText("Error:");
  const notes = chat.inspectorToggle(reply);
  await expect(notes).toContainText("some characters were replaced");
  await notes.click();
  await expect(chat.inspectorFindings(reply, "text_replaced")).toContainText("5 characters the database cannot store");
  const shown = await reply.innerText();

  await page.reload();
  await expect(chat.lastReply()).toContainText("Each is kept as a replacement character");
  await chat.inspectorToggle(chat.lastReply()).click();
  expect(await chat.lastReply().innerText()).toBe(shown);
  const stored = (await storedMessages(chat.chatId())).filter((message) => message.role === "assistant");
  expect(stored.map((message) => message.status)).toEqual(["complete"]);
  expect(stored[0]?.text).toContain("→\uFFFD←");
  await chat.page.screenshot({ path: testInfo.outputPath("unstorable-characters-1280-light.png") });
});

test("a call to a tool the app never offered is listed as refused in the reply's inspector, and the reply is whole", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.send("Simulate an unknown tool call");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  await expect(reply).toContainText("I will remove the stale branches now.");
  await expect(reply).toContainText("no such tool is available here");
  await expect(chat.inspectorToggle(reply)).toHaveText("Notes: 1 tool request was refused");
  await chat.inspectorToggle(reply).click();
  const entry = chat.inspectorFindings(reply, "unknown_tool");
  await expect(entry).toContainText('The call to a tool named "delete_branches" was refused');
  await expect(entry).toContainText("tool call 1 (delete_branches)");
  await page.reload();
  await chat.inspectorToggle(chat.lastReply()).click();
  await expect(chat.inspectorFindings(chat.lastReply(), "unknown_tool")).toContainText("delete_branches");
});

test("a reply the database will not store whole is kept as its text; one it will not store at all is shown until a reload, and the chat goes on", async ({ page }, testInfo) => {
  const chat = new ChatPage(page);
  await chat.send("Summarize the current incident");
  await chat.waitForReplyEnd();
  const chatId = chat.chatId();

  // The database refuses any reply of this chat with a card: the full store fails, the text alone is kept.
  const undoCards = await refuseReplies(chatId, "NEW.genui is not null");
  try {
    await chat.send("Summarize the current incident");
    await chat.waitForReplyEnd();
    const partial = chat.lastReply();
    await expect(partial).toContainText("Error: This reply could not be saved whole; its text is kept.");
    await expect(partial).toContainText("INC-2291 (SEV-2, checkout in the EU region) is mitigated");
    await expect(chat.panel("INC-2291 · Checkout latency", partial)).toHaveCount(0);
  } finally {
    await undoCards();
  }

  // The database refuses every reply of this chat: the person still sees the text, with the error, until a reload.
  const undoAll = await refuseReplies(chatId);
  try {
    await chat.send("Show me the build status");
    await chat.waitForReplyEnd();
    const lost = chat.lastReply();
    await expect(lost).toContainText("Error: This reply could not be saved. Its text is shown until you reload the page, but it is not kept.");
    // The text as it arrived (its blocks as source: a reply that is not kept has no final trees).
    await expect(lost).toContainText("All three failures touch invoice rounding");
    await expect(lost).toContainText('<Summary>Run #1842 on main');
    await expect(chat.replies()).toHaveCount(3);
    await page.screenshot({ path: testInfo.outputPath("not-saved-1280-light.png") });
  } finally {
    await undoAll();
  }

  await page.reload();
  await expect(chat.prompts()).toHaveCount(3);
  await expect(chat.replies()).toHaveCount(2);
  await expect(chat.lastReply()).toContainText("Error: This reply could not be saved whole; its text is kept.");
  expect((await storedMessages(chatId)).map((message) => `${message.role} ${message.status}`)).toEqual([
    "user complete",
    "assistant complete",
    "user complete",
    "assistant error",
    "user complete",
  ]);
  // The chat is free: the next prompt gets its reply, stored.
  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  await expect(chat.lastReply().getByRole("table", { name: "All tests" })).toBeVisible();
  await expect(chat.lastReply()).not.toContainText("Error:");
  await expect(chat.replies()).toHaveCount(3);
});

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`screenshots at ${width}x${height}, ${colorScheme}: replaced characters and a refused tool call in the inspector, a reply not saved`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      const chat = new ChatPage(page);
      await chat.send("Simulate unstorable characters");
      await chat.waitForReplyEnd();
      await chat.inspectorToggle(chat.lastReply()).click();
      await chat.lastReply().scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`unstorable-${width}-${colorScheme}.png`) });
      await chat.send("Simulate an unknown tool call");
      await chat.waitForReplyEnd();
      await chat.inspectorToggle(chat.lastReply()).click();
      await page.screenshot({ path: testInfo.outputPath(`unknown-tool-${width}-${colorScheme}.png`) });
      const undo = await refuseReplies(chat.chatId());
      try {
        await chat.send("Simulate a provider error");
        await chat.waitForReplyEnd();
        await expect(chat.lastReply()).toContainText("This reply could not be saved.");
        await page.screenshot({ path: testInfo.outputPath(`not-saved-${width}-${colorScheme}.png`) });
      } finally {
        await undo();
      }
    });
  }
}
