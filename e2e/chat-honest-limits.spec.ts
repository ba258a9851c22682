/**
 * Issue 12, "Honest limits": nothing typed or pasted is cut silently. A
 * 100,000-character paste stays whole in the composer, a counter and a
 * message say it is too long, Send stays disabled and Enter sends nothing;
 * trimmed to the limit it sends, and is stored whole.
 */
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

/** The server's limit (lib/chat/wire.ts `PROMPT_MAX_LENGTH`). */
const LIMIT = 32_000;

/** Sentences to paste: the stored message must end where the person's text does, not mid-sentence. */
function longText(length: number): string {
  const sentence = "Please summarize the failing tests on main and what they have in common. ";
  return sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length);
}

test("a paste over the limit is kept whole, counted and refused with a message; trimmed to the limit it sends whole", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);

  // A short prompt: no counter.
  await chat.composer.fill("Show me the build status");
  await expect(chat.characterCounter).toHaveCount(0);
  await chat.composer.fill("");

  // Paste 100,000 characters.
  const pasted = longText(100_000);
  await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
  await chat.composer.focus();
  await page.keyboard.press("ControlOrMeta+V");
  expect((await chat.composer.inputValue()).length, "nothing was cut").toBe(100_000);
  await expect(chat.characterCounter).toHaveText("Characters: 100,000 / 32,000");
  const message = chat.alerts().filter({ hasText: "too long to send" });
  await expect(message).toContainText("68,000 characters too long to send");
  await expect(message).toContainText("at most 32,000 characters");
  await expect(chat.sendButton).toBeDisabled();
  await expect(chat.composer).toHaveAttribute("aria-invalid", "true");
  // The counter is in the danger colour, the colour of the message.
  const dangerColour = await message.evaluate((element) => getComputedStyle(element).color);
  expect(await chat.characterCounter.evaluate((element) => getComputedStyle(element).color)).toBe(dangerColour);

  // Enter sends nothing: still the start page, no message, no chat.
  await chat.composer.press("Enter");
  await page.waitForTimeout(500);
  await expect(page).toHaveURL("/");
  await expect(chat.prompts()).toHaveCount(0);
  expect((await chat.composer.inputValue()).length).toBe(100_000);

  // Within the last tenth: the counter in the ordinary colour, no message.
  const nearLimit = longText(31_250);
  await chat.composer.fill(nearLimit);
  await expect(chat.characterCounter).toHaveText("Characters: 31,250 / 32,000");
  await expect(message).toHaveCount(0);
  expect(await chat.characterCounter.evaluate((element) => getComputedStyle(element).color)).not.toBe(dangerColour);
  await expect(chat.sendButton).toBeEnabled();

  // Trimmed to the limit: sendable, sent, and stored whole.
  const atLimit = pasted.slice(0, LIMIT);
  await chat.composer.fill(atLimit);
  await expect(chat.characterCounter).toHaveText("Characters: 32,000 / 32,000");
  await expect(chat.sendButton).toBeEnabled();
  await chat.sendButton.click();
  await page.waitForURL(/\/chat\/[^/]+$/);
  await expect(chat.prompts()).toHaveCount(1);
  await chat.waitForReplyEnd();
  await expect(chat.characterCounter).toHaveCount(0);
  const stored = await storedMessages(chat.chatId());
  expect(stored.filter((row) => row.role === "user").map((row) => row.text.length)).toEqual([LIMIT]);
});
