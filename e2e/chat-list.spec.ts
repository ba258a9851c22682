/**
 * The chat list as people keep using it, on the replay model: a search finds
 * a chat by a word only its reply holds (and says so when nothing matches;
 * Esc clears it), a second tab's list follows chats created, renamed and
 * deleted in the first without a reload, chats sit under "Today", a long title
 * shows whole on focus, and deleting by keyboard leaves focus in the list —
 * at 390×844 and 1280×800, light and dark.
 */
import { expect, test, type Page } from "@playwright/test";
import { ChatList } from "./pages/chat-list";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

const SCREENSHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/screenshots` : "../test-results/screenshots";

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** Starts a new chat from the start page with `prompt` and waits for its reply to end. */
async function newChat(page: Page, prompt: string): Promise<void> {
  const chat = new ChatPage(page);
  if (new URL(page.url()).pathname !== "/") await page.goto("/");
  await chat.send(prompt);
  await chat.waitForReplyEnd();
}

test("search finds a chat by a word only its reply holds, says when nothing matches, and Esc clears it", async ({ page }) => {
  // Two replies, then four widths and schemes.
  test.setTimeout(180_000);
  await new SignInPage(page).continueAsGuest("/");
  // "billing" is only in the build status reply (three failing billing tests), not in either prompt.
  await newChat(page, "Show me the build status");
  await newChat(page, "Summarize the current incident");
  const list = new ChatList(page);

  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto("/");
      await list.open();
      await list.search.fill("billing");
      await expect(list.result("Show me the build status")).toBeVisible();
      await expect(list.searchResults.getByRole("link")).toHaveCount(1);
      await expect(list.searchResults.locator("mark").first()).toHaveText(/^billing$/i);
      await expect(list.searchStatus).toHaveText("1 chat found");
      // While searching, the results stand in for the list.
      await expect(list.chat("Summarize the current incident")).toHaveCount(0);
      const overflow = await list.navigation.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, "the list never scrolls sideways").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SCREENSHOTS}/chat-list-search-${viewport.width}x${viewport.height}-${colorScheme}.png` });

      await list.search.fill("billing zebra");
      await expect(list.searchStatus).toHaveText("No chats match “billing zebra”.");
      await expect(list.searchResults).toHaveCount(0);

      await list.search.press("Escape");
      await expect(list.search).toHaveValue("");
      await expect(list.search).toBeFocused();
      await expect(list.chat("Summarize the current incident")).toBeVisible();
    }
  }

  // By keyboard: a prefix of the word, ↓ to the result, Enter opens the chat.
  await page.setViewportSize(VIEWPORTS[1]);
  await page.goto("/");
  await list.search.fill("bill");
  await expect(list.result("Show me the build status")).toBeVisible();
  await list.search.press("ArrowDown");
  await expect(list.result("Show me the build status")).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/chat\/[^/]+$/);
  await expect(new ChatPage(page).prompts().first()).toContainText("Show me the build status");
});

test("a second tab's list follows chats created, renamed and deleted in the first, without a reload", async ({ page, context }) => {
  await new SignInPage(page).continueAsGuest("/");
  const second = await context.newPage();
  await second.goto("/");
  const secondList = new ChatList(second);
  await secondList.open();
  await expect(secondList.navigation.getByText("No chats yet.")).toBeVisible();

  await newChat(page, "Show me the build status");
  await expect(secondList.chat("Show me the build status")).toBeVisible();
  await expect(secondList.group("Today").getByRole("link", { name: "Show me the build status" })).toBeVisible();

  const firstList = new ChatList(page);
  await firstList.open();
  await firstList.renameButton("Show me the build status").click();
  await page.getByRole("textbox", { name: "New title for “Show me the build status”" }).fill("Billing failures");
  await page.keyboard.press("Enter");
  await expect(firstList.chat("Billing failures")).toBeFocused();
  await expect(secondList.chat("Billing failures")).toBeVisible();
  await expect(secondList.chat("Show me the build status")).toHaveCount(0);

  await firstList.deleteButton("Billing failures").click();
  await firstList.confirmDelete("Billing failures").getByRole("button", { name: "Delete", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(firstList.newChat, "with no chat left, focus waits on New chat").toBeFocused();
  await expect(secondList.chat("Billing failures")).toHaveCount(0);
  await expect(secondList.navigation.getByText("No chats yet.")).toBeVisible();
  expect(new URL(second.url()).pathname, "the second tab never left its page").toBe("/");
});

test("chats sit under Today, a long title shows whole on focus, and a keyboard delete leaves focus in the list", async ({ page }) => {
  // Three replies, then four widths and schemes.
  test.setTimeout(180_000);
  // Under the 80 characters a title keeps, and longer than two lines of the list at either width.
  const longTitle = "Summarize the current incident for the on-call rotation and each follow-up owner";
  await new SignInPage(page).continueAsGuest("/");
  await newChat(page, "Show me the build status");
  await newChat(page, longTitle);
  await newChat(page, "Re-run the failed tests");
  const list = new ChatList(page);
  const title = list.chat(longTitle);
  // The link's text is clamped in its own box (the link's padding would show a third line's top).
  const cut = () =>
    title.evaluate((element) => {
      const text = element.firstElementChild ?? element;
      return text.scrollHeight - text.clientHeight;
    });

  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto("/");
      await list.open();
      await expect(list.heading("Today")).toBeVisible();
      await expect(list.group("Today").getByRole("link")).toHaveCount(3);
      await page.mouse.move(viewport.width - 1, viewport.height - 1);
      await list.search.focus();
      expect(await cut(), "unfocused, the long title is cut to two lines").toBeGreaterThan(0);
      // Tab from the search box down the list to the long title.
      for (let step = 0; step < 10 && !(await title.evaluate((element) => element === document.activeElement)); step += 1) await page.keyboard.press("Tab");
      await expect(title).toBeFocused();
      expect(await cut(), "focused, the title shows whole").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SCREENSHOTS}/chat-list-${viewport.width}x${viewport.height}-${colorScheme}.png` });
    }
  }

  // Delete the middle chat by keyboard: focus starts on Cancel (Esc goes back), then lands on the next chat.
  await list.deleteButton(longTitle).focus();
  await page.keyboard.press("Enter");
  const question = list.confirmDelete(longTitle);
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(list.deleteButton(longTitle)).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Shift+Tab");
  await expect(question.getByRole("button", { name: "Delete", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(list.chat(longTitle)).toHaveCount(0);
  await expect(list.chat("Show me the build status")).toBeFocused();

  // The last two: focus goes to the one left, then to New chat.
  for (const [deleted, next] of [
    ["Show me the build status", list.chat("Re-run the failed tests")],
    ["Re-run the failed tests", list.newChat],
  ] as const) {
    await list.deleteButton(deleted).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(list.chat(deleted)).toHaveCount(0);
    await expect(next).toBeFocused();
  }
  await expect(list.navigation.getByText("No chats yet.")).toBeVisible();
});
