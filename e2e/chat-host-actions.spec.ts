/**
 * Issue 13, "Done when", and issue 25's consent: `rerun_tests` run from a
 * choice adds a run that the panel's next reading shows, and running it twice
 * with the same key adds one run. Acting on a shared project takes a
 * maintainer of it (a guest or a viewer is refused), so the person signs up
 * and an operator makes them one. The live failing-tests panel's "Re-run the
 * failed tests" choice (id `rerun_tests`) sends a visible turn that asks for
 * exactly that: the reply has the host re-run them at once, shows the host's
 * record of it, and shows the panel again, which reads the new run.
 * Regenerating that reply asks again for the same request: the record says
 * it was already done, and no second run is added. The panel's other choice
 * never shows the issue's title, so its reply proposes the issue: a card
 * naming it and the person, with Confirm and Dismiss, reachable by keyboard
 * and laid out on a 390 px phone; nothing is filed until Confirm. What the
 * spec adds to the demo project is removed at the end, so later specs read it
 * as seeded.
 */
import { expect, test, type Locator } from "@playwright/test";
import { ChatPage } from "./pages/chat-page";
import { SignUpPage } from "./pages/sign-up-page";
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
  const email = `maintainer-${crypto.randomUUID().slice(0, 8)}@example.test`;
  await new SignUpPage(page).signUp({ name: "Mara Maintainer", email, password: "a long enough password" });
  const chat = new ChatPage(page);
  let before: number[] = [];
  try {
    await chat.send("Show the failing tests live");
    await chat.waitForReplyEnd();
    // Reading the project made the account a viewer of it; an operator makes it a maintainer, who may act.
    await withDatabase((sql) => sql`update project_members set role = 'maintainer' where project_id = 'demo' and user_id = (select id from users where email = ${email})`);
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

    // The panel's other choice proposes an issue: the choice never showed its title, so nothing is filed until the person confirms.
    await again.getByRole("group", { name: "Choices" }).getByRole("button", { name: "File an issue for the failures" }).click();
    await expect(chat.prompts()).toHaveCount(3);
    await chat.waitForReplyEnd();
    const proposal = chat.lastReply().getByRole("note", { name: "Issue: waiting for you" });
    await expect(proposal).toContainText(/File issue 'Billing tests fail on main' \(tests, billing\) on project .+ as Mara Maintainer/);
    const filedIssues = () => withDatabase((sql) => sql<{ title: string }[]>`select title from project_issues where chat_id = ${chat.chatId()}`);
    expect(await filedIssues()).toEqual([]);

    // On a 390 px phone the card and both answers fit the width, each a finger wide.
    await page.setViewportSize({ width: 390, height: 844 });
    const confirm = proposal.getByRole("button", { name: "Confirm" });
    const dismiss = proposal.getByRole("button", { name: "Dismiss" });
    await proposal.scrollIntoViewIfNeeded();
    for (const part of [proposal, confirm, dismiss]) {
      const box = await part.boundingBox();
      expect(box, "drawn").not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    expect((await confirm.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(40);
    await page.screenshot({ path: testInfo.outputPath("host-action-proposal-390.png") });

    // Confirmed from the keyboard: one issue, and the card says what was done.
    await confirm.focus();
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Enter");
    const done = chat.lastReply().getByRole("note", { name: "Issue: done" });
    await expect(done).toHaveText(/^✓\s*Filed issue #\d+: Billing tests fail on main/);
    await expect(done).toContainText("Asked: File issue 'Billing tests fail on main'");
    expect((await filedIssues()).map((issue) => issue.title)).toEqual(["Billing tests fail on main"]);
    await page.reload();
    await expect(chat.lastReply().getByRole("note", { name: "Issue: done" })).toContainText("Filed issue #");
    await expect(chat.lastReply().getByRole("button", { name: "Confirm" })).toHaveCount(0);
  } finally {
    // Later specs read the demo project's tests as seeded.
    const chatId = /\/chat\//.test(page.url()) ? chat.chatId() : null;
    await withDatabase(async (sql) => {
      if (before.length > 0) await sql`delete from project_test_runs where project_id = 'demo' and run_number > ${Math.max(...before)}`;
      if (chatId !== null) await sql`delete from project_issues where chat_id = ${chatId}`;
    });
  }
});
