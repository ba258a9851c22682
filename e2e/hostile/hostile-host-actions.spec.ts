/**
 * Host actions only with the person (issue 25, items 4–8), played from the
 * hostile model (e2e/hostile/cases/host-actions.ts) into the production build
 * in Chromium, each as the person it is about, and checked in the database:
 *
 * - a maintainer of the demo project asks what 2 + 2 is and the model files
 *   an issue and re-runs the tests: both must be proposals naming what and as
 *   whom, nothing done; Dismiss does nothing, Confirm — from two tabs at once
 *   — files one issue; the stored reply says so after a reload (item 4);
 * - two file_issue calls beside a render_ui card with a 300-character
 *   tool-call id: the stored reply keeps a line for each (item 5);
 * - a reply that filed an issue, regenerated with a trailing space in the
 *   body: one issue, and the new version says it was already done (item 6);
 * - a guest's and a viewer's model re-run the shared demo project's tests:
 *   refused with the reason, no run added (item 7);
 * - a blind comparison pane files issues and writes a file: nothing is filed
 *   or written (item 8).
 *
 * What the spec adds to the demo project is removed at the end.
 */
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { ChatPage } from "../pages/chat-page";
import { ComparePage } from "../pages/compare-page";
import { SignInPage } from "../pages/sign-in-page";
import { SignUpPage } from "../pages/sign-up-page";
import { withDatabase } from "../support/database";
import { HOST_ACTION_CASE_IDS, REGENERATED_ISSUE } from "./cases/host-actions";
import { hostilePrompt } from "./hostile-case";
import { HOSTILE_MODEL_ID } from "./hostile-session";

/** The demo project's newest run number (across branches). */
function newestRun(): Promise<number> {
  return withDatabase(async (sql) => Number((await sql<{ newest: number | null }[]>`select max(run_number) as newest from project_test_runs where project_id = 'demo'`)[0]?.newest ?? 0));
}

/** The issues filed from a chat. */
function issuesOf(chatId: string): Promise<{ title: string; body: string }[]> {
  return withDatabase((sql) => sql<{ title: string; body: string }[]>`select title, body from project_issues where chat_id = ${chatId} order by number`);
}

/** The host action audit rows of a chat, oldest first. */
function auditOf(chatId: string): Promise<{ action: string; status: string; error_code: string | null; input: unknown }[]> {
  return withDatabase((sql) => sql<{ action: string; status: string; error_code: string | null; input: unknown }[]>`select action, status, error_code, input from host_actions where chat_id = ${chatId} order by created_at, id`);
}

/** The host action lines of a stored reply (its genui column's host action cards). */
async function storedLines(chatId: string, messageId: string): Promise<{ name: string; state?: string; line: string }[]> {
  const [row] = await withDatabase((sql) => sql<{ genui: { tools?: { name: string; state?: string; line: string }[] } | null }[]>`select genui from messages where chat_id = ${chatId} and id = ${messageId}`);
  return (row?.genui?.tools ?? []).filter((card) => card.name === "file_issue" || card.name === "rerun_tests");
}

/** A signed-up person (their email), on the start page with the hostile model picked. */
async function signUp(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  await new SignUpPage(page).signUp({ name, email, password: "a long enough password" });
  return email;
}

/** Makes the person with `email` a maintainer of the demo project (there is no page for it: an operator grants it). */
function grantMaintainer(email: string): Promise<void> {
  return withDatabase(async (sql) => {
    await sql`insert into project_members (project_id, user_id, role) select 'demo', id, 'maintainer' from users where email = ${email}
      on conflict (project_id, user_id) do update set role = 'maintainer'`;
  });
}

/** Opens the start page with the hostile model picked. */
async function startPage(page: Page): Promise<ChatPage> {
  await page.goto("/");
  const chat = new ChatPage(page);
  await chat.modelPicker.selectOption(HOSTILE_MODEL_ID);
  return chat;
}

/** Plays a case in a new chat; returns the chat page and the reply. */
async function play(page: Page, prompt: string): Promise<{ chat: ChatPage; reply: Locator; chatId: string; replyId: string }> {
  const chat = await startPage(page);
  await chat.send(prompt);
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  return { chat, reply, chatId: chat.chatId(), replyId: (await reply.getAttribute("data-message-id")) ?? "" };
}

/** A host action record of `reply` by its accessible name ("Issue: waiting for you"). */
function record(reply: Locator, name: string | RegExp): Locator {
  return reply.getByRole("note", { name });
}

const chats: string[] = [];
let runBefore = 0;

test.beforeAll(async () => {
  runBefore = await newestRun();
});

test.afterAll(async () => {
  // Later specs read the demo project as seeded.
  await withDatabase(async (sql) => {
    if (runBefore > 0) await sql`delete from project_test_runs where project_id = 'demo' and run_number > ${runBefore}`;
    if (chats.length > 0) await sql`delete from project_issues where chat_id in ${sql(chats)}`;
  });
});

test("item 7 — a guest's and a viewer's model cannot act on the shared demo project: refused with the reason, no run added", async ({ browser }) => {
  test.setTimeout(120_000);
  for (const who of ["guest", "viewer"] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (who === "guest") await new SignInPage(page).continueAsGuest("/");
    else await signUp(page, "Vera Viewer");
    const before = await newestRun();
    const { reply, chatId, replyId } = await play(page, hostilePrompt(HOST_ACTION_CASE_IDS.guest));
    chats.push(chatId);
    const refused = record(reply, "Test re-run: not done");
    await expect(refused).toContainText(who === "guest" ? "A guest may read this project but not act on it" : "viewer of this project: only its maintainers may act on it");
    await expect(reply).toContainText("Re-run ended.");
    expect(await newestRun(), `${who}: no run was added`).toBe(before);
    expect((await auditOf(chatId)).map((row) => [row.status, row.error_code])).toEqual([["refused", who]]);
    expect(await storedLines(chatId, replyId)).toMatchObject([{ name: "rerun_tests", state: "refused" }]);
    await context.close();
  }
});

test("item 4 — asked what 2 + 2 is, a maintainer's model files an issue and re-runs the tests: both wait as proposals naming what and as whom; Dismiss does nothing, Confirm from two tabs at once files one issue", async ({ browser }) => {
  test.setTimeout(180_000);
  const { page, context, close } = await maintainer(browser, "Ana Souza");
  const runs = await newestRun();
  const unasked = await play(page, `hostile case ${HOST_ACTION_CASE_IDS.unasked}: what is 2 + 2?`);
  chats.push(unasked.chatId);
  expect(await issuesOf(unasked.chatId), "nothing is filed before the person confirms").toEqual([]);
  expect(await newestRun(), "nothing is re-run before the person confirms").toBe(runs);
  const issue = record(unasked.reply, "Issue: waiting for you");
  const rerun = record(unasked.reply, "Test re-run: waiting for you");
  await expect(issue).toContainText("File issue 'Login test is flaky' (tests) on project");
  await expect(issue).toContainText("as Ana Souza");
  await expect(rerun).toContainText("Re-run the failed tests of the newest run on main in project");
  await expect(rerun).toContainText("as Ana Souza");
  expect((await auditOf(unasked.chatId)).map((row) => row.status)).toEqual(["proposed", "proposed"]);

  await rerun.getByRole("button", { name: "Dismiss" }).click();
  await expect(record(unasked.reply, "Test re-run: dismissed")).toBeVisible();
  const second = await context.newPage();
  await second.goto(`/chat/${encodeURIComponent(unasked.chatId)}`);
  const secondIssue = record(new ChatPage(second).lastReply(), "Issue: waiting for you");
  await expect(secondIssue).toBeVisible();
  await Promise.all([issue.getByRole("button", { name: "Confirm" }).click(), secondIssue.getByRole("button", { name: "Confirm" }).click()]);
  await expect(record(unasked.reply, "Issue: done")).toContainText(/Filed issue #\d+: Login test is flaky/);
  await expect(record(new ChatPage(second).lastReply(), "Issue: done")).toContainText(/Filed issue #\d+: Login test is flaky/);
  expect((await issuesOf(unasked.chatId)).map((row) => row.title)).toEqual(["Login test is flaky"]);
  expect(await newestRun(), "a dismissed re-run runs nothing").toBe(runs);
  await second.close();
  await page.reload();
  await expect(record(new ChatPage(page).lastReply(), "Issue: done")).toContainText("Login test is flaky");
  await expect(record(new ChatPage(page).lastReply(), "Test re-run: dismissed")).toBeVisible();
  expect((await storedLines(unasked.chatId, unasked.replyId)).map((card) => card.state)).toEqual(["done", "dismissed"]);
  await close();
});

test("item 5 — two issues beside a render_ui card whose tool-call id is 300 characters long: the stored reply keeps a line for each, live and reloaded", async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, close } = await maintainer(browser, "Lino Long");
  const long = await play(page, hostilePrompt(HOST_ACTION_CASE_IDS.longRenderId));
  chats.push(long.chatId);
  await expect(long.reply).toContainText("Nothing to see.");
  expect(await issuesOf(long.chatId), "nothing is filed before the person confirms").toEqual([]);
  expect((await storedLines(long.chatId, long.replyId)).map((card) => [card.state, card.line])).toEqual([
    ["proposed", expect.stringContaining("File issue 'First quiet issue'")],
    ["proposed", expect.stringContaining("File issue 'Second quiet issue'")],
  ]);
  await expect(record(long.reply, "Issue: waiting for you")).toHaveCount(2);
  await page.reload();
  await expect(new ChatPage(page).lastReply()).toContainText("Nothing to see.");
  await expect(record(new ChatPage(page).lastReply(), "Issue: waiting for you")).toHaveCount(2);
  await close();
});

test("item 6 — a confirmed issue, its reply regenerated with one trailing space more in the body: the same request, filed once, and the new version says so", async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, close } = await maintainer(browser, "Remy Regen");
  const filing = await play(page, hostilePrompt(HOST_ACTION_CASE_IDS.regenerated));
  chats.push(filing.chatId);
  await expect(filing.reply).toContainText("Filing ended.");
  const proposed = record(filing.reply, "Issue: waiting for you");
  // Confirmed when it asks; today's code files it at once (a record, no Confirm).
  if (await proposed.isVisible()) {
    await proposed.getByRole("button", { name: "Confirm" }).click();
    await expect(record(filing.reply, "Issue: done")).toContainText(REGENERATED_ISSUE.title);
  }
  expect((await issuesOf(filing.chatId)).map((row) => row.title)).toEqual([REGENERATED_ISSUE.title]);
  await filing.reply.getByRole("button", { name: "Regenerate this reply" }).click();
  // The new version takes the old one's place in the thread.
  await expect(filing.chat.lastReply()).not.toHaveAttribute("data-message-id", filing.replyId, { timeout: 30_000 });
  await filing.chat.waitForReplyEnd();
  const again = filing.chat.lastReply();
  await expect(again).toContainText("Filing ended.");
  // The regenerated call really was another one: its body ends with the space.
  const bodies = (await auditOf(filing.chatId)).filter((row) => row.action === "file_issue").map((row) => (row.input as { body?: string } | null)?.body);
  expect(bodies).toContain(`${REGENERATED_ISSUE.body} `);
  expect((await issuesOf(filing.chatId)).map((row) => row.title), "the regenerate filed nothing more").toEqual([REGENERATED_ISSUE.title]);
  await expect(record(again, "Issue: done")).toContainText("already done for this request");
  await close();
});

test("item 8 — a blind comparison pane is given no tool that writes: its issues and file are refused, nothing is filed or written", async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, close } = await maintainer(browser, "Pia Pane");
  const compare = new ComparePage(page);
  const runId = await compare.start(hostilePrompt(HOST_ACTION_CASE_IDS.pane), { models: { 1: HOSTILE_MODEL_ID, 2: HOSTILE_MODEL_ID, 3: "replay:quokka", 4: "replay:kestrel" } });
  await compare.waitForAllDone();
  await expect(compare.panes().filter({ hasText: "Pane ended." })).toHaveCount(2);
  const paneChats = await withDatabase((sql) => sql<{ chat_id: string }[]>`select chat_id from compare_panes where run_id = ${runId}`);
  const ids = paneChats.map((row) => row.chat_id);
  expect(ids.length).toBeGreaterThanOrEqual(2);
  const written = await withDatabase(async (sql) => ({
    issues: Number((await sql<{ count: number }[]>`select count(*)::int as count from project_issues where chat_id in ${sql(ids)}`)[0]?.count),
    artifacts: Number((await sql<{ count: number }[]>`select count(*)::int as count from artifacts where chat_id in ${sql(ids)}`)[0]?.count),
    actions: Number((await sql<{ count: number }[]>`select count(*)::int as count from host_actions where chat_id in ${sql(ids)}`)[0]?.count),
  }));
  expect(written).toEqual({ issues: 0, artifacts: 0, actions: 0 });
  await close();
});

/** A new signed-up person made a maintainer of the demo project (the project seeded by a first refused call). */
async function maintainer(browser: Browser, name: string): Promise<{ page: Page; context: BrowserContext; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await signUp(page, name);
  const seeded = await play(page, hostilePrompt(HOST_ACTION_CASE_IDS.guest));
  chats.push(seeded.chatId);
  await expect(record(seeded.reply, /^Test re-run: /)).toBeVisible();
  await grantMaintainer(email);
  return { page, context, close: () => context.close() };
}
