/**
 * The project model behind ```ui blocks, in the browser: a block's `@Query`
 * shows real rows from the demo project (read through the query route, fed
 * to the block's state), its switch changes what the table shows, a failed
 * query says so in the block and can be retried; host-link chips resolve
 * into links that open the file, commit, diff and node pages; and another
 * person cannot use either route on someone else's chat.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

/** What the policy says about a chat that is not yours (lib/errors.ts, `not_found:chat`). */
const NOT_FOUND_MESSAGE = "This chat does not exist, or it is not yours.";

/** The body rows of a table (its header row left out). */
function bodyRows(table: Locator): Locator {
  return table.locator("tbody").getByRole("row");
}

/** The query route's requests a page makes. */
function queryRequests(page: Page): string[] {
  const bodies: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/queries")) bodies.push(request.postData() ?? "");
  });
  return bodies;
}

test("the test-runs block shows the project's rows, and its switch changes the table", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const requests = queryRequests(page);
  const chat = new ChatPage(page);
  await chat.send("Show the latest test runs on main");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();

  const all = reply.getByRole("table", { name: "All runs" });
  await expect(bodyRows(all)).toHaveCount(12);
  await expect(all.getByRole("cell", { name: "billing › credits partial refunds" })).toBeVisible();
  await expect(all.getByRole("cell", { name: "search › paginates past 1,000 hits" })).toBeVisible();
  await expect(reply.getByText("Runs", { exact: true }).locator("..")).toContainText("12");
  await expect(reply.getByText("Failed", { exact: true }).first().locator("..")).toContainText("3");
  await expect(reply.getByText("Slowest", { exact: true }).locator("..")).toContainText("1,204");
  // Figures read from the project are marked as such, with the source and the time in their tooltip; none was typed.
  await expect(reply.getByText("Runs", { exact: true }).locator("..").locator("[data-host-data]")).toHaveAttribute("title", /^From the project's data: tests, read /);
  await expect(reply.locator("p[data-host-data]").filter({ hasText: "From the project's data: tests, read" })).toHaveCount(1);
  await expect(reply.locator("[data-unverified]")).toHaveCount(0);
  await expect(reply.getByRole("status").filter({ hasText: "Loading live data" })).toHaveCount(0);
  // The query is known now: no receipt entry about an unknown source.
  await expect(reply).not.toContainText("unknown_query_source");
  expect(JSON.parse(requests[0] ?? "{}")).toMatchObject({ name: "runs", values: { slowOnly: false } });

  await reply.getByRole("switch", { name: "Only runs slower than one second" }).click();
  const slow = reply.getByRole("table", { name: "Slow runs" });
  await expect(bodyRows(slow)).toHaveCount(1);
  await expect(slow.getByRole("cell", { name: "billing › credits partial refunds" })).toBeVisible();
  await expect(reply.getByRole("table", { name: "All runs" })).toHaveCount(0);

  // Reloaded, the stored block asks again and shows the same rows.
  await page.reload();
  await expect(bodyRows(chat.lastReply().getByRole("table", { name: "All runs" }))).toHaveCount(12);
});

test("a query that fails says so in the block, and Retry loads it", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show the latest test runs on main");
  await chat.waitForReplyEnd();
  await expect(bodyRows(chat.lastReply().getByRole("table", { name: "All runs" }))).toHaveCount(12);

  // The next load of this chat finds the query route failing.
  let failing = true;
  await page.route("**/api/chats/*/queries", async (route) => {
    if (!failing) return route.fallback();
    return route.fulfill({ status: 503, json: { error: { code: "offline:query", message: "The query took too long and was stopped. Try again, or ask for fewer rows." } } });
  });
  await page.reload();
  const reply = chat.lastReply();
  // The table that reads the query says it failed, why, and offers Retry; the block's status says so to a screen reader.
  const failure = reply.locator("[data-live-state='failed']").filter({ hasText: "Could not load" });
  await expect(failure.first()).toContainText("$runs");
  await expect(failure.first()).toContainText("The query took too long and was stopped.");
  await expect(reply.getByRole("status").filter({ hasText: "Live data could not be loaded ($runs)." })).toBeAttached();
  await expect(bodyRows(reply.getByRole("table", { name: "All runs" }))).toHaveCount(1);

  failing = false;
  await failure.first().getByRole("button", { name: "Retry" }).click();
  await expect(reply.locator("[data-live-state='failed']")).toHaveCount(0);
  await expect(bodyRows(reply.getByRole("table", { name: "All runs" }))).toHaveCount(12);
});

test("link chips resolve against the project and open its file, commit, diff and node pages", async ({ page }) => {
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("What changed in the invoice rounding fix?");
  await chat.waitForReplyEnd();
  const reply = chat.lastReply();
  const chatUrl = page.url();

  const commit = reply.getByRole("link", { name: /Commit\s*4f2c9e1 Round invoice totals once/ });
  const diff = reply.getByRole("link", { name: /Diff\s*lib\/billing\/invoice\.ts main…fix\/invoice-rounding/ });
  const invoice = reply.getByRole("link", { name: /File\s*lib\/billing\/invoice\.ts:42/ });
  const ledger = reply.getByRole("link", { name: /File\s*lib\/billing\/ledger\.ts:118/ });
  const node = reply.getByRole("link", { name: /Node\s*Billing API/ });
  for (const chip of [commit, diff, invoice, ledger, node]) await expect(chip).toBeVisible();

  await commit.click();
  await expect(page.getByRole("heading", { level: 1, name: "Round invoice totals once, in the ledger (#312)" })).toBeVisible();
  await expect(page.getByText("4f2c9e1b7d3a5e8c0f6b2d9a1c4e7f3b8a5d0c21")).toBeVisible();
  await expect(page.getByRole("link", { name: "lib/billing/ledger.ts" })).toBeVisible();

  await page.goto(chatUrl);
  await invoice.click();
  await expect(page.getByRole("heading", { level: 1, name: "lib/billing/invoice.ts" })).toBeVisible();
  const marked = page.locator('[aria-current="true"]');
  await expect(marked).toHaveAttribute("data-line", "42");
  await expect(marked).toContainText("const total = subtotal + tax - discount;");
  expect(new URL(page.url()).hash).toBe("#L42");

  await page.goto(chatUrl);
  await diff.click();
  await expect(page.getByRole("heading", { level: 1, name: "lib/billing/invoice.ts" })).toBeVisible();
  await expect(page.getByText("fix/invoice-rounding", { exact: true })).toBeVisible();
  await expect(page.locator("del").filter({ hasText: "roundCents(subtotal + tax - discount)" })).toBeVisible();
  await expect(page.locator("ins").filter({ hasText: "const total = subtotal + tax - discount;" })).toBeVisible();

  await page.goto(chatUrl);
  await node.click();
  await expect(page.getByRole("heading", { level: 1, name: "Billing API" })).toBeVisible();
  await expect(page.getByText("service:billing-api")).toBeVisible();
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Ledgerline" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ledgerline" })).toBeVisible();
});

test("another person cannot use a chat's query or links route", async ({ page, browser }) => {
  await new SignInPage(page).continueAsGuest("/");
  const victim = new ChatPage(page);
  await victim.send("Show the latest test runs on main");
  await victim.waitForReplyEnd();
  await expect(bodyRows(victim.lastReply().getByRole("table", { name: "All runs" }))).toHaveCount(12);
  const chatId = victim.chatId();
  const messageId = await victim.lastReply().getAttribute("data-message-id");
  const blockId = await victim.lastReply().locator("[data-ui-block]").first().getAttribute("data-ui-block");
  expect(messageId).toBeTruthy();
  expect(blockId).toBeTruthy();

  // The owner's own request works from their page…
  const own = await page.evaluate(
    async (request) => (await fetch(`/api/chats/${request.chatId}/queries`, { method: "POST", body: JSON.stringify({ messageId: request.messageId, blockId: request.blockId, name: "runs" }) })).status,
    { chatId, messageId, blockId },
  );
  expect(own).toBe(200);

  // …and the same requests from another person's page are not found.
  const intruderContext = await browser.newContext();
  const intruderPage = await intruderContext.newPage();
  await new SignInPage(intruderPage).continueAsGuest("/");
  const fetched = await intruderPage.evaluate(
    async (request) => {
      const query = await fetch(`/api/chats/${request.chatId}/queries`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messageId: request.messageId, blockId: request.blockId, name: "runs", values: {} }),
      });
      const links = await fetch(`/api/chats/${request.chatId}/links`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messageId: request.messageId, blockId: request.blockId }),
      });
      return { query: { status: query.status, body: await query.json() }, links: { status: links.status, body: await links.json() } };
    },
    { chatId, messageId, blockId },
  );
  expect(fetched.query).toEqual({ status: 404, body: { error: { code: "not_found:chat", message: NOT_FOUND_MESSAGE } } });
  expect(fetched.links).toEqual({ status: 404, body: { error: { code: "not_found:chat", message: NOT_FOUND_MESSAGE } } });
  await intruderContext.close();
});
