/**
 * The plain-text class of the hostile corpus (cases/plain-text.ts), played
 * through the real chat from the hostile model, with the checks the corpus
 * spec cannot make on its own (issue 25):
 *
 * - item 9: the reply's Terminal and IM views hold no live control or bidi
 *   character — ESC, BEL, CSI and OSC sequences, overrides and isolates
 *   show as marks (`⟨ESC⟩`, `⟨U+202E⟩`);
 * - item 10: the chat inspector's excerpt, the admin's tree list and the
 *   admin's source view show bidi controls as marks, never live;
 * - item 3: of eleven names that read as `report.md`, the chat holds one,
 *   and the Artifacts panel's list names it once;
 * - the hydration mismatch: the reopened expansion block draws whole, and
 *   the page logs no page or console error (React error #418).
 *
 * Every case also goes through the corpus's own checks (HostileSession:
 * nothing fetched, nothing planted, the reply stored as shown, the chat
 * answers the next message), and its chat is reopened at the end.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { AccountPages, newCredentials } from "../pages/account-pages";
import { storedMessages, withDatabase } from "../support/database";
import { PLAIN_TEXT_CASES } from "./cases/plain-text";
import type { HostileCase } from "./hostile-case";
import { HostileSession } from "./hostile-session";

/** A character that acts instead of showing: C0 and C1 controls (but line feed and tab), DEL, bidi controls, zero-width and filler characters. */
const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u180b\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0]/u;

/** Milliseconds a reopened page is watched for late errors (hydration runs after the HTML is drawn). */
const REOPEN_WATCH_MS = 4_000;

function caseOf(id: string): HostileCase {
  const found = PLAIN_TEXT_CASES.find((hostileCase) => hostileCase.id === id);
  if (!found) throw new Error(`no plain-text case ${id}`);
  return found;
}

/** The acting characters of `text`, as code points (empty: none). */
function actingIn(text: string): string[] {
  return [...new Set([...text].filter((character) => ACTING.test(character)).map((character) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`))];
}

/** Plays `id` in a session of its own; returns the session, the chat's id and the id of the stored reply that shows `marker`. */
async function play(page: Page, id: string, marker: string): Promise<{ session: HostileSession; chatId: string; replyId: string; problems: string[] }> {
  const session = new HostileSession(page);
  await session.start();
  const outcome = await session.play(caseOf(id), { ownChat: true });
  const chatId = /\/chat\/([^/?#]+)/.exec(page.url())?.[1];
  expect(chatId, "the case opened a chat").toBeTruthy();
  const stored = (await storedMessages(decodeURIComponent(chatId!))).find((message) => message.role === "assistant" && message.text.includes(marker));
  expect(stored, `a stored reply shows ${marker}`).toBeTruthy();
  return { session, chatId: decodeURIComponent(chatId!), replyId: stored!.id, problems: [...outcome.problems] };
}

/** Signs up a new person in a context of its own and makes them an admin (each request reads the role from the database). */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const credentials = newCredentials("Plaintext");
  const accounts = new AccountPages(page);
  await accounts.signUp(credentials);
  await accounts.signOut();
  await accounts.signIn(credentials);
  await withDatabase((sql) => sql`update users set role = 'admin' where email = ${credentials.email}`);
  return page;
}

test("plain-text (item 9): the Terminal and IM views show a reply's escape sequences and bidi controls as marks, never live", async ({ page }) => {
  test.setTimeout(120_000);
  const { session, replyId, problems } = await play(page, "plain-terminal-escapes", "Escapes follow.");
  const reply = page.locator(`article[data-message-id="${replyId}"]`);
  const tabs = reply.getByRole("tablist", { name: "This reply: show as" });
  for (const transport of ["Terminal", "IM"] as const) {
    await tabs.getByRole("tab", { name: transport, exact: true }).click();
    const text = (await reply.getByLabel(`This reply as ${transport} shows it`, { exact: true }).textContent()) ?? "";
    const acting = actingIn(text);
    if (acting.length > 0) problems.push(`${transport} hands on live ${acting.join(", ")}`);
    for (const mark of ["⟨ESC⟩[2J", "⟨ESC⟩]8;;http://tracker.example.test/pwn", "⟨ESC⟩]52;c;", "⟨BEL⟩", "⟨CSI⟩31m", "⟨CR⟩", "⟨U+202E⟩txt.exe", "⟨U+2067⟩abc⟨U+2069⟩"]) {
      if (!text.includes(mark)) problems.push(`${transport} does not show ${mark}`);
    }
  }
  await tabs.getByRole("tab", { name: "Web", exact: true }).click();
  await session.checkStoredForms();
  problems.push(...session.outcomes.flatMap((outcome) => outcome.problems.map((problem) => `${outcome.id}: ${problem}`)));
  expect([...new Set(problems)]).toEqual([]);
});

test("plain-text (item 10): the inspector's excerpt, the admin's tree list and source view show bidi controls as marks", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const { session, chatId, replyId, problems } = await play(page, "plain-bidi-source", "Bidi follows.");
  const reply = page.locator(`article[data-message-id="${replyId}"]`);
  const inspector = reply.locator("details[data-inspector]");
  await inspector.locator("summary").click();
  const excerpt = (await inspector.locator("pre").first().textContent()) ?? "";
  if (actingIn(excerpt).length > 0) problems.push(`the inspector's excerpt draws live ${actingIn(excerpt).join(", ")}`);
  if (!excerpt.includes("user⟨U+202E⟩ ⟨U+2066⟩// admin⟨U+2069⟩ ⟨U+2066⟩")) problems.push(`the inspector's excerpt does not show the controls as marks: ${JSON.stringify(excerpt.slice(0, 200))}`);
  await session.checkStoredForms();
  problems.push(...session.outcomes.flatMap((outcome) => outcome.problems.map((problem) => `${outcome.id}: ${problem}`)));

  const admin = await adminPage(browser);
  await admin.goto(`/admin/trees?chat=${encodeURIComponent(chatId)}`);
  const row = admin.getByRole("row").filter({ hasText: "Bidi follows." });
  await expect(row).toHaveCount(1);
  const rowText = (await row.textContent()) ?? "";
  if (actingIn(rowText).length > 0) problems.push(`the admin's tree list draws live ${actingIn(rowText).join(", ")}`);
  if (!rowText.includes("⟨U+202E⟩")) problems.push(`the admin's tree list does not show U+202E as a mark: ${JSON.stringify(rowText.slice(0, 200))}`);
  await admin.goto(`/admin/trees/${encodeURIComponent(replyId)}`);
  const source = (await admin.locator('pre[aria-label="Reply source"]').textContent()) ?? "";
  if (actingIn(source).length > 0) problems.push(`the admin's source view draws live ${actingIn(source).join(", ")}`);
  if (!source.includes('if (access !== "user⟨U+202E⟩ ⟨U+2066⟩// Check if admin⟨U+2069⟩ ⟨U+2066⟩") { grant(); }')) problems.push("the admin's source view does not show the Trojan Source line in its stored order");
  await admin.context().close();
  expect([...new Set(problems)]).toEqual([]);
});

test("plain-text (item 3): of eleven names that read as report.md, the chat holds and lists one", async ({ page }) => {
  test.setTimeout(120_000);
  const { session, chatId, replyId, problems } = await play(page, "plain-artifact-look-alikes", "Artifacts ended.");
  const stored = await withDatabase((sql) => sql<{ path: string }[]>`select path from artifacts where chat_id = ${chatId} order by created_at`);
  if (stored.length !== 1 || stored[0]?.path !== "report.md") problems.push(`the chat holds ${stored.length} artifacts: ${JSON.stringify(stored.map((row) => row.path))}`);
  const listed = (await page.evaluate(async (id) => (await fetch(`/api/chats/${encodeURIComponent(id)}/artifacts`)).json(), chatId)) as { artifacts?: { path: string }[] };
  const names = (listed.artifacts ?? []).map((artifact) => artifact.path);
  if (JSON.stringify(names) !== JSON.stringify(["report.md"])) problems.push(`the Artifacts list names ${JSON.stringify(names)}`);
  // Each refused call's chip names the path it tried with its invisible characters as marks.
  const chips = (await page.locator(`article[data-message-id="${replyId}"] details`).allTextContents()).join("\n");
  if (actingIn(chips).length > 0) problems.push(`a refused chip draws live ${actingIn(chips).join(", ")}`);
  await session.checkStoredForms();
  problems.push(...session.outcomes.flatMap((outcome) => outcome.problems.map((problem) => `${outcome.id}: ${problem}`)));
  expect([...new Set(problems)]).toEqual([]);
});

test("plain-text (reload): the expansion block reopens drawn whole, with no page or console error (React #418)", async ({ page }) => {
  test.setTimeout(180_000);
  const { session, chatId, replyId, problems } = await play(page, "plain-expansion-reload", "Expansion ended.");
  for (let reload = 1; reload <= 2; reload += 1) {
    const errors: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === "error") errors.push(`console: ${message.text().slice(0, 200)}`);
    };
    const onPageError = (error: Error) => errors.push(`page: ${error.message.slice(0, 200)}`);
    page.on("console", onConsole);
    page.on("pageerror", onPageError);
    await page.goto(`/chat/${encodeURIComponent(chatId)}`, { timeout: 60_000 });
    const reply = page.locator(`article[data-message-id="${replyId}"]`);
    await expect(reply).toContainText("Expansion ended.", { timeout: 60_000 });
    await page.waitForTimeout(REOPEN_WATCH_MS);
    page.off("console", onConsole);
    page.off("pageerror", onPageError);
    problems.push(...errors.map((error) => `reopened (${reload}): ${error}`));
    // Drawn whole: the last of the 9,900 tags (x = 98, y = 99) is there.
    if (!((await reply.locator("[data-ui-block]").textContent()) ?? "").includes("9702 197 -1")) problems.push(`reopened (${reload}): the block is not drawn whole`);
  }
  await session.checkStoredForms();
  problems.push(...session.outcomes.flatMap((outcome) => outcome.problems.map((problem) => `${outcome.id}: ${problem}`)));
  expect([...new Set(problems)]).toEqual([]);
});
