/**
 * Issue 12: a guest who signs out is asked first, told what happens to their
 * chats, and offered an account that keeps them; "Sign out anyway" leaves the
 * chats stored (until the retention period ends), and the chat's old link
 * then says plainly that a guest's chats belong to the guest session.
 */
import { expect, test } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { GuestSignOutDialog } from "./pages/guest-sign-out-dialog";
import { SignInPage } from "./pages/sign-in-page";
import { SignUpPage } from "./pages/sign-up-page";
import { storedMessages, withDatabase } from "./support/database";

const SCREENSHOTS = process.env.E2E_OUTPUT_DIR ?? "../test-results";

/** Continues as a guest and has one short chat; returns the chat's path. */
async function guestWithChat(page: import("@playwright/test").Page): Promise<string> {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show me a standup update");
  await page.waitForURL(/\/chat\//);
  await chat.waitForReplyEnd();
  return new URL(page.url()).pathname;
}

test("a guest's sign-out asks first; Escape and Cancel keep the session, focus back on Sign out", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const signOut = new GuestSignOutDialog(page);
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await signOut.open();
      await expect(signOut.dialog).toContainText("Your chats belong to this guest session");
      await expect(signOut.dialog).toContainText("deleted after 30 days");
      await expect(signOut.createAccount).toBeFocused();
      await page.screenshot({ path: `${SCREENSHOTS}/guest-sign-out-${width}x${height}-${colorScheme}.png` });
      await page.keyboard.press("Escape");
      await expect(signOut.dialog).toBeHidden();
      await expect(signOut.signOutButton).toBeFocused();
    }
  }
  // Focus stays inside while it is open: Tab runs through its three choices (and the browser's own chrome), never the page behind.
  await signOut.open();
  for (let step = 0; step < 4; step += 1) {
    await page.keyboard.press("Tab");
    const inside = await page.evaluate(() => document.activeElement === document.body || Boolean(document.activeElement?.closest("dialog")));
    expect(inside, `focus after ${step + 1} Tab(s)`).toBe(true);
  }
  await signOut.cancel.click();
  await expect(signOut.dialog).toBeHidden();
  await expect(signOut.signOutButton).toBeFocused();
  await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
});

test("creating an account from the question keeps the guest's chats", async ({ page }) => {
  const chatPath = await guestWithChat(page);
  const signOut = new GuestSignOutDialog(page);
  await signOut.open();
  await signOut.createAccount.click();
  await new SignUpPage(page).signUp({ name: "Kept", email: `kept-${Date.now()}@example.test`, password: "a long enough password" });
  const chat = new ChatPage(page);
  await expect(chat.chatList.getByRole("link", { name: /standup/i })).toBeVisible();
  await page.goto(chatPath);
  await expect(chat.lastReply()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Chat not found" })).toHaveCount(0);
});

test("signing out anyway leaves the chats stored; the old link says guest chats belong to the guest session", async ({ page }) => {
  const chatPath = await guestWithChat(page);
  const chatId = decodeURIComponent(chatPath.split("/").pop() ?? "");
  const signOut = new GuestSignOutDialog(page);
  await signOut.open();
  await signOut.signOutAnyway.click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  // Stored until the retention sweep removes it, not at sign-out.
  expect((await storedMessages(chatId)).length).toBeGreaterThanOrEqual(2);
  const guests = await withDatabase((sql) => sql`select users.is_anonymous from chats join users on users.id = chats.user_id where chats.id = ${chatId}`);
  expect([...guests]).toEqual([{ is_anonymous: true }]);

  // The old link, in a new guest session: not this guest's, and the page says why a guest's chat cannot come back.
  await new SignInPage(page).continueAsGuest(chatPath);
  await expect(page.getByRole("heading", { name: "Chat not found" })).toBeVisible();
  await expect(page.getByText("A chat started as a guest belongs to that guest session.")).toBeVisible();
});
