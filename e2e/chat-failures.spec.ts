/**
 * Issue 4, "Done when" 3: Stop keeps the partial reply (marked stopped, and
 * still there after a reload); a provider error mid-stream shows an error and
 * keeps the text that arrived; a malformed block shows its fallback and a
 * diagnostic, and the page stays usable.
 */
import { expect, test } from "@playwright/test";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

test.beforeEach(async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
});

test("Stop keeps the partial reply, marked stopped, across a reload", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.send("Simulate a slow reply");
  await expect(chat.lastReply()).toContainText("This reply is deliberately slow", { timeout: REPLY_TIMEOUT_MS });
  await chat.stopButton.click();
  await chat.waitForReplyEnd();

  const reply = chat.lastReply();
  await expect(reply).toContainText("Stopped");
  await expect(reply).toContainText("This reply is deliberately slow");
  await expect(reply).not.toContainText("That is the whole reply");
  const partial = await reply.innerText();

  await page.reload();
  await expect(chat.lastReply()).toContainText("Stopped");
  expect(await chat.lastReply().innerText()).toBe(partial);
  const stored = (await storedMessages(chat.chatId())).filter((message) => message.role === "assistant");
  expect(stored.map((message) => message.status)).toEqual(["stopped"]);
  expect(stored[0]?.text.length).toBeGreaterThan(0);
  await expect(chat.sendButton).toBeDisabled();
  await chat.composer.fill("Show me the build status");
  await expect(chat.sendButton, "the chat takes the next prompt").toBeEnabled();
});

test("a provider error mid-stream shows an error and keeps the partial text", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.send("Simulate a provider error");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  await expect(reply).toContainText("Error:");
  await expect(reply).toContainText("Here is the weekly deploy summary");
  // The block the error cut short is kept as far as it came.
  await expect(reply.getByText("Deploys", { exact: true })).toBeVisible();
  await page.reload();
  await expect(chat.lastReply()).toContainText("Error:");
  await expect(chat.lastReply()).toContainText("Here is the weekly deploy summary");
});

test("a malformed block shows its fallback and a diagnostic, and the chat goes on", async ({ page }) => {
  const chat = new ChatPage(page);
  await chat.send("Show me some malformed UI");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  // What could be drawn is drawn; what could not stands as a clear fallback.
  await expect(reply.getByText("Three services are healthy, one is degraded.")).toBeVisible();
  await expect(reply.getByText("This part could not be shown").first()).toBeVisible();
  // The JSON panel keeps its valid nodes; the unknown node and the javascript: link are dropped, never drawn.
  await expect(reply.getByRole("region", { name: "Services" })).toContainText("degraded");
  await expect(reply.getByRole("link", { name: "Runbook" })).toHaveCount(0);

  // The inspector: "Notes: 3 parts could not be shown, …", expanding to each finding, grouped by part.
  const toggle = chat.inspectorToggle(reply);
  await expect(toggle).toHaveText(/^Notes: \d+ parts? could not be shown/);
  const counted = ((await toggle.innerText()).match(/\d+/g) ?? []).map(Number).reduce((sum, count) => sum + count, 0);
  expect(counted).toBeGreaterThanOrEqual(4);
  await toggle.click();
  await expect(chat.inspectorFindings(reply)).toHaveCount(counted);
  await expect(reply.getByRole("group", { name: /^UI block 1\b/ }).getByText(/^line \d+$/).first()).toBeVisible();
  await expect(reply.getByRole("group", { name: /^JSON panel \d/ }).first()).toBeVisible();
  await expect(chat.inspectorFindings(reply, "unknown_type")).toContainText("items[1]");

  // The page stays usable: the next prompt gets its reply.
  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  await expect(chat.replies()).toHaveCount(2);
  await expect(chat.lastReply().getByRole("table", { name: "All tests" })).toBeVisible();
});
