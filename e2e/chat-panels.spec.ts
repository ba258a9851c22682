/**
 * Addressable panels: a silent panel update (the sales dashboard's Refresh
 * button) replaces the panel in place with no new message drawn, and the
 * panel's state (a field the person filled) survives a reload and the
 * refresh. A panel without an id sends a visible action turn, drawn as the
 * button pressed and the values sent.
 */
import { expect, test, type Locator } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

/** The rows of the panel's sales table (the plot has a table of its own, for screen readers). */
function salesRows(panel: Locator): Locator {
  return panel.getByRole("table").filter({ has: panel.page().getByRole("columnheader", { name: /Rep/ }) }).getByRole("row");
}

test("Refresh updates the panel in place, silently, and its state survives a reload", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show me the sales dashboard");
  await chat.waitForReplyEnd();
  const panel = chat.panel("Sales — last 30 days");
  await expect(panel).toBeVisible();

  // State: a filter, saved for the panel and restored after a reload.
  const filter = panel.getByRole("textbox", { name: "Filter by region" });
  // The state is saved after a short pause; wait for that save before reloading.
  const saved = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.request().headers()["next-action"] !== undefined && (response.request().postData() ?? "").includes('"panelId":"sales"'),
  );
  await filter.fill("north");
  await expect(salesRows(panel)).toHaveCount(3);
  await saved;
  await page.reload();
  await expect(chat.panel("Sales — last 30 days").getByRole("textbox", { name: "Filter by region" }), "the filter survives a reload").toHaveValue("north");
  await expect(salesRows(chat.panel("Sales — last 30 days"))).toHaveCount(3);

  // Refresh: a silent turn; the panel updates where it stands, nothing new is drawn.
  await chat.panel("Sales — last 30 days").getByRole("button", { name: "Refresh" }).click();
  // While the silent reply streams, the panel says it is updating and no reply is drawn.
  await expect(chat.thread.getByRole("status").filter({ hasText: "Updating…" })).toBeVisible();
  expect(await chat.isStreaming()).toBe(true);
  await expect(chat.replies()).toHaveCount(1);
  const refreshed = chat.panel("Sales — last 30 days (refreshed)");
  await expect(refreshed).toBeVisible({ timeout: 20_000 });
  await expect(refreshed).toContainText("$186.1k");
  await expect(chat.prompts()).toHaveCount(1);
  await expect(chat.replies()).toHaveCount(1);
  await expect(chat.panel("Sales — last 30 days")).toHaveCount(0);
  // The state carried over to the new revision.
  await expect(refreshed.getByRole("textbox", { name: "Filter by region" })).toHaveValue("north");
  await expect(salesRows(refreshed)).toHaveCount(3);

  // The silent turn and its reply are stored, marked silent, and still never drawn after a reload.
  const stored = await storedMessages(chat.chatId());
  expect(stored.map((message) => [message.role, message.kind, message.silent])).toEqual([
    ["user", "prompt", false],
    ["assistant", "prompt", false],
    ["user", "action", true],
    ["assistant", "prompt", true],
  ]);
  // The envelope was written by the server from the stored button, with the fields the panel holds.
  expect(JSON.parse(stored[2]?.text.replace("[octo-ui-action] ", "") ?? "")).toMatchObject({ panel: "sales", action: "refresh", fields: { region: "north", range: "30d" }, payload: {} });
  await page.reload();
  await expect(chat.panel("Sales — last 30 days (refreshed)")).toBeVisible();
  await expect(chat.replies()).toHaveCount(1);
  await expect(chat.prompts()).toHaveCount(1);
  await expect(chat.thread).not.toContainText("[octo-ui-action]");
});

test("a ```ui panel keeps what the person set across a reload", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  const saved = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.request().headers()["next-action"] !== undefined && (response.request().postData() ?? "").includes('"panelId":"build"'),
  );
  await chat.lastReply().getByRole("switch", { name: "Failed only" }).check();
  await expect(chat.lastReply().getByRole("table", { name: "Failed tests" })).toBeVisible();
  await saved;
  await page.reload();
  await expect(chat.lastReply().getByRole("switch", { name: "Failed only" })).toBeChecked();
  await expect(chat.lastReply().getByRole("table", { name: "Failed tests" }).getByRole("row")).toHaveCount(4);
});

test("a panel without an id sends a visible action turn, drawn as the button pressed and the values sent", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Ask me for playground feedback");
  await chat.waitForReplyEnd();
  const panel = chat.panel("Quick feedback");
  await panel.getByRole("textbox", { name: "What worked, or did not?" }).fill("Panels update in place");
  await panel.getByRole("radio", { name: "Great" }).check();
  await panel.getByRole("button", { name: "Send feedback" }).click();

  await expect(chat.prompts()).toHaveCount(2);
  const turn = chat.prompts().last();
  await expect(turn).toContainText("Pressed “Send feedback”");
  await expect(turn.getByRole("list", { name: "Values sent" }).getByRole("listitem")).toHaveText(["What worked, or did not?: Panels update in place", "Rating: Great"]);
  await expect(turn).not.toContainText("[octo-ui-action]");
  await chat.waitForReplyEnd();
  await expect(chat.lastReply()).toContainText("your feedback is with the team");

  const stored = await storedMessages(chat.chatId());
  expect(stored.map((message) => [message.role, message.kind, message.silent])).toEqual([
    ["user", "prompt", false],
    ["assistant", "prompt", false],
    ["user", "action", false],
    ["assistant", "prompt", false],
  ]);
  await page.reload();
  await expect(chat.prompts().last()).toContainText("Pressed “Send feedback”");
});
