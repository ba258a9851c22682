/**
 * Issue 13, "Done when": `rerun_tests` run from a choice adds a run that the
 * panel's next reading shows, and running it twice with the same key adds
 * one run. The live failing-tests panel's "Re-run the failed tests" choice
 * sends a visible turn; the reply has the host re-run them, shows the host's
 * record of it, and shows the panel again, which reads the new run.
 * Regenerating that reply asks again for the same request: the record says
 * it was already done, and no second run is added. The panel's other choice
 * files an issue. What the spec adds to the demo project is removed at the
 * end, so later specs read it as seeded.
 */
import { expect, test, type Locator } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";
import { withDatabase } from "./support/database";

/** The demo project's run numbers, across branches. */
function runNumbers(): Promise<number[]> {
  return withDatabase(async (sql) => {
    const rows = await sql<{ run_number: number }[]>`select distinct run_number from project_test_runs where project_id = 'demo' order by run_number`;
    return rows.map((row) => row.run_number);
  });
}

/** The figure of a `Stat` in `scope`, by its label. */
function stat(scope: Locator, label: string): Locator {
  return scope.getByText(label, { exact: true }).locator("..");
}

/** The body rows of a table (its header row left out). */
function bodyRows(table: Locator): Locator {
  return table.locator("tbody").getByRole("row");
}

const RECORD_LINE = /^✓\s*Re-ran (\d+) failed tests? — run #(\d+): (\d+) passed, (\d+) failed/;

test("a choice re-runs the failed tests: the record shows in the reply, the panel's next reading shows the run, and the same request again adds none", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  let before: number[] = [];
  try {
    await chat.send("Show the failing tests live");
    await chat.waitForReplyEnd();
    const first = chat.replies().first();
    const failedTable = first.getByRole("table", { name: "Failed tests" });
    await expect(bodyRows(failedTable).first()).toBeVisible();
    before = await runNumbers();
    const newestOnMain = await stat(first, "Newest run").innerText();
    const failedBefore = await bodyRows(failedTable).count();
    expect(failedBefore).toBeGreaterThan(0);

    // The pick: a visible turn, answered by a reply that has the host re-run the failed tests.
    await first.getByRole("group", { name: "Choices" }).getByRole("button", { name: "Re-run the failed tests" }).click();
    await expect(chat.prompts()).toHaveCount(2);
    await expect(chat.prompts().last()).toContainText("Re-run the failed tests");
    await chat.waitForReplyEnd();
    const reply = chat.lastReply();
    const record = reply.getByRole("note", { name: "Test re-run: done" });
    await expect(record).toHaveText(RECORD_LINE);
    const [, rerun, runNumber, passed, failed] = RECORD_LINE.exec(await record.innerText()) ?? [];
    expect(Number(rerun)).toBe(failedBefore);
    expect(Number(passed) + Number(failed)).toBe(failedBefore);
    expect(Number(runNumber)).toBe(Math.max(...before) + 1);
    expect(await runNumbers()).toEqual([...before, Number(runNumber)]);

    // The panel, shown again, reads the tests again: the new run.
    const shown = `#${runNumber}`;
    await expect(stat(reply, "Newest run")).toContainText(shown);
    expect(shown).not.toBe(newestOnMain);
    await expect(stat(reply, "Failed")).toContainText(String(failed));
    await expect(bodyRows(reply.getByRole("table", { name: "Failed tests" }))).toHaveCount(Number(failed));
    await record.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("host-action-record.png") });
    await expect(first.getByRole("table", { name: "Failed tests" })).toHaveCount(0);

    // Reloaded: the record is stored with the reply.
    await page.reload();
    await expect(chat.lastReply().getByRole("note", { name: "Test re-run: done" })).toHaveText(RECORD_LINE);
    await expect(stat(chat.lastReply(), "Newest run")).toContainText(shown);

    // The same request again — the reply regenerated — is not performed twice.
    await chat.lastReply().getByRole("button", { name: "Regenerate this reply" }).click();
    await chat.waitForReplyEnd();
    await expect(chat.replies()).toHaveCount(2);
    const again = chat.lastReply();
    await expect(again.getByRole("note", { name: "Test re-run: done" })).toContainText(`run #${runNumber}: ${passed} passed, ${failed} failed`);
    await expect(again.getByRole("note", { name: "Test re-run: done" })).toContainText("already done for this request");
    await expect(stat(again, "Newest run")).toContainText(shown);
    expect(await runNumbers()).toEqual([...before, Number(runNumber)]);

    // The panel's other choice files an issue.
    await again.getByRole("group", { name: "Choices" }).getByRole("button", { name: "File an issue for the failures" }).click();
    await expect(chat.prompts()).toHaveCount(3);
    await chat.waitForReplyEnd();
    await expect(chat.lastReply().getByRole("note", { name: "Issue: done" })).toHaveText(/^✓\s*Filed issue #\d+: Billing tests fail on main/);
    const issues = await withDatabase((sql) => sql<{ title: string }[]>`select title from project_issues where chat_id = ${chat.chatId()}`);
    expect(issues.map((issue) => issue.title)).toEqual(["Billing tests fail on main"]);
  } finally {
    // Later specs read the demo project's tests as seeded.
    const chatId = /\/chat\//.test(page.url()) ? chat.chatId() : null;
    await withDatabase(async (sql) => {
      if (before.length > 0) await sql`delete from project_test_runs where project_id = 'demo' and run_number > ${Math.max(...before)}`;
      if (chatId !== null) await sql`delete from project_issues where chat_id = ${chatId}`;
    });
  }
});
