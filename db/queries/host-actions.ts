/**
 * The host actions' store: every attempt as an audit row, applied at most
 * once per idempotency key, and the project writes the actions make (a new
 * test run, an issue). `applyHostActionOnce` runs an action's writes and its
 * `done` row in one transaction under a lock per action and project, so two
 * calls with one key — a regenerated turn, two tabs — apply once and the
 * second reads the first's result; when the row cannot be written, the
 * action does not happen. Callers have authorized the chat and the project.
 */
import "server-only";
import { and, asc, eq, max, sql } from "drizzle-orm";
import { hostActions, projectIssues, projectTestRuns, type HostActionRow, type HostActionStatus, type JsonValue, type ProjectTestRun } from "../schema";
import type { Database } from "../client";
import { runQuery, type QueryOptions } from "./run-query";

/** Who asked for what, from where: the columns every attempt's row shares. */
export type HostActionAttempt = {
  userId: string;
  actorName: string;
  chatId: string;
  messageId: string;
  projectId: string | null;
  action: HostActionRow["action"];
  idempotencyKey: string | null;
  input: JsonValue;
};

/** What `applyHostActionOnce` answers: the result and whether an earlier attempt had already produced it, or why `apply` declined. */
export type AppliedHostAction = { kind: "applied"; replayed: boolean; result: JsonValue } | { kind: "declined"; code: string; message: string };

/** Thrown by an `apply` that decides to do nothing: the transaction is rolled back and the caller records the refusal. */
export class HostActionDeclined extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "HostActionDeclined";
  }
}

function attemptRow(attempt: HostActionAttempt, status: HostActionStatus, extra: { result?: JsonValue; errorCode?: string } = {}) {
  return {
    id: crypto.randomUUID(),
    userId: attempt.userId,
    actorName: attempt.actorName,
    chatId: attempt.chatId,
    messageId: attempt.messageId,
    projectId: attempt.projectId,
    action: attempt.action,
    idempotencyKey: attempt.idempotencyKey,
    input: attempt.input,
    status,
    result: extra.result ?? null,
    errorCode: extra.errorCode ?? null,
  };
}

/**
 * Applies an action once per `(userId, idempotencyKey)`: under the lock,
 * a `done` row for the key answers with its result (recorded as `replayed`);
 * otherwise `apply` runs in the transaction and its result is recorded as
 * `done`. An `apply` that throws `HostActionDeclined` changes nothing.
 */
export function applyHostActionOnce(
  input: QueryOptions & { attempt: HostActionAttempt & { projectId: string; idempotencyKey: string }; apply: (transaction: Database) => Promise<JsonValue> },
): Promise<AppliedHostAction> {
  const { attempt } = input;
  return runQuery("applyHostActionOnce", input, async (database): Promise<AppliedHostAction> => {
    try {
      return await database.transaction(async (transaction): Promise<AppliedHostAction> => {
        // One action at a time per project: run and issue numbers count up without a race, and a key's second call waits for its first.
        await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${`host-action:${attempt.action}:${attempt.projectId}`}))`);
        const [earlier] = await transaction
          .select()
          .from(hostActions)
          .where(and(eq(hostActions.userId, attempt.userId), eq(hostActions.idempotencyKey, attempt.idempotencyKey), eq(hostActions.status, "done")))
          .limit(1);
        if (earlier) {
          await transaction.insert(hostActions).values(attemptRow(attempt, "replayed", { result: earlier.result ?? null }));
          return { kind: "applied", replayed: true, result: earlier.result ?? null };
        }
        const result = await input.apply(transaction as unknown as Database);
        await transaction.insert(hostActions).values(attemptRow(attempt, "done", { result }));
        return { kind: "applied", replayed: false, result };
      });
    } catch (caught) {
      if (caught instanceof HostActionDeclined) return { kind: "declined", code: caught.code, message: caught.message };
      throw caught;
    }
  });
}

/** Records an attempt that did nothing: refused (input, authorization, nothing to do) or failed. */
export function recordHostActionAttempt(input: QueryOptions & { attempt: HostActionAttempt; status: "refused" | "failed"; errorCode: string }): Promise<void> {
  return runQuery("recordHostActionAttempt", input, async (database) => {
    await database.insert(hostActions).values(attemptRow(input.attempt, input.status, { errorCode: input.errorCode }));
  });
}

/** A chat's attempts, oldest first (audit reads and tests). */
export function listHostActions(input: QueryOptions & { chatId: string }): Promise<HostActionRow[]> {
  return runQuery("listHostActions", input, (database) =>
    database.select().from(hostActions).where(eq(hostActions.chatId, input.chatId)).orderBy(asc(hostActions.createdAt), asc(hostActions.id)),
  );
}

/** Every result of the newest run on a branch, whole rows (every column the schema has), by name; empty when the branch has no run. */
export function readLatestTestRun(input: QueryOptions & { projectId: string; branch: string }): Promise<ProjectTestRun[]> {
  return runQuery("readLatestTestRun", input, async (database) => {
    const scope = and(eq(projectTestRuns.projectId, input.projectId), eq(projectTestRuns.branch, input.branch));
    const [latest] = await database.select({ runNumber: max(projectTestRuns.runNumber) }).from(projectTestRuns).where(scope);
    if (latest?.runNumber === null || latest?.runNumber === undefined) return [];
    return database
      .select()
      .from(projectTestRuns)
      .where(and(scope, eq(projectTestRuns.runNumber, latest.runNumber)))
      .orderBy(asc(projectTestRuns.name));
  });
}

/** The number the project's next CI run takes: run numbers count across branches, as a CI server's do. */
export function nextTestRunNumber(input: QueryOptions & { projectId: string }): Promise<number> {
  return runQuery("nextTestRunNumber", input, async (database) => {
    const [latest] = await database.select({ runNumber: max(projectTestRuns.runNumber) }).from(projectTestRuns).where(eq(projectTestRuns.projectId, input.projectId));
    return (latest?.runNumber ?? 0) + 1;
  });
}

/** Adds the results of one run. */
export function addTestRun(input: QueryOptions & { rows: ProjectTestRun[] }): Promise<void> {
  return runQuery("addTestRun", input, async (database) => {
    if (input.rows.length > 0) await database.insert(projectTestRuns).values(input.rows);
  });
}

/** Files an issue under the project's next number and returns that number. */
export function addProjectIssue(
  input: QueryOptions & { projectId: string; title: string; body: string; labels: string[]; createdBy: string; chatId: string },
): Promise<number> {
  return runQuery("addProjectIssue", input, async (database) => {
    const [latest] = await database.select({ number: max(projectIssues.number) }).from(projectIssues).where(eq(projectIssues.projectId, input.projectId));
    const number = (latest?.number ?? 0) + 1;
    await database.insert(projectIssues).values({
      projectId: input.projectId,
      number,
      title: input.title,
      body: input.body,
      labels: input.labels,
      createdBy: input.createdBy,
      chatId: input.chatId,
    });
    return number;
  });
}
