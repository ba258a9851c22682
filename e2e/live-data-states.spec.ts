/**
 * Issue 24, "Live data that never lies": a ```ui block over `@Query` data
 * (fixtures/replays/live-data-states) draws three states of its own, never
 * a false fact. While its query has not answered (the browser's request to
 * the block-query route held back), every part that reads it is a
 * placeholder: no figure, no count of zero, no tone, no error card, and the
 * block's status says it is loading; released, the demo project's real
 * figures appear (read here from the database the server answers from). The
 * same block over a branch CI never ran (live-data-states-empty, answered by
 * the real server with no rows) says "No rows for these arguments" and "—"
 * instead of breaking. A refused query shows the refusal in words with a
 * Retry, which loads the real figures. At 1280×800 light and 390×844 dark.
 *
 * Where text cannot tell, the renderer's contract: a part waiting for data
 * carries `data-live-state="loading"`, an empty table `"empty"`, a part whose
 * query failed `"failed"` (e2e/support/block-query-route.ts reads them).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { holdBlockQueries, liveStates, refuseBlockQueries, BLOCK_QUERY_ROUTE } from "./support/block-query-route";
import { withDatabase } from "./support/database";

const SCREENSHOTS = process.env.E2E_OUTPUT_DIR ?? "../test-results";
const FIXTURES = path.join(import.meta.dirname, "..", "fixtures");

/** The prompts that select the two recordings (their `examplePrompt`). */
const LIVE_PROMPT = "live data states: build status";
const EMPTY_PROMPT = "live data states: empty branch";

/** The branch the empty recording reads: CI never ran on it (checked against the database below). */
const EMPTY_BRANCH = "release/v2.17";

/** The titles the recordings give their tables. */
const LIVE_TABLE = "Tests of the newest run on main";
const EMPTY_TABLE = `Tests of the newest run on ${EMPTY_BRANCH}`;

/** The demo project every guest reads (fixtures/demo-project/project.json). */
const DEMO_PROJECT_ID = (JSON.parse(readFileSync(path.join(FIXTURES, "demo-project", "project.json"), "utf8")) as { id: string }).id;

/** What the block's status line says while a query is out (the contract says "Loading live data…"). */
const LOADING_STATUS = /Loading live data/;

/** What an empty table or chart says (the renderer's contract). */
const EMPTY_TEXT = "No rows for these arguments";

/** What stands for a figure that is not known: a dash, never a zero. */
const UNKNOWN_FIGURE = "—";

/**
 * The refusal the route sends when a source runs past its time bound:
 * `offline:query` (status 503) with QUERY_TIMEOUT_MESSAGE of
 * lib/project/run-project-query.ts, in the `{error: {code, message}}` body of
 * `AppError.toResponse` (lib/errors.ts).
 */
const TIMEOUT_REFUSAL = {
  status: 503,
  code: "offline:query",
  message: "The query took too long and was stopped. Try again, or ask for fewer rows.",
} as const;

/** What the Fallback widget says over a part it could not draw. */
const FALLBACK_TEXT = /could not be shown/;

/** The screen-reader words of the tones a figure could wrongly take before it is known (app/_components/widgets/tone/tone.ts). */
const TONE_WORDS = /\((Success|Danger)\)/;

type TestRow = { name: string; suite: string; ms: number; failed: boolean };

/** The tests of the newest run on `branch` in the demo project, as the `tests` source reads them (failures first, then by name). */
function newestRun(branch: string): Promise<TestRow[]> {
  return withDatabase(
    (sql) => sql<TestRow[]>`
      select name, suite, ms, failed from project_test_runs
      where project_id = ${DEMO_PROJECT_ID} and branch = ${branch}
        and run_number = (select max(run_number) from project_test_runs where project_id = ${DEMO_PROJECT_ID} and branch = ${branch})
      order by failed desc, name`,
  );
}

/** A figure as widgets show it: grouped digits in en-US (app/_components/widgets/format/format-number.ts). */
function figure(value: number): string {
  return value.toLocaleString("en-US");
}

/** The two looks every state is checked in. */
const LOOKS = [
  { name: "1280×800 light", viewport: { width: 1280, height: 800 }, colorScheme: "light" },
  { name: "390×844 dark", viewport: { width: 390, height: 844 }, colorScheme: "dark" },
] as const;

type Look = (typeof LOOKS)[number];

/** Opens the app as a guest in `look` (the guest's theme follows the device, which is dark or light here). */
async function open(page: Page, look: Look): Promise<ChatPage> {
  await page.setViewportSize(look.viewport);
  await page.emulateMedia({ colorScheme: look.colorScheme });
  await new SignInPage(page).continueAsGuest("/");
  expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(look.colorScheme === "dark");
  return new ChatPage(page);
}

/** The block of the newest reply (each recording writes one). */
function blockOf(reply: Locator): Locator {
  return reply.locator("[data-ui-block]").first();
}

/** A Stat card by its label. */
function stat(block: Locator, label: string): Locator {
  return block.getByText(label, { exact: true }).locator("..");
}

/**
 * A table part by its title: the innermost table or live-state element
 * holding the title (a table still waiting, empty or refused may be drawn
 * as a table or as a note of its own).
 */
function tablePart(block: Locator, title: string): Locator {
  return block.locator("table, [data-live-state]").filter({ hasText: title }).last();
}

/** The loaded block shows the newest run on main as the database holds it. */
async function expectRealFigures(reply: Locator, rows: TestRow[]): Promise<void> {
  const block = blockOf(reply);
  const failed = rows.filter((row) => row.failed);
  const slowest = Math.max(...rows.map((row) => row.ms));
  await expect(stat(block, "Tests")).toContainText(figure(rows.length));
  await expect(stat(block, "Failed")).toContainText(figure(failed.length));
  await expect(stat(block, "Failed")).toContainText(failed.length > 0 ? "(Danger)" : "(Success)");
  await expect(stat(block, "Slowest")).toContainText(`${figure(slowest)} ms`);
  await expect(block.getByText(`${figure(failed.length)} of ${figure(rows.length)} tests failed in the newest run on main.`)).toBeVisible();
  const table = block.getByRole("table", { name: LIVE_TABLE });
  await expect(table.locator("tbody").getByRole("row")).toHaveCount(rows.length);
  for (const row of failed) await expect(table.getByRole("cell", { name: row.name, exact: true })).toBeVisible();
  // Nothing is still loading or failed, and nothing was left undrawn.
  await expect(reply.getByRole("status").filter({ hasText: LOADING_STATUS })).toHaveCount(0);
  await expect(block.locator("[data-live-state='loading'], [data-live-state='failed']")).toHaveCount(0);
  await expect(reply.getByRole("alert")).toHaveCount(0);
  await expect(reply.getByText(FALLBACK_TEXT)).toHaveCount(0);
}

for (const look of LOOKS) {
  test.describe(look.name, () => {
    test("while the query has not answered, the block shows placeholders and no figure, tone or error; then the real values", async ({ page }) => {
      const chat = await open(page, look);
      const rows = await newestRun("main");
      expect(rows.length).toBeGreaterThan(0);
      const held = await holdBlockQueries(page);
      try {
        await chat.send(LIVE_PROMPT);
        await chat.waitForReplyEnd();
        // The stored block has asked for its rows, and the source has not answered.
        await expect.poll(() => held.held()).toBeGreaterThan(0);
        const reply = chat.lastReply();
        const block = blockOf(reply);

        await expect(reply.getByRole("status").filter({ hasText: LOADING_STATUS })).toBeVisible();
        for (const label of ["Tests", "Failed", "Slowest"]) await expect(block.getByText(label, { exact: true })).toBeVisible();
        await expect(block.getByText(LIVE_TABLE, { exact: true })).toBeVisible();
        // Nothing that is not known yet is stated: no figure (no "0 of 0"), no tone chosen from a count not yet read, no "No rows", no error card.
        await expect(block).not.toContainText(/\d/);
        await expect(block).not.toContainText(TONE_WORDS);
        await expect(block.locator("[data-tone='success'], [data-tone='danger']")).toHaveCount(0);
        await expect(block).not.toContainText("No rows");
        await expect(reply.getByText(FALLBACK_TEXT)).toHaveCount(0);
        await expect(reply.getByRole("alert")).toHaveCount(0);
        // Each part that reads the query is drawn as waiting for it.
        for (const label of ["Tests", "Failed", "Slowest"]) {
          expect(await liveStates(stat(block, label)), `the ${label} figure waits for its data`).toContain("loading");
        }
        expect(await liveStates(tablePart(block, LIVE_TABLE)), "the table waits for its rows").toContain("loading");
        // The summary's sentence, when it is drawn before its counts are known, says it is waiting too.
        const sentence = block.getByText(/tests failed in the newest run on main/);
        if ((await sentence.count()) > 0) expect(await liveStates(sentence.first()), "the summary waits for its counts").toContain("loading");
        await block.screenshot({ path: `${SCREENSHOTS}/live-data-loading-${look.viewport.width}x${look.viewport.height}.png` });

        await held.release();
        await expectRealFigures(reply, rows);
        await block.screenshot({ path: `${SCREENSHOTS}/live-data-loaded-${look.viewport.width}x${look.viewport.height}.png` });
      } finally {
        await held.release();
      }
    });

    test("over a branch with no runs, the table says so in words and a figure shows a dash, with no error", async ({ page }) => {
      // The recording reads the branch this spec checks, and CI never ran on it: the real server answers no rows.
      expect(readFileSync(path.join(FIXTURES, "replays", "live-data-states-empty", "reply.md"), "utf8")).toContain(`@Query("tests", {branch: "${EMPTY_BRANCH}"})`);
      expect(await newestRun(EMPTY_BRANCH)).toEqual([]);
      const chat = await open(page, look);
      const answered = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith("/queries"));
      await chat.send(EMPTY_PROMPT);
      await chat.waitForReplyEnd();
      const answer = await answered;
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toMatchObject({ name: "tests", arguments: { branch: EMPTY_BRANCH }, rows: [] });
      const reply = chat.lastReply();
      const block = blockOf(reply);

      await expect(block.getByText(EMPTY_TABLE, { exact: true })).toBeVisible();
      await expect(block).toContainText(EMPTY_TEXT);
      // The slowest of no tests is not known: a dash, not a number, not an error.
      for (const label of ["Slowest", "Slowest in seconds"]) {
        await expect(stat(block, label)).toContainText(UNKNOWN_FIGURE);
        await expect(stat(block, label)).not.toContainText(/\d/);
      }
      const table = tablePart(block, EMPTY_TABLE);
      await expect(table).toContainText(EMPTY_TEXT);
      expect(await liveStates(table), "the table says it has no rows").toContain("empty");
      await expect(reply.getByText(FALLBACK_TEXT)).toHaveCount(0);
      await expect(reply.getByRole("alert")).toHaveCount(0);
      await expect(block.locator("[data-live-state='loading'], [data-live-state='failed']")).toHaveCount(0);
      await expect(reply.getByRole("status").filter({ hasText: LOADING_STATUS })).toHaveCount(0);
      await block.screenshot({ path: `${SCREENSHOTS}/live-data-empty-${look.viewport.width}x${look.viewport.height}.png` });
    });

    test("a refused query shows the refusal in words with a Retry, and Retry loads the real values", async ({ page }) => {
      const chat = await open(page, look);
      const rows = await newestRun("main");
      expect(rows.length).toBeGreaterThan(0);
      const refusing = await refuseBlockQueries(page, TIMEOUT_REFUSAL);
      try {
        await chat.send(LIVE_PROMPT);
        await chat.waitForReplyEnd();
        await expect.poll(() => refusing.refused()).toBeGreaterThan(0);
        const reply = chat.lastReply();
        const block = blockOf(reply);

        // The refusal in words, in the block, with a Retry.
        await expect(block).toContainText("The query took too long and was stopped.");
        const retry = block.getByRole("button", { name: "Retry" }).first();
        await expect(retry).toBeVisible();
        // A refusal is not an answer: no figure, no "No rows", no tone, no error card.
        await expect(block).not.toContainText(/\d/);
        await expect(block).not.toContainText("No rows");
        await expect(block).not.toContainText(TONE_WORDS);
        await expect(reply.getByText(FALLBACK_TEXT)).toHaveCount(0);
        // Each part that reads the query says it failed; one of them says why and offers the Retry.
        const explained = block.locator("[data-live-state='failed']").filter({ hasText: "The query took too long and was stopped." });
        await expect(explained.first()).toBeVisible();
        await expect(explained.first().getByRole("button", { name: "Retry" })).toBeVisible();
        for (const label of ["Tests", "Failed", "Slowest"]) {
          expect(await liveStates(stat(block, label)), `the ${label} figure says its data failed`).toContain("failed");
        }
        expect(await liveStates(tablePart(block, LIVE_TABLE)), "the table says its rows failed").toContain("failed");
        await block.screenshot({ path: `${SCREENSHOTS}/live-data-failed-${look.viewport.width}x${look.viewport.height}.png` });

        // The source answers again: Retry reads the real rows.
        await refusing.stop();
        const retried = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith("/queries"));
        await retry.click();
        expect((await retried).status()).toBe(200);
        await expectRealFigures(reply, rows);
      } finally {
        await page.unroute(BLOCK_QUERY_ROUTE).catch(() => {});
      }
    });
  });
}
