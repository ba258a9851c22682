/**
 * Auto-scroll never fights the reader: a long reply is followed while the
 * reader is at the bottom; once they scroll up they stay where they are, and
 * "Jump to latest" brings them back and follows again.
 */
import { expect, test } from "@playwright/test";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

test("a reader who scrolled up is never pulled down; Jump to latest follows again", async ({ page }) => {
  // The reply is long on purpose, and a busy machine makes it longer.
  test.setTimeout(150_000);
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  // A 200 KB reply at 5,000 characters a second: the thread grows for some 40 seconds, time
  // enough to scroll up and read on a busy machine (the 10-second one had ended by then).
  await chat.send("Simulate a long reply to read");
  await expect.poll(async () => (await chat.scrollPosition()).top, { timeout: REPLY_TIMEOUT_MS }).toBeGreaterThan(2_000);
  // Measured between two frames the bottom may be a frame behind; it must catch up.
  await expect.poll(async () => (await chat.scrollPosition()).belowView, { message: "followed while at the bottom" }).toBeLessThan(50);
  await expect(chat.jumpToLatest).toBeHidden();

  const box = await chat.composer.boundingBox();
  if (!box) throw new Error("the composer is not on screen");
  // Over the thread, just above the composer.
  await page.mouse.move(box.x + box.width / 2, box.y - 100);
  // On a loaded machine Chromium can drop a wheel gesture while the thread grows; the reader scrolls again, as a person would.
  await expect(async () => {
    await page.mouse.wheel(0, -800);
    await expect(chat.jumpToLatest).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const parked = (await chat.scrollPosition()).top;
  expect(await chat.isStreaming(), "the reply still grows while the reader is parked").toBe(true);
  await page.waitForTimeout(1_500);
  const later = await chat.scrollPosition();
  expect(Math.abs(later.top - parked), "not pulled down").toBeLessThanOrEqual(1);
  expect(later.belowView).toBeGreaterThan(800);

  await chat.jumpToLatest.click();
  await expect(chat.jumpToLatest).toBeHidden();
  await expect(chat.stopButton).toBeHidden({ timeout: 120_000 });
  await expect.poll(async () => (await chat.scrollPosition()).belowView).toBeLessThan(50);
});
