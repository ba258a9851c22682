/**
 * Issue 8, "Done when" 1: stopping or failing a silent update never harms
 * the panel. Stop during the sales dashboard's Refresh leaves the panel
 * exactly as it was (its DOM equal before, after and after a reload), the
 * panel says "Refresh stopped", the cut-short answer is stored silent, and
 * the chat still answers the next prompt. A refresh the provider fails
 * mid-fence leaves the panel as it was too and offers Retry, which sends
 * the same press again.
 */
import { expect, test, type Locator, type Response } from "@playwright/test";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { storedMessages } from "./support/database";

/**
 * The panel as drawn: its element's markup, to compare whole. React's
 * generated ids (`useId`, which tie labels to controls) follow the panel's
 * place among the thread's mounted parts, which the hidden silent turns
 * shift across a reload, so they are compared as a placeholder.
 */
async function panelMarkup(panel: Locator): Promise<string> {
  // The chart draws once it has measured its box; compare the panel only once it has.
  await expect(panel.locator(".recharts-legend-item")).toHaveCount(2);
  return (await panel.evaluate((element) => element.innerHTML)).replace(/_R_[0-9a-z]+_/g, "_R_id_");
}

/** Opens the sales dashboard and reloads, so the panel is drawn as a returning visit draws it. */
async function openDashboard(chat: ChatPage): Promise<Locator> {
  await chat.send("Show me the sales dashboard");
  await chat.waitForReplyEnd();
  await chat.page.reload();
  const panel = chat.panel("Sales — last 30 days");
  await expect(panel.getByRole("button", { name: "Refresh" })).toBeVisible();
  return panel;
}

test.beforeEach(async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
});

test("Stop during a silent refresh leaves the panel exactly as it was, says so, and the chat goes on", async ({ page }) => {
  const chat = new ChatPage(page);
  const panel = await openDashboard(chat);
  const before = await panelMarkup(panel);

  await panel.getByRole("button", { name: "Refresh" }).click();
  await expect(chat.thread.getByRole("status").filter({ hasText: "Updating…" })).toBeVisible();
  // Let part of the new fence arrive (the refresh streams for about six seconds), then stop it.
  await page.waitForTimeout(1_500);
  await chat.stopButton.click();
  await chat.waitForReplyEnd();

  const stoppedNote = chat.thread.getByRole("status").filter({ hasText: "Refresh stopped" });
  await expect(stoppedNote).toBeVisible();
  expect(await panelMarkup(chat.panel("Sales — last 30 days")), "the panel is the version it had").toBe(before);
  await expect(chat.thread).not.toContainText("shown again further down");
  await expect(chat.panel("Sales — last 30 days (refreshed)")).toHaveCount(0);
  await expect(chat.replies()).toHaveCount(1);
  await expect(chat.prompts()).toHaveCount(1);

  // The cut-short answer is kept for the model, silent, with the part of the fence that arrived.
  const stored = await storedMessages(chat.chatId());
  expect(stored.map((message) => [message.role, message.kind, message.silent, message.status])).toEqual([
    ["user", "prompt", false, "complete"],
    ["assistant", "prompt", false, "complete"],
    ["user", "action", true, "complete"],
    ["assistant", "prompt", true, "stopped"],
  ]);
  expect(stored[3]?.text).toContain('"id": "sales"');

  await page.reload();
  await expect(chat.thread.getByRole("status").filter({ hasText: "Refresh stopped" })).toBeVisible();
  expect(await panelMarkup(chat.panel("Sales — last 30 days")), "the panel is the version it had, after a reload").toBe(before);
  await expect(chat.replies()).toHaveCount(1);

  await chat.send("Show me the build status");
  await chat.waitForReplyEnd();
  await expect(chat.replies()).toHaveCount(2);
  await expect(chat.lastReply()).toContainText("Main is red", { timeout: REPLY_TIMEOUT_MS });
  expect(await panelMarkup(chat.panel("Sales — last 30 days"))).toBe(before);
});

test("a silent refresh the provider fails leaves the panel as it was and offers Retry, which sends the same press", async ({ page }) => {
  const chat = new ChatPage(page);
  const panel = await openDashboard(chat);
  // The 90-day refresh is the recording whose provider fails inside the fence; the choice is saved, and drawn from there after a reload.
  // Waited for by its value: a choice made while the reloaded page still hydrates can be lost (CI once saw
  // only a save of "30d"), so it is made again until the save of "90d" is seen.
  const savedNinetyDays = (response: Response) =>
    response.request().method() === "POST" &&
    response.request().headers()["next-action"] !== undefined &&
    (response.request().postData() ?? "").includes('"panelId":"sales"') &&
    (response.request().postData() ?? "").includes('"range":"90d"');
  await expect(async () => {
    const saved = page.waitForResponse(savedNinetyDays, { timeout: 3_000 });
    await panel.getByRole("combobox", { name: "Range" }).selectOption({ label: "Last 90 days" });
    await saved;
  }).toPass({ timeout: 20_000 });
  await page.reload();
  await expect(chat.panel("Sales — last 30 days").getByRole("combobox", { name: "Range" })).toHaveValue("90d");
  const before = await panelMarkup(chat.panel("Sales — last 30 days"));

  await chat.panel("Sales — last 30 days").getByRole("button", { name: "Refresh" }).click();
  await expect(chat.thread.getByRole("status").filter({ hasText: "Updating…" })).toBeVisible();
  await chat.waitForReplyEnd();
  const failedNote = chat.thread.getByRole("status").filter({ hasText: "Refresh failed" });
  await expect(failedNote).toBeVisible();
  expect(await panelMarkup(chat.panel("Sales — last 30 days"))).toBe(before);
  await expect(chat.panel("Sales — last 90 days")).toHaveCount(0);
  await expect(chat.replies()).toHaveCount(1);

  await failedNote.getByRole("button", { name: "Retry" }).click();
  await expect(chat.thread.getByRole("status").filter({ hasText: "Updating…" })).toBeVisible();
  await chat.waitForReplyEnd();
  await expect(chat.thread.getByRole("status").filter({ hasText: "Refresh failed" })).toBeVisible();
  const stored = await storedMessages(chat.chatId());
  expect(stored.map((message) => [message.role, message.silent, message.status])).toEqual([
    ["user", false, "complete"],
    ["assistant", false, "complete"],
    ["user", true, "complete"],
    ["assistant", true, "error"],
    ["user", true, "complete"],
    ["assistant", true, "error"],
  ]);
  expect(stored[4]?.text, "Retry sent the same envelope").toBe(stored[2]?.text);
  expect(JSON.parse(stored[4]?.text.replace("[octo-ui-action] ", "") ?? "")).toMatchObject({ panel: "sales", action: "refresh", fields: { range: "90d" } });

  await page.reload();
  await expect(chat.thread.getByRole("status").filter({ hasText: "Refresh failed" })).toBeVisible();
  expect(await panelMarkup(chat.panel("Sales — last 30 days"))).toBe(before);
});
