/**
 * Issue 12: the demo bug-report form waits for its required fields (the
 * Submit button says which are missing and sends nothing), files once when
 * they are filled, and then shows it was sent: a second press files nothing,
 * in this view and after a reload.
 */
import { expect, test } from "@playwright/test";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

const SCREENSHOTS = process.env.E2E_OUTPUT_DIR ?? "../test-results";

test("the bug form waits for its required fields, files once, and its Submit is then spent", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("I want to report a bug");
  await chat.waitForReplyEnd();
  const chatId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  const form = chat.thread.getByRole("region", { name: "Report a bug" });
  const submit = form.getByRole("button", { name: "Submit" });

  // Empty: the button waits and says for what, on the page and to a screen reader.
  await expect(submit).toHaveAttribute("aria-disabled", "true");
  await expect(form.getByText("Fill in Summary and Steps to reproduce first")).toBeVisible();
  await expect(submit).toHaveAccessibleDescription("Fill in Summary and Steps to reproduce first");
  for (const [width, height, colorScheme] of [
    [390, 844, "light"],
    [390, 844, "dark"],
    [1280, 800, "light"],
    [1280, 800, "dark"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme });
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/demo-form-empty-${width}x${height}-${colorScheme}.png` });
  }
  // Playwright will not click an aria-disabled button unless forced; a person's click lands all the same.
  await submit.click({ force: true });
  await submit.focus();
  await page.keyboard.press("Enter");
  expect((await storedMessages(chatId)).length, "an empty form filed nothing").toBe(2);

  await form.getByRole("textbox", { name: "Summary" }).fill("Export button does nothing");
  await expect(form.getByText("Fill in Steps to reproduce first")).toBeVisible();
  await form.getByRole("textbox", { name: "Steps to reproduce" }).fill("   ");
  await expect(submit).toHaveAttribute("aria-disabled", "true");
  await form.getByRole("textbox", { name: "Steps to reproduce" }).fill("Open a report, press Export.");
  await expect(submit).not.toHaveAttribute("aria-disabled", "true");

  await submit.click();
  await expect(chat.thread.getByText("Filed as BUG-4127")).toBeVisible({ timeout: REPLY_TIMEOUT_MS });
  await chat.waitForReplyEnd();
  // Spent: it says it was sent, and pressing it again files nothing.
  const spent = chat.thread.getByRole("region", { name: "Report a bug" }).getByRole("button", { name: "Submit" });
  await expect(spent).toHaveAttribute("aria-disabled", "true");
  await expect(spent).toHaveAccessibleDescription("Sent — the answer is in the chat");
  for (const [width, height, colorScheme] of [
    [390, 844, "dark"],
    [1280, 800, "light"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SCREENSHOTS}/demo-form-sent-${width}x${height}-${colorScheme}.png` });
  }
  await spent.click({ force: true });
  await spent.click({ force: true });
  const afterFiling = await storedMessages(chatId);
  expect(afterFiling.filter((message) => message.role === "user" && message.kind === "action")).toHaveLength(1);
  expect(afterFiling).toHaveLength(4);

  // After a reload the thread still knows the button was pressed.
  await page.reload();
  const reloaded = chat.thread.getByRole("region", { name: "Report a bug" }).getByRole("button", { name: "Submit" });
  await expect(reloaded).toHaveAccessibleDescription("Sent — the answer is in the chat");
  await reloaded.click({ force: true });
  expect(await storedMessages(chatId)).toHaveLength(4);
  await expect(chat.thread.getByText("Filed as BUG-4127")).toHaveCount(1);
});
