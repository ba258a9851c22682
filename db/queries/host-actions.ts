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
import { hostActions, messages, projectIssues, projectTestRuns, type HostActionRow, type HostActionStatus, type JsonValue, type ProjectTestRun } from "../schema";
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

function attemptRow(attempt: HostActionAttempt, status: HostActionStatus, extra: { result?: JsonValue; errorCode?: string; proposalId?: string; id?: string } = {}) {
  return {
    id: extra.id ?? crypto.randomUUID(),
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
    proposalId: extra.proposalId ?? null,
  };
}

/** The lock every write of one action on one project takes: run and issue numbers count up without a race, and a key's second call waits for its first. */
async function lockActionOnProject(transaction: Database, action: string, projectId: string): Promise<void> {
  await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${`host-action:${action}:${projectId}`}))`);
}

/** The `done` row of a key, if its action was performed. */
async function doneRowOf(transaction: Database, userId: string, idempotencyKey: string): Promise<HostActionRow | undefined> {
  const [done] = await transaction
    .select()
    .from(hostActions)
    .where(and(eq(hostActions.userId, userId), eq(hostActions.idempotencyKey, idempotencyKey), eq(hostActions.status, "done")))
    .limit(1);
  return done;
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
        const database = transaction as unknown as Database;
        await lockActionOnProject(database, attempt.action, attempt.projectId);
        const earlier = await doneRowOf(database, attempt.userId, attempt.idempotencyKey);
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

/** What `proposeHostActionOnce` answers: the proposal's id, or the result of the key's performed action (nothing to propose). */
export type ProposedHostAction = { kind: "proposed"; proposalId: string } | { kind: "replayed"; result: JsonValue };

/**
 * Records a proposal (a `proposed` row holding the checked input it will run
 * with), unless the key's action was already performed — confirmed on an
 * earlier version of the reply — when the earlier result answers (recorded
 * as `replayed`) and nothing is proposed again.
 */
export function proposeHostActionOnce(input: QueryOptions & { attempt: HostActionAttempt & { projectId: string; idempotencyKey: string } }): Promise<ProposedHostAction> {
  const { attempt } = input;
  return runQuery("proposeHostActionOnce", input, (database) =>
    database.transaction(async (transaction): Promise<ProposedHostAction> => {
      const locked = transaction as unknown as Database;
      await lockActionOnProject(locked, attempt.action, attempt.projectId);
      const earlier = await doneRowOf(locked, attempt.userId, attempt.idempotencyKey);
      if (earlier) {
        await transaction.insert(hostActions).values(attemptRow(attempt, "replayed", { result: earlier.result ?? null }));
        return { kind: "replayed", result: earlier.result ?? null };
      }
      const row = attemptRow(attempt, "proposed");
      await transaction.insert(hostActions).values(row);
      return { kind: "proposed", proposalId: row.id };
    }),
  );
}

/** An open or settled proposal, as its `proposed` row stores it. */
export function getHostActionProposal(input: QueryOptions & { userId: string; chatId: string; messageId: string; proposalId: string }): Promise<HostActionRow | null> {
  return runQuery("getHostActionProposal", input, async (database) => {
    const [row] = await database
      .select()
      .from(hostActions)
      .where(
        and(
          eq(hostActions.id, input.proposalId),
          eq(hostActions.status, "proposed"),
          eq(hostActions.userId, input.userId),
          eq(hostActions.chatId, input.chatId),
          eq(hostActions.messageId, input.messageId),
        ),
      )
      .limit(1);
    return row ?? null;
  });
}

/** How the person settles a proposal: confirm it (run `apply`), dismiss it, or — when the host refuses it now — close it as refused. */
export type ProposalDecision =
  | { kind: "confirm"; apply: (transaction: Database) => Promise<JsonValue> }
  | { kind: "dismiss" }
  | { kind: "refuse"; errorCode: string };

/** What settling answered: the row that settled it now, or the one that had settled it already (a second tab, a double click). */
export type SettledProposal = { kind: "settled"; row: HostActionRow; now: boolean };

/**
 * Settles proposal `proposal` once, under the action's lock: a proposal
 * already settled answers with the row that settled it; a dismissal or
 * refusal is recorded; a confirmation runs `apply` once per key (a key
 * already performed answers with its result, as `replayed`) and records
 * `done` — or `refused`, when `apply` declines (`HostActionDeclined`, inside
 * a savepoint so its writes are undone). `change` rewrites the reply's card
 * in the same transaction, so the stored reply says what happened.
 */
export function settleHostActionProposal(
  input: QueryOptions & {
    proposal: HostActionRow & { projectId: string; idempotencyKey: string };
    actorName: string;
    decision: ProposalDecision;
    change: (settled: HostActionRow, transaction: Database) => Promise<void>;
  },
): Promise<SettledProposal> {
  const { proposal } = input;
  const attempt: HostActionAttempt = { ...proposal, actorName: input.actorName, input: proposal.input ?? null };
  return runQuery("settleHostActionProposal", input, (database) =>
    database.transaction(async (transaction): Promise<SettledProposal> => {
      const locked = transaction as unknown as Database;
      await lockActionOnProject(locked, proposal.action, proposal.projectId);
      const [already] = await transaction.select().from(hostActions).where(eq(hostActions.proposalId, proposal.id)).limit(1);
      if (already && already.status !== "failed") return { kind: "settled", row: already, now: false };
      const settle = async (status: HostActionStatus, extra: { result?: JsonValue; errorCode?: string }) => {
        const row = attemptRow(attempt, status, { ...extra, proposalId: proposal.id });
        const [stored] = await transaction.insert(hostActions).values(row).returning();
        if (!stored) throw new Error("the settling row was not stored");
        await input.change(stored, locked);
        return { kind: "settled" as const, row: stored, now: true };
      };
      const { decision } = input;
      if (decision.kind === "dismiss") return settle("dismissed", {});
      if (decision.kind === "refuse") return settle("refused", { errorCode: decision.errorCode });
      const earlier = await doneRowOf(locked, proposal.userId, proposal.idempotencyKey);
      if (earlier) return settle("replayed", { result: earlier.result ?? null });
      let result: JsonValue;
      try {
        result = await transaction.transaction((savepoint) => decision.apply(savepoint as unknown as Database));
      } catch (caught) {
        if (!(caught instanceof HostActionDeclined)) throw caught;
        return settle("refused", { errorCode: caught.code, result: { message: caught.message } });
      }
      return settle("done", { result });
    }),
  );
}

/**
 * Rewrites the host action card of proposal `proposalId` in the stored reply
 * `messageId` of chat `chatId` (its `genui` column's tools), in the caller's
 * transaction; false when the reply holds no such card.
 */
export async function rewriteReplyHostActionCard(input: {
  database: Database;
  chatId: string;
  messageId: string;
  proposalId: string;
  change: (card: Record<string, unknown>) => Record<string, unknown>;
}): Promise<boolean> {
  const [row] = await input.database
    .select({ genui: messages.genui })
    .from(messages)
    .where(and(eq(messages.id, input.messageId), eq(messages.chatId, input.chatId), eq(messages.role, "assistant")))
    .for("update")
    .limit(1);
  const genui = row?.genui;
  if (genui === null || typeof genui !== "object" || Array.isArray(genui) || !Array.isArray(genui.tools)) return false;
  let found = false;
  const tools = genui.tools.map((card) => {
    if (card === null || typeof card !== "object" || Array.isArray(card) || card.proposalId !== input.proposalId) return card;
    found = true;
    return input.change(card) as JsonValue;
  });
  if (!found) return false;
  await input.database.update(messages).set({ genui: { ...genui, tools } }).where(and(eq(messages.id, input.messageId), eq(messages.chatId, input.chatId)));
  return true;
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
