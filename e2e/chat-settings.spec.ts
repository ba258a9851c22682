/**
 * Issue 12, "Settings" (per chat): a chat's instructions and temperature are
 * set in the "Chat settings" dialog by keyboard or pointer, a mistake is
 * named under its field and nothing is stored, a saved change says so,
 * survives a reload and is what the chat's next reply is generated with
 * (the replay model cannot show a temperature, so the stored settings are
 * checked; lib/chat/core/chat-settings-service.pglite.test.ts checks they
 * reach the model call). Settings chosen before a new chat's first message
 * apply to it. At 390×844 and 1280×800, light and dark.
 */
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { ChatSettingsDialog } from "./pages/settings-dialogs";
import { SignInPage } from "./pages/sign-in-page";
import { withDatabase } from "./support/database";

const SCREENSHOTS = process.env.E2E_OUTPUT_DIR ?? "../test-results";

/** The settings column of a chat, as stored. */
function storedSettings(chatId: string): Promise<unknown> {
  return withDatabase(async (sql) => (await sql<{ settings: unknown }[]>`select settings from chats where id = ${chatId}`)[0]?.settings ?? null);
}

for (const viewport of [
  { width: 390, height: 844, colorScheme: "dark" as const },
  { width: 1280, height: 800, colorScheme: "light" as const },
]) {
  test(`chat settings: a mistake is named, a saved change reloads and is stored for the next reply (${viewport.width}×${viewport.height}, ${viewport.colorScheme})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: viewport.colorScheme });
    await new SignInPage(page).continueAsGuest("/");
    const chat = new ChatPage(page);
    await chat.send("Show me the build status");
    await chat.waitForReplyEnd();
    const chatId = chat.chatId();
    const settings = new ChatSettingsDialog(page);

    // A temperature out of range: named under the field, focus on it, nothing stored.
    await settings.open();
    await settings.fillAndSave({ instructions: "Answer in French.", temperature: "5" });
    await expect(settings.temperature).toBeFocused();
    await expect(settings.temperature).toHaveAttribute("aria-invalid", "true");
    await expect(settings.dialog).toContainText("Temperature is a number from 0 to 2, such as 0.7.");
    await expect(settings.status).toHaveText("");
    expect(await storedSettings(chatId)).toBeNull();

    // Fixed, by keyboard: saved, and the dialog says so.
    await settings.temperature.fill("");
    await page.keyboard.type("0,4");
    await page.keyboard.press("Enter");
    await expect(settings.status).toHaveText("Saved. The next reply uses them.");
    await expect(settings.temperature).not.toHaveAttribute("aria-invalid", "true");
    await expect(settings.temperature).toHaveValue("0.4");
    expect(await storedSettings(chatId)).toEqual({ systemAddition: "Answer in French.", temperature: 0.4 });
    await page.screenshot({ path: `${SCREENSHOTS}/chat-settings-${viewport.width}x${viewport.height}-${viewport.colorScheme}.png` });

    // Escape closes it, focus back on its button, which now says the chat has its own settings.
    await page.keyboard.press("Escape");
    await expect(settings.dialog).toBeHidden();
    await expect(settings.opener).toBeFocused();
    await expect(settings.opener).toHaveAccessibleName("Chat settings (own instructions, temperature 0.4)");

    // A reload shows what is stored.
    await page.reload();
    await settings.open();
    await expect(settings.instructions).toHaveValue("Answer in French.");
    await expect(settings.temperature).toHaveValue("0.4");
    await settings.close.click();
    await expect(settings.dialog).toBeHidden();

    // The next reply is generated in this chat with them (still stored as saved after it).
    await chat.send("Show me the sales dashboard");
    await chat.waitForReplyEnd();
    await expect(chat.lastReply()).toContainText("Sales");
    expect(await storedSettings(chatId)).toEqual({ systemAddition: "Answer in French.", temperature: 0.4 });

    // Emptied again: the model's defaults.
    await settings.open();
    await settings.fillAndSave({ instructions: "", temperature: "" });
    await expect(settings.status).toHaveText("Saved. The next reply uses them.");
    expect(await storedSettings(chatId)).toEqual({});
  });
}

test("settings chosen before a new chat's first message apply to it", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  const settings = new ChatSettingsDialog(page);
  await settings.open();
  await expect(settings.dialog).toContainText("they apply from your first message");
  await settings.fillAndSave({ instructions: "Keep answers short.", temperature: "1.2" });
  await expect(settings.status).toHaveText("Saved. They apply from your first message.");
  await settings.close.click();
  await expect(settings.dialog).toBeHidden();

  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  expect(await storedSettings(chat.chatId())).toEqual({ systemAddition: "Keep answers short.", temperature: 1.2 });
  await settings.open();
  await expect(settings.instructions).toHaveValue("Keep answers short.");
  await expect(settings.temperature).toHaveValue("1.2");
});
