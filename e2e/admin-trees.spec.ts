/**
 * Issue 10: the admin view of stored final trees, in Chromium on a
 * production build. People chat with the replay model (a guest and a
 * signed-up person), an admin — a signed-up account promoted in the
 * database, then signed in again — filters the stored trees by diagnostic
 * code and model, pages, opens one, selects a diagnostic in the highlighted
 * source, uses the read-only panel (a local input works, nothing is sent),
 * runs the recompile check, exports, starts a batch check and finds all of
 * it in the audit log. A signed-in non-admin and a guest get not-found on
 * every admin URL, route handler and action. Screenshots at 1280×800 and
 * 390×844, light and dark.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { AccountPages, newCredentials, type Credentials } from "./pages/account-pages";
import { AdminTreePage, AdminTreesPage } from "./pages/admin-trees-page";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { withDatabase } from "./support/database";

test.describe.configure({ mode: "serial" });

/** What the not-found checks reuse from the admin's session. */
type Shared = {
  treeId: string;
  buildTreeId: string;
  runId: string;
  action: { url: string; id: string; body: string; stateTree: string | undefined };
  admin: Credentials;
};
const shared: Partial<Shared> = {};

async function ask(chat: ChatPage, prompt: string): Promise<void> {
  await chat.send(prompt);
  await chat.waitForReplyEnd();
}

/** The id of a chat's newest stored reply. */
async function newestReplyId(chatId: string): Promise<string> {
  const rows = await withDatabase((sql) => sql<{ id: string }[]>`select id from messages where chat_id = ${chatId} and role = 'assistant' order by sequence desc limit 1`);
  if (!rows[0]) throw new Error(`no reply stored in ${chatId}`);
  return rows[0].id;
}

/**
 * Signs in and makes the account an admin in the database. Today a sign-in
 * sets the role from ADMIN_EMAILS, so the promotion comes after it; the
 * session reads the role from the database on every request.
 */
async function signInAsAdmin(page: Page, credentials: Credentials): Promise<void> {
  await new AccountPages(page).signIn(credentials);
  await withDatabase((sql) => sql`update users set role = 'admin' where email = ${credentials.email}`);
}

async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

test("an admin filters stored trees by diagnostic code and model, pages, opens one, checks it, exports and finds it all audited", async ({ browser }) => {
  test.setTimeout(300_000);

  // A guest chats: broken UI, the build status, a block reading live project data, and two more replies.
  const guest = await newPage(browser);
  await new SignInPage(guest.page).continueAsGuest("/");
  const guestChat = new ChatPage(guest.page);
  await ask(guestChat, "Show me some malformed UI");
  const guestChatId = guestChat.chatId();
  const malformedId = await newestReplyId(guestChatId);
  await ask(guestChat, "Show me the build status");
  const buildId = await newestReplyId(guestChatId);
  await ask(guestChat, "Show the latest test runs on main");
  const queryId = await newestReplyId(guestChatId);
  await ask(guestChat, "Show me a diagram");
  await ask(guestChat, "Show me the sales dashboard");

  // A person with an account asks for broken UI too; their reply is stored as another model's.
  const person = await newPage(browser);
  await new AccountPages(person.page).signUp(newCredentials("Casey"));
  const personChat = new ChatPage(person.page);
  await ask(personChat, "Show me some malformed UI");
  const otherModelId = await newestReplyId(personChat.chatId());
  const [{ model: replayModel } = { model: "" }] = await withDatabase((sql) => sql<{ model: string }[]>`select model from messages where id = ${malformedId}`);
  await withDatabase((sql) => sql`update messages set model = 'replay:older' where id = ${otherModelId}`);

  // The admin: an account promoted in the database (each session reads the role from there).
  const adminCredentials = newCredentials("Ada");
  const { page, context } = await newPage(browser);
  const accounts = new AccountPages(page);
  await accounts.signUp(adminCredentials);
  await accounts.signOut();
  await signInAsAdmin(page, adminCredentials);
  shared.admin = adminCredentials;

  // /admin leads to the listing; every stored tree is listed, newest first, and the columns fit the window.
  const listing = new AdminTreesPage(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/trees$/);
  await expect(listing.rows()).toHaveCount(6);
  const fits = await listing.table.evaluate((table) => ({ table: table.scrollWidth, box: table.parentElement!.clientWidth, page: document.documentElement.scrollWidth }));
  expect(fits.table).toBeLessThanOrEqual(fits.box);
  expect(fits.page).toBeLessThanOrEqual(1280);
  await expect(listing.table).toContainText("Guest ·");
  await expect(page.getByText("anonymous.placeholder.invalid")).toHaveCount(0);

  // Pages of five: the second holds the rest, none twice.
  await listing.filter({ perPage: "5" });
  await expect(page).toHaveURL(/limit=5/);
  const firstPage = await listing.treeIds();
  expect(firstPage).toHaveLength(5);
  await listing.pager.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/after=/);
  await expect(listing.rows()).toHaveCount(1);
  const secondPage = await listing.treeIds();
  expect(firstPage).not.toContain(secondPage[0]);
  await expect(listing.pager).toContainText("Last page");
  await page.getByRole("link", { name: "Back to the first page" }).click();
  await expect(page).not.toHaveURL(/after=/);
  await expect.poll(() => listing.treeIds()).toEqual(firstPage);

  // Filter by diagnostic code and model: exactly the guest's broken reply; the URL holds the filters.
  await listing.filter({ code: "refused_prop", model: replayModel, perPage: "25" });
  await expect(page).toHaveURL(/code=refused_prop/);
  await expect(page).toHaveURL(new RegExp(`model=${encodeURIComponent(replayModel).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  expect(await listing.treeIds()).toEqual([malformedId]);
  await page.reload();
  await expect.poll(() => listing.treeIds()).toEqual([malformedId]);
  await listing.filter({ model: "replay:older" });
  expect(await listing.treeIds()).toEqual([otherModelId]);
  await listing.filter({ model: replayModel });
  expect(await listing.treeIds()).toEqual([malformedId]);

  // Export the filtered set: one JSON line, with the fields the issue names.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export these as JSON Lines" }).click();
  const lines = readFileSync(await (await download).path(), "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.map((line) => line.id)).toEqual([malformedId]);
  expect(Object.keys(lines[0]!).sort()).toEqual(["chat", "created", "diagnostics", "id", "model", "text", "tree", "user"]);

  // Open it: the source with its blocks and diagnostics highlighted; selecting one scrolls to it.
  await listing.rows().first().getByRole("link", { name: /Here is the status overview/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Stored tree" })).toBeVisible();
  const tree = new AdminTreePage(page);
  await expect(tree.source).toContainText("<Gauge value={75}");
  await expect(tree.diagnostics.getByRole("button")).not.toHaveCount(0);
  await tree.diagnostics.getByRole("button", { name: /^refused_prop at ui block 1/ }).click();
  await expect(tree.selectedSource()).toHaveText('color="green"');
  await expect(tree.selectedSource()).toBeInViewport();
  await tree.diagnostics.getByRole("button", { name: /^unknown_type at octo-ui fence 1/ }).click();
  await expect(tree.selectedSource().first()).toContainText('"type": "heatmap"');

  // The rendered panels, read-only, through the chat's renderer: the summary and the GenUI panel show.
  await expect(tree.rendered.getByText("Three services are healthy, one is degraded.")).toBeVisible();
  await expect(tree.rendered.getByRole("region", { name: "Services" })).toBeVisible();

  // The compiled tree as JSON: pretty, then raw.
  await expect(tree.compiledTree.getByText("ui:", { exact: true })).toBeVisible();
  await tree.compiledTree.getByRole("button", { name: "Close ui" }).click();
  await expect(tree.compiledTree.getByRole("button", { name: "Open ui" })).toHaveAttribute("aria-expanded", "false");
  await tree.compiledTree.getByRole("button", { name: "Open ui" }).click();
  await expect(tree.compiledTree.getByRole("button", { name: "Close ui" })).toBeVisible();
  await tree.compiledTree.getByRole("button", { name: "Raw" }).click();
  await expect(tree.compiledTree.getByRole("button", { name: "Raw" })).toHaveAttribute("aria-pressed", "true");
  await expect(tree.compiledTree.getByText('"type": "Summary",').first()).toBeVisible();

  // The recompile check: today's compiler and catalog read the stored tree as it was stored.
  const actionRequest = page.waitForRequest((request) => request.method() === "POST" && request.headers()["next-action"] !== undefined);
  const verdict = await tree.runRecompileCheck();
  await expect(verdict).toHaveText("No difference: today's compiler and catalog read this tree exactly as it was stored.");
  const sent = await actionRequest;
  shared.action = { url: sent.url(), id: sent.headers()["next-action"]!, body: sent.postData() ?? "", stateTree: sent.headers()["next-router-state-tree"] };
  shared.treeId = malformedId;

  // The build status, read-only: the local switch works, the choice that would send a turn is off, nothing is sent.
  const sentFromTreePage: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/chats\//.test(request.url()) || (request.method() === "POST" && request.headers()["next-action"] !== undefined)) sentFromTreePage.push(request.url());
  });
  await page.goto(`/admin/trees/${buildId}`);
  await expect(tree.rendered.getByRole("table", { name: "All tests" })).toBeVisible();
  await tree.rendered.getByRole("switch", { name: "Failed only" }).click();
  await expect(tree.rendered.getByRole("table", { name: "Failed tests" })).toBeVisible();
  await expect(tree.rendered.getByRole("button", { name: "Re-run the failed tests" })).toBeDisabled();
  shared.buildTreeId = buildId;

  // A block reading project data: no query is sent, and the page says what the reply stored for it.
  await page.goto(`/admin/trees/${queryId}`);
  await expect(tree.rendered.getByText(/Reads \$runs \(tests\): not fetched here/)).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(sentFromTreePage).toEqual([]);

  // A batch recompile check over the filter, in the background: it reports how many trees would change.
  await listing.open(`/admin/trees?code=refused_prop&model=${encodeURIComponent(replayModel)}`);
  await page.getByRole("button", { name: "Recompile check of all these" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recompile check" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Done: 1 of 1 trees checked; 0 would change.");
  shared.runId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);

  // The audit log lists the views, the recompiles and the export, by the admin, with the filter.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
  const log = page.getByRole("table", { name: "Audit log, newest first" });
  const byAdmin = log.locator("tbody tr").filter({ hasText: "Ada" });
  await expect(byAdmin.filter({ hasText: "Started a recompile check" })).toHaveCount(1);
  await expect(byAdmin.filter({ hasText: "Started a recompile check" })).toContainText("code: refused_prop");
  await expect(byAdmin.filter({ hasText: "Exported" })).toHaveCount(1);
  await expect(byAdmin.filter({ hasText: "Exported" })).toContainText(`model: ${replayModel}`);
  await expect(byAdmin.filter({ hasText: "Recompiled a tree" }).filter({ hasText: malformedId })).toHaveCount(1);
  await expect(byAdmin.filter({ hasText: "Viewed a tree" }).filter({ hasText: malformedId })).toHaveCount(1);
  await expect(byAdmin.filter({ hasText: "Viewed a tree" }).filter({ hasText: buildId })).toHaveCount(1);
  await expect(page.getByRole("button", { name: /Delete|Edit/ })).toHaveCount(0);

  await Promise.all([context.close(), guest.context.close(), person.context.close()]);
});

test("a signed-in non-admin and a guest get not-found on every admin URL, route handler and action", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { treeId, runId, action } = shared as Shared;
  expect(treeId && runId && action, "the admin test ran first").toBeTruthy();
  const urls = ["/admin", "/admin/trees", `/admin/trees?code=refused_prop`, `/admin/trees/${treeId}`, "/admin/audit", `/admin/recompile/${runId}`];

  const person = await newPage(browser);
  await new AccountPages(person.page).signUp(newCredentials("Noadmin"));
  const guest = await newPage(browser);
  await new SignInPage(guest.page).continueAsGuest("/");

  for (const [who, page] of [
    ["a signed-in non-admin", person.page],
    ["a guest", guest.page],
  ] as const) {
    for (const url of urls) {
      const response = await page.goto(url);
      expect(response?.status(), `${who} at ${url}`).toBe(404);
      await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    }
    await page.goto("/");
    const answers = await page.evaluate(async (ids) => {
      const read = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });
      return {
        exported: await read(await fetch("/api/admin/trees/export?code=refused_prop")),
        started: await read(await fetch("/api/admin/recompile-runs", { method: "POST", headers: { accept: "application/json" } })),
        run: await read(await fetch(`/api/admin/recompile-runs/${ids.runId}`)),
      };
    }, { runId });
    const notFound = { status: 404, body: { error: { code: "not_found:admin", message: "This could not be found." } } };
    expect(answers, who).toEqual({ exported: notFound, started: notFound, run: notFound });

    // The admin's own recompileTree request, sent again from this person's session.
    const replayed = await page.request.post(action.url, {
      headers: {
        "next-action": action.id,
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        origin: baseURL!,
        ...(action.stateTree ? { "next-router-state-tree": action.stateTree } : {}),
      },
      data: action.body,
    });
    const answer = await replayed.text();
    expect(answer, who).toContain("not_found:admin");
    expect(answer, who).not.toContain('"ok":true');
  }

  // The same action request from an admin's session does get through: the probe is a real one.
  const admin = await newPage(browser);
  await signInAsAdmin(admin.page, shared.admin!);
  await admin.page.goto("/admin/trees");
  const allowed = await admin.page.request.post(action.url, {
    headers: { "next-action": action.id, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: baseURL!, ...(action.stateTree ? { "next-router-state-tree": action.stateTree } : {}) },
    data: action.body,
  });
  expect(await allowed.text()).toContain('"ok":true');
  await Promise.all([person.context.close(), guest.context.close(), admin.context.close()]);
});

test("the listing and a tree page in light and dark, at 1280×800 and 390×844", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const { treeId, admin: credentials } = shared as Shared;
  for (const colorScheme of ["light", "dark"] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ viewport, colorScheme });
      const page = await context.newPage();
      await signInAsAdmin(page, credentials);
      const name = `${viewport.width}x${viewport.height}-${colorScheme}`;
      await new AdminTreesPage(page).open();
      // The page itself never scrolls sideways: at 390 px the table scrolls inside its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: testInfo.outputPath(`admin-trees-${name}.png`), fullPage: viewport.width > 400 });
      await page.goto(`/admin/trees/${treeId}`);
      await expect(page.getByRole("heading", { level: 1, name: "Stored tree" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: testInfo.outputPath(`admin-tree-${name}.png`), fullPage: true });
      await context.close();
    }
  }
});
