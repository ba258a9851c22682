/**
 * The chat at phone width (390×844) and on a desktop (1280×800), light and
 * dark, on the replay model, after replies with a chart, a table and a
 * diagram: no two visible controls (or header and composer parts) overlap and
 * the page never scrolls sideways — both computed from element boxes — and
 * the thread keeps at least 60% of the window's height. At phone width the
 * chat list is a drawer behind the header's "Chats" button and the header is
 * one row; both work by keyboard. Tables scroll inside their own box with a
 * cue, a diagram opens enlarged. The screenshots the README links are taken
 * here: they replace e2e/screenshots/*.png only with UPDATE_LAYOUT_SCREENSHOTS=1.
 */
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { PageLayout } from "./pages/page-layout";
import { SignInPage } from "./pages/sign-in-page";

// Two replies and four layouts per test: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;
/** The narrowest phone the layout is made for. */
const NARROWEST = { width: 360, height: 740 } as const;
const VIEWPORTS = [PHONE, DESKTOP] as const;
const COLOR_SCHEMES = ["light", "dark"] as const;

/** The committed screenshots the README links. */
const SCREENSHOTS = path.join(import.meta.dirname, "screenshots");

/** The least share of the window's height the thread keeps (the issue's bar, keyboard closed). */
const MIN_THREAD_SHARE = 0.6;

/** The least gap between the start page's cards and the window's edges at phone width. */
const MIN_SIDE_MARGIN_PX = 8;

/** "Jump to latest" floats over the thread on purpose (centred over the dock, only while scrolled up). */
const FLOATING = ["Jump to latest"];

/** A guest's chat with a chart and a table (the sales dashboard), then a diagram. */
async function chatWithPanels(page: Page): Promise<ChatPage> {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show me the sales dashboard");
  await chat.waitForReplyEnd();
  await expect(chat.panel("Sales — last 30 days").getByRole("img").first()).toBeVisible();
  await chat.send("Explain how a chat turn flows through the system");
  await chat.waitForReplyEnd();
  // Drawn in the diagram frame once the reply is complete: the frame's first drawing can take a while on a loaded machine.
  await expect(chat.lastReply().locator("figure[data-status='drawn']")).toBeVisible({ timeout: REPLY_TIMEOUT_MS });
  return chat;
}

/** The thread's scrolling box (the conversation area). */
function conversationArea(chat: ChatPage) {
  return chat.thread.locator("xpath=../..");
}

test("at 360, 390 and 1280 px, light and dark, with a chart, a table and a diagram (and while a reply streams): nothing overlaps, no sideways scroll, the thread keeps 60% of the height", async ({ page }) => {
  const chat = await chatWithPanels(page);
  const layout = new PageLayout(page);
  const panel = chat.panel("Sales — last 30 days");
  // The sales table (the chart's values are in a table of their own, visually hidden).
  const table = panel.getByRole("table").filter({ hasText: "Ana Souza" });
  const diagram = chat.lastReply().locator("figure[data-status='drawn']");
  for (const viewport of [NARROWEST, ...VIEWPORTS]) {
    for (const colorScheme of COLOR_SCHEMES) {
      const where = `${viewport.width}×${viewport.height} ${colorScheme}`;
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      // Where each part of the replies is in view, and at the end of the thread.
      for (const part of [panel.getByRole("img").first(), table, panel.getByRole("button", { name: "Refresh" }), diagram]) {
        await part.scrollIntoViewIfNeeded();
        expect(await layout.overlaps({ ignoreText: FLOATING }), `${where}, scrolled to a part`).toEqual([]);
        expect(await layout.horizontalOverflow(), where).toBeLessThanOrEqual(0);
      }
      await chat.composer.focus();
      expect(await layout.overlaps({ ignoreText: FLOATING }), where).toEqual([]);
      // The panels fit the column they are in.
      for (const part of [panel, diagram]) {
        const box = (await part.boundingBox())!;
        expect(box.x, where).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width);
      }
      const area = (await conversationArea(chat).boundingBox())!;
      expect(area.height / viewport.height, `${where}: the thread's share of the height`).toBeGreaterThanOrEqual(MIN_THREAD_SHARE);
    }
  }
  // While a reply streams the composer has Stop beside Send: still nothing overlaps, at the narrowest phone too.
  for (const viewport of [NARROWEST, PHONE]) {
    await page.setViewportSize(viewport);
    if (!(await chat.isStreaming())) await chat.send("Simulate a slow reply");
    await expect(chat.stopButton).toBeVisible();
    expect(await layout.overlaps({ ignoreText: FLOATING }), `${viewport.width} px, streaming`).toEqual([]);
    expect(await layout.horizontalOverflow()).toBeLessThanOrEqual(0);
  }
  await chat.stopButton.click();
  await chat.waitForReplyEnd();

  // The header is one row at phone width: every part of it on the same line.
  await page.setViewportSize(PHONE);
  const header = (await layout.header.boundingBox())!;
  for (const part of [layout.chatListButton, page.getByRole("banner").getByRole("link", { name: "Octo playground" }), layout.siteMenuButton]) {
    const box = (await part.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y);
    expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
  }
  expect(header.height).toBeLessThan(60);
});

test("at phone width the chat list is a drawer: the header's button opens it by keyboard, Esc closes it and gives focus back, opening a chat closes it", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  await page.setViewportSize(PHONE);
  const chat = new ChatPage(page);
  const layout = new PageLayout(page);
  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  const firstChat = chat.chatId();

  await expect(chat.chatList).toBeHidden();
  await expect(layout.chatListButton).toHaveAttribute("aria-expanded", "false");
  const drawerId = await layout.chatListButton.getAttribute("aria-controls");
  expect(drawerId).not.toBeNull();
  // Hidden while closed, so found by its markup, not its role.
  await expect(page.locator(`[id="${drawerId}"] nav[aria-label="Chats"]`)).toHaveCount(1);

  await layout.chatListButton.focus();
  await page.keyboard.press("Enter");
  await expect(layout.chatListButton).toHaveAttribute("aria-expanded", "true");
  await expect(chat.chatList).toBeVisible();
  // Focus goes in, to the open chat.
  await expect(chat.chatList.getByRole("link", { name: /build status/i })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(chat.chatList).toBeHidden();
  await expect(layout.chatListButton).toBeFocused();
  await expect(layout.chatListButton).toHaveAttribute("aria-expanded", "false");

  // Space opens it too; "New chat" leaves for the start page and the drawer closes.
  await page.keyboard.press(" ");
  await expect(chat.chatList).toBeVisible();
  await chat.chatList.getByRole("link", { name: "New chat" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/");
  await expect(chat.chatList).toBeHidden();
  await expect(layout.chatListButton).toHaveAttribute("aria-expanded", "false");

  // From the start page: focus goes to the list's first control; a chat opened from it closes it.
  await layout.chatListButton.click();
  await expect(chat.chatList.getByRole("link", { name: "New chat" })).toBeFocused();
  // The list runs New chat, the search box, then the chats.
  await page.keyboard.press("Tab");
  await expect(chat.chatList.getByRole("searchbox", { name: "Search chats" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(chat.chatList.getByRole("link", { name: /build status/i })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === `/chat/${encodeURIComponent(firstChat)}`);
  await expect(chat.chatList).toBeHidden();
  await expect(chat.lastReply().getByRole("table", { name: "All tests" })).toBeVisible();
  expect(await layout.horizontalOverflow()).toBeLessThanOrEqual(0);

  // On a desktop the list is beside the chat and the button is gone.
  await page.setViewportSize(DESKTOP);
  await expect(chat.chatList).toBeVisible();
  await expect(layout.chatListButton).toBeHidden();
  await expect(layout.siteMenuButton).toBeHidden();
  await expect(layout.sections).toBeVisible();
});

test("at phone width the header's sections and account are behind Menu, by keyboard too", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  await page.setViewportSize(PHONE);
  const layout = new PageLayout(page);
  const signOut = layout.header.getByRole("button", { name: "Sign out" });
  // The start page keeps a margin on both sides.
  const examples = page.getByRole("region", { name: "Example prompts" }).getByRole("button");
  await expect(examples.first()).toBeVisible();
  for (const example of await examples.all()) {
    const box = (await example.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(MIN_SIDE_MARGIN_PX);
    expect(PHONE.width - (box.x + box.width)).toBeGreaterThanOrEqual(MIN_SIDE_MARGIN_PX);
  }
  expect(await layout.overlaps()).toEqual([]);
  await expect(layout.sections).toBeHidden();
  await expect(signOut).toBeHidden();
  await layout.siteMenuButton.focus();
  await page.keyboard.press("Enter");
  await expect(layout.siteMenuButton).toHaveAttribute("aria-expanded", "true");
  await expect(layout.sections.getByRole("link", { name: "Compare" })).toBeVisible();
  await expect(signOut).toBeVisible();
  expect(await layout.overlaps()).toEqual([]);
  await page.keyboard.press("Tab");
  await expect(layout.sections.getByRole("link", { name: "Chat", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(layout.sections).toBeHidden();
  await expect(layout.siteMenuButton).toBeFocused();
  // Following a link in it closes it.
  await page.keyboard.press("Enter");
  await layout.sections.getByRole("link", { name: "Compare" }).click();
  await page.waitForURL((url) => url.pathname === "/compare");
  await expect(layout.sections).toBeHidden();
  expect(await layout.horizontalOverflow()).toBeLessThanOrEqual(0);
});

test("at phone width a wide table scrolls inside its box with a cue, and a diagram opens enlarged from the same drawing", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const chat = await chatWithPanels(page);
  const layout = new PageLayout(page);

  // The sales table (the chart's values are in a table of their own, visually hidden).
  const table = chat.panel("Sales — last 30 days").getByRole("table").filter({ hasText: "Ana Souza" });
  const box = table.locator("xpath=..");
  await box.scrollIntoViewIfNeeded();
  const widths = await box.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(widths.scroll, "the table is wider than the phone's column").toBeGreaterThan(widths.client);
  const hint = chat.panel("Sales — last 30 days").getByText("Scroll sideways for more →");
  await expect(hint).toBeVisible();
  await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(chat.panel("Sales — last 30 days").getByText("← Scroll back for the first columns")).toBeVisible();
  expect(await layout.horizontalOverflow()).toBeLessThanOrEqual(0);

  const figure = chat.lastReply().locator("figure[data-status='drawn']");
  const enlarge = figure.getByRole("button", { name: "Enlarge" });
  await enlarge.scrollIntoViewIfNeeded();
  // The figure's own drawing (the dialog inside the figure holds the enlarged copy).
  const inline = figure.locator(':scope > [role="img"] > svg');
  const inlineWidth = (await inline.boundingBox())!.width;
  await enlarge.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Diagram, enlarged" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  const enlarged = dialog.getByRole("img", { name: "Diagram" }).locator("svg");
  // The same cleaned drawing, not a second rendering of the model's source.
  expect(await enlarged.evaluate((svg) => svg.outerHTML)).toBe(await inline.evaluate((svg) => svg.outerHTML));
  const fitted = (await enlarged.boundingBox())!;
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await expect(dialog.getByText("200%")).toBeVisible();
  const zoomed = (await enlarged.boundingBox())!;
  expect(zoomed.width).toBeGreaterThan(fitted.width * 1.9);
  expect(zoomed.width).toBeGreaterThan(inlineWidth * 1.9);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(enlarge).toBeFocused();
  // Closed, the page holds one copy of the drawing again.
  await expect(page.locator("figure[data-status='drawn'] svg[id]")).toHaveCount(1);
});

test("the README's layout screenshots: the chat at 390 px and 1280 px, light and dark", async ({ page }, testInfo) => {
  const chat = await chatWithPanels(page);
  const layout = new PageLayout(page);
  const update = process.env.UPDATE_LAYOUT_SCREENSHOTS === "1";
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of COLOR_SCHEMES) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await chat.panel("Sales — last 30 days").getByRole("img").first().scrollIntoViewIfNeeded();
      await page.mouse.move(1, 1);
      const name = `chat-${viewport.width}-${colorScheme}.png`;
      await page.screenshot({ path: update ? path.join(SCREENSHOTS, name) : testInfo.outputPath(name) });
    }
  }
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: "light" });
  await layout.chatListButton.click();
  await expect(chat.chatList).toBeVisible();
  const name = "chat-390-light-chat-list.png";
  await page.screenshot({ path: update ? path.join(SCREENSHOTS, name) : testInfo.outputPath(name) });
});
