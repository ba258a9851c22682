/**
 * Two tabs of one person on the same panel (of either dialect): each saves
 * only what it changed, so a tab opened before the other's edit does not
 * undo it when it saves its own — after a reload the panel shows both tabs'
 * edits.
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

test("two tabs edit different state variables of one ```ui panel, and a reload shows both edits", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const first = new ChatPage(page);
  await first.send("Help me write my standup update");
  await first.waitForReplyEnd();
  await expect(first.lastReply().getByRole("textbox", { name: "Yesterday" })).toBeVisible();
  const secondPage = await page.context().newPage();
  await secondPage.goto(`/chat/${encodeURIComponent(first.chatId())}`);
  const second = new ChatPage(secondPage);
  await expect(second.lastReply().getByRole("textbox", { name: "Today" })).toBeVisible();

  // A ```ui block draws every variable, defaults included: the second tab's save must still carry only what it changed.
  const firstSaved = standupSaved(page);
  await first.lastReply().getByRole("textbox", { name: "Yesterday" }).fill("Shipped the merge");
  await firstSaved;
  const secondSaved = standupSaved(secondPage);
  await second.lastReply().getByRole("textbox", { name: "Today" }).fill("Review the patch");
  await second.lastReply().getByRole("checkbox", { name: "Tests pass on my branch" }).check();
  await secondSaved;

  for (const tab of [first, second]) {
    await tab.page.reload();
    const reply = tab.lastReply();
    await expect(reply.getByRole("textbox", { name: "Yesterday" }), "the first tab's answer survives the second tab's save").toHaveValue("Shipped the merge");
    await expect(reply.getByRole("textbox", { name: "Today" })).toHaveValue("Review the patch");
    await expect(reply.getByRole("checkbox", { name: "Tests pass on my branch" })).toBeChecked();
  }
  await secondPage.close();
});

/** Resolves once the tab has saved the standup panel's state. */
function standupSaved(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) => response.request().method() === "POST" && response.request().headers()["next-action"] !== undefined && (response.request().postData() ?? "").includes('"panelId":"standup"'),
  );
}
