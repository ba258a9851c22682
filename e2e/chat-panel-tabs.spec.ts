/**
 * Two tabs of one person on the same panel: each saves only what it changed,
 * so a tab opened before the other's edit does not undo it when it saves its
 * own — after a reload the panel shows both tabs' edits.
 */
import { expect, test, type Locator, type Page, type Response } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

/** The rows of the panel's sales table (the plot has a table of its own, for screen readers), header included. */
function salesRows(panel: Locator): Locator {
  return panel.getByRole("table").filter({ has: panel.page().getByRole("columnheader", { name: /Rep/ }) }).getByRole("row");
}

/** Resolves once the tab has saved the sales panel's state (saves follow a short pause after an edit). */
function panelSaved(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === "POST" && response.request().headers()["next-action"] !== undefined && (response.request().postData() ?? "").includes('"panelId":"sales"'),
  );
}

const PANEL_TITLE = "Sales — last 30 days";

test("two tabs edit different fields of one panel, and a reload shows both edits", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const first = new ChatPage(page);
  await first.send("Show me the sales dashboard");
  await first.waitForReplyEnd();
  await expect(first.panel(PANEL_TITLE)).toBeVisible();

  // The second tab opens the chat before the first edits anything: its own view of the panel never holds the first tab's edit.
  const secondPage = await page.context().newPage();
  await secondPage.goto(`/chat/${encodeURIComponent(first.chatId())}`);
  const second = new ChatPage(secondPage);
  await expect(second.panel(PANEL_TITLE)).toBeVisible();

  const firstSaved = panelSaved(page);
  await first.panel(PANEL_TITLE).getByRole("textbox", { name: "Filter by region" }).fill("north");
  await expect(salesRows(first.panel(PANEL_TITLE))).toHaveCount(3);
  await firstSaved;

  const secondSaved = panelSaved(secondPage);
  await second.panel(PANEL_TITLE).getByRole("combobox", { name: "Range" }).selectOption("90d");
  const slider = second.panel(PANEL_TITLE).getByRole("slider", { name: "Monthly target (k$)" });
  await slider.focus();
  await slider.press("End");
  await expect(slider).toHaveValue("300");
  await expect(second.panel(PANEL_TITLE).getByText("Short of target")).toBeVisible();
  // The second tab still shows every row: the filter was typed in the other tab.
  await expect(salesRows(second.panel(PANEL_TITLE))).toHaveCount(9);
  await secondSaved;

  for (const tab of [first, second]) {
    await tab.page.reload();
    const panel = tab.panel(PANEL_TITLE);
    await expect(panel.getByRole("textbox", { name: "Filter by region" }), "the first tab's filter survives the second tab's save").toHaveValue("north");
    await expect(salesRows(panel)).toHaveCount(3);
    await expect(panel.getByRole("combobox", { name: "Range" })).toHaveValue("90d");
    await expect(panel.getByRole("slider", { name: "Monthly target (k$)" })).toHaveValue("300");
    await expect(panel.getByText("Short of target")).toBeVisible();
  }
  await secondPage.close();
});
