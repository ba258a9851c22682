/**
 * `rerun_tests`: re-runs the failed tests of the newest run on a branch, as
 * a CI server's "re-run failed jobs" does — a new run under the project's
 * next run number, holding every test of the run it re-runs: the ones that
 * passed carried over as they were, the failed ones run again. There is no
 * real CI behind the demo project, so a re-run's outcome is decided by a
 * hash of the branch, new run number and test: fixed for a run
 * (tests and replays can rely on it), about two in three pass (a re-run
 * usually clears flaky failures, not every real one), and each takes about
 * as long as it did. (The hash's salt was picked so the demo project's first
 * re-run, #1843, tells its story: two billing tests pass, the refund test
 * still fails.)
 */
import "server-only";
import { createHash } from "node:crypto";
import type { Database } from "@/db/client";
import { addTestRun, HostActionDeclined, nextTestRunNumber, readLatestTestRun } from "@/db/queries/host-actions";
import type { Project } from "@/db/schema";
import type { RerunTestsRecord } from "./host-action-card";
import type { RerunTestsInput } from "./host-action-definitions";

/** Chance that a failed test passes when re-run. */
const PASS_CHANCE = 2 / 3;
/** How far a re-run's time strays from the failed run's, either way. */
const TIME_SPREAD = 0.2;

/** A number in [0, 1) fixed by `parts`. */
function fraction(...parts: (string | number)[]): number {
  return createHash("sha256").update(parts.join("\u0000")).digest().readUInt32BE(0) / 2 ** 32;
}

/** The branch the input names, or the project's default. */
export function rerunBranch(project: Project, input: RerunTestsInput): string {
  return input.branch ?? project.defaultBranch;
}

/** Adds the re-run (see the file comment); declines when the branch has no run or its newest has no failure. */
export async function rerunTests(input: { database: Database; project: Project; input: RerunTestsInput; now: Date }): Promise<RerunTestsRecord> {
  const branch = rerunBranch(input.project, input.input);
  const scope = { database: input.database, projectId: input.project.id };
  const latest = await readLatestTestRun({ ...scope, branch });
  const previous = latest[0];
  if (previous === undefined) throw new HostActionDeclined("nothing_to_do", `There is no test run on ${branch} to re-run; nothing was run.`);
  const failing = latest.filter((row) => row.failed);
  if (failing.length === 0) throw new HostActionDeclined("nothing_to_do", `Run #${previous.runNumber} on ${branch} has no failed tests; nothing was re-run.`);
  const runNumber = await nextTestRunNumber(scope);
  const rows = latest.map((row) => {
    if (!row.failed) return { ...row, runNumber, finishedAt: input.now };
    const key = [branch, runNumber, row.name];
    const ms = Math.max(1, Math.round(row.ms * (1 - TIME_SPREAD + 2 * TIME_SPREAD * fraction("ms", ...key))));
    return { ...row, runNumber, ms, failed: fraction("result", ...key) >= PASS_CHANCE, finishedAt: input.now };
  });
  await addTestRun({ database: input.database, rows });
  const tests = rows.filter((row) => failing.some((failed) => failed.name === row.name)).map((row) => ({ name: row.name, failed: row.failed, ms: row.ms }));
  const failed = tests.filter((test) => test.failed).length;
  return { branch, previousRun: previous.runNumber, runNumber, tests, passed: tests.length - failed, failed };
}

/** The record's line: "Re-ran 3 failed tests — run #1843: 2 passed, 1 failed". */
export function rerunLine(record: RerunTestsRecord): string {
  const count = record.tests.length;
  return `Re-ran ${count} failed test${count === 1 ? "" : "s"} — run #${record.runNumber}: ${record.passed} passed, ${record.failed} failed`;
}
