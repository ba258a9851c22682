/**
 * Issue 12, "Settings" (per person): the theme is chosen in Preferences (the
 * account menu), applies at once, is kept for the person (a guest too) and
 * comes back after a reload already in the first HTML (no flash: the server
 * sets it), and an explicit choice wins over the system's; "Same as this
 * device" follows the system again. The model for new chats is kept too and
 * is what the start page's model picker starts with. At 390×844 and
 * 1280×800.
 */
import { expect, test, type Page } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { PreferencesDialog } from "./pages/settings-dialogs";
import { SignInPage } from "./pages/sign-in-page";

const SCREENSHOTS = process.env.E2E_OUTPUT_DIR ?? "../test-results";

/** The page background of each theme (app/globals.css, --color-background). */
const BACKGROUND = { light: "rgb(247, 247, 248)", dark: "rgb(21, 22, 26)" } as const;

function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/** The `<html>` the server sends for `path`, before any script ran (the session cookie is the page's). */
async function serverHtmlTag(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.ok()).toBe(true);
  return /<html[^>]*>/.exec(await response.text())?.[0] ?? "";
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the theme choice applies at once, wins over the system's and survives a reload (${viewport.width}×${viewport.height})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: "light" });
    await new SignInPage(page).continueAsGuest("/");
    const preferences = new PreferencesDialog(page);
    expect(await background(page)).toBe(BACKGROUND.light);
    expect(await serverHtmlTag(page, "/")).toContain('data-theme="system"');

    // Dark while the system is light: at once, and said.
    await preferences.open();
    await expect(preferences.theme("Same as this device")).toBeChecked();
    await preferences.theme("Dark").check();
    await expect(preferences.status).toHaveText("Saved. Theme: dark.");
    expect(await background(page)).toBe(BACKGROUND.dark);
    await page.screenshot({ path: `${SCREENSHOTS}/theme-dark-${viewport.width}x${viewport.height}.png` });
    await preferences.done.click();
    await expect(preferences.dialog).toBeHidden();
    await expect(preferences.opener).toBeFocused();

    // A reload: dark in the server's own HTML, so the first paint is dark.
    expect(await serverHtmlTag(page, "/")).toContain('data-theme="dark"');
    await page.reload();
    expect(await background(page)).toBe(BACKGROUND.dark);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

    // Light while the system is dark, by keyboard: the choice wins.
    await page.emulateMedia({ colorScheme: "dark" });
    await preferences.open();
    await preferences.theme("Dark").focus();
    // The radios run "Same as this device", "Light", "Dark": one step back from Dark is Light.
    await page.keyboard.press("ArrowLeft");
    await expect(preferences.theme("Light")).toBeChecked();
    await expect(preferences.status).toHaveText("Saved. Theme: light.");
    expect(await background(page)).toBe(BACKGROUND.light);
    await page.keyboard.press("Escape");
    await page.reload();
    expect(await background(page)).toBe(BACKGROUND.light);

    // Back to the device's: follows the system (dark now), and after a reload too.
    await preferences.open();
    await preferences.theme("Same as this device").check();
    await expect(preferences.status).toHaveText("Saved. Theme: same as this device.");
    expect(await background(page)).toBe(BACKGROUND.dark);
    await page.reload();
    expect(await background(page)).toBe(BACKGROUND.dark);
    expect(await serverHtmlTag(page, "/")).toContain('data-theme="system"');
  });
}

test("the model for new chats is kept and starts the next new chat", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  const preferences = new PreferencesDialog(page);
  const defaultModel = await chat.modelPicker.inputValue();
  await preferences.open();
  await expect(preferences.modelForNewChats).toHaveValue(defaultModel);
  const other = await preferences.modelForNewChats.locator("option").evaluateAll(
    (options, current) => options.map((option) => ({ value: (option as HTMLOptionElement).value, label: option.textContent ?? "" })).find((option) => option.value !== current),
    defaultModel,
  );
  expect(other, "the replay personas give a second model to pick").toBeDefined();
  await preferences.modelForNewChats.selectOption(other!.value);
  await expect(preferences.status).toHaveText(`Saved. New chats start with ${other!.label}.`);
  await preferences.done.click();

  await page.reload();
  await expect(chat.modelPicker).toHaveValue(other!.value);
  // The first message's chat is made with it.
  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  await expect(chat.modelPicker).toHaveValue(other!.value);
});

test("a diagram is drawn in the chosen theme, and again when the choice changes", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  const preferences = new PreferencesDialog(page);
  await chat.send("Explain how a chat turn flows through the system");
  await chat.waitForReplyEnd();
  const diagram = chat.lastReply().getByRole("img", { name: "Diagram", exact: true });
  await expect(diagram).toBeVisible({ timeout: 30_000 });
  /** The colours the drawing's shapes are filled with, as the page draws them. */
  const fills = () => diagram.evaluate((canvas) => [...canvas.querySelectorAll("rect, path, polygon")].map((shape) => getComputedStyle(shape).fill).join(" "));
  const drawnLight = await fills();

  // Dark while the system is light: redrawn in dark.
  await preferences.open();
  await preferences.theme("Dark").check();
  await expect(preferences.status).toHaveText("Saved. Theme: dark.");
  await page.keyboard.press("Escape");
  await expect.poll(fills, { timeout: 30_000 }).not.toBe(drawnLight);
  const drawnDark = await fills();

  // After a reload it is drawn dark from the start.
  await page.reload();
  await expect(diagram).toBeVisible({ timeout: 30_000 });
  await expect.poll(fills, { timeout: 30_000 }).toBe(drawnDark);

  // The device's theme again (light): redrawn light.
  await preferences.open();
  await preferences.theme("Same as this device").check();
  await expect(preferences.status).toHaveText("Saved. Theme: same as this device.");
  await page.keyboard.press("Escape");
  await expect.poll(fills, { timeout: 30_000 }).toBe(drawnLight);
});
