/**
 * Comparison run queries. A run is its owner's; a share lets another person
 * read it. Every read names who asks: `getCompareRunAccess` is the one place
 * that decides whether a person may see a run (owner or shared-with).
 */
import "server-only";
import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import {
  chats,
  comparePanes,
  compareRuns,
  compareShares,
  compareVotes,
  messages,
  users,
  type ComparePane,
  type CompareRun,
  type CompareVoteRow,
  type JsonValue,
} from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** The most runs one listing returns. */
export const MAX_COMPARE_RUNS_PER_PAGE = 100;

/** One pane to create with its run: its chat is made in the same transaction. */
export type NewComparePane = {
  id: string;
  chatId: string;
  slot: number;
  sample: number;
  label: string;
  modelId: string;
  chatTitle: string;
};

/** Creates a run, the chat of each pane (purpose `compare`) and the panes, all at once. */
export function createCompareRun(
  input: QueryOptions & {
    run: { id: string; userId: string; prompt: string; settings: JsonValue; tag: string | null; blind: boolean; parentRunId: string | null };
    chatSettings: JsonValue;
    panes: readonly NewComparePane[];
  },
): Promise<{ run: CompareRun; panes: ComparePane[] }> {
  return runQuery("createCompareRun", input, (database) =>
    database.transaction(async (transaction) => {
      const [run] = await transaction.insert(compareRuns).values(input.run).returning();
      if (!run) throw new Error("insert returned no run");
      if (input.panes.length > 0) {
        await transaction.insert(chats).values(
          input.panes.map((pane) => ({
            id: pane.chatId,
            userId: input.run.userId,
            title: pane.chatTitle,
            modelId: pane.modelId,
            purpose: "compare" as const,
            settings: input.chatSettings,
          })),
        );
      }
      const panes =
        input.panes.length === 0
          ? []
          : await transaction
              .insert(comparePanes)
              .values(
                input.panes.map((pane) => ({
                  id: pane.id,
                  runId: run.id,
                  slot: pane.slot,
                  sample: pane.sample,
                  label: pane.label,
                  modelId: pane.modelId,
                  chatId: pane.chatId,
                  status: "streaming" as const,
                  startOffsetMs: 0,
                })),
              )
              .returning();
      return { run, panes: panes.sort(byPosition) };
    }),
  );
}

/** Who a person is to a run: its owner, a person it is shared with, or nobody (null). */
export type CompareRunAccess = { run: CompareRun; role: "owner" | "viewer" } | null;

/** The run and the asker's role in it; null when it does not exist or is neither theirs nor shared with them. */
export function getCompareRunAccess(input: QueryOptions & { userId: string; runId: string }): Promise<CompareRunAccess> {
  return runQuery("getCompareRunAccess", input, async (database) => {
    const [row] = await database
      .select({ run: compareRuns, sharedWith: compareShares.userId })
      .from(compareRuns)
      .leftJoin(compareShares, and(eq(compareShares.runId, compareRuns.id), eq(compareShares.userId, input.userId)))
      .where(eq(compareRuns.id, input.runId))
      .limit(1);
    if (!row) return null;
    if (row.run.userId === input.userId) return { run: row.run, role: "owner" };
    return row.sharedWith === input.userId ? { run: row.run, role: "viewer" } : null;
  });
}

/** The panes of a run, by slot then sample. */
export function listComparePanes(input: QueryOptions & { runId: string }): Promise<ComparePane[]> {
  return runQuery("listComparePanes", input, async (database) =>
    (await database.select().from(comparePanes).where(eq(comparePanes.runId, input.runId))).sort(byPosition),
  );
}

/** Changes a pane of a run; null when the run has no such pane. */
export function updateComparePane(
  input: QueryOptions & {
    runId: string;
    paneId: string;
    set: Partial<Pick<ComparePane, "chatId" | "messageId" | "attempt" | "status" | "startOffsetMs" | "metrics" | "leaked">>;
  },
): Promise<ComparePane | null> {
  return runQuery("updateComparePane", input, async (database) => {
    const [pane] = await database
      .update(comparePanes)
      .set(input.set)
      .where(and(eq(comparePanes.runId, input.runId), eq(comparePanes.id, input.paneId)))
      .returning();
    return pane ?? null;
  });
}

/** Creates a pane's chat (purpose `compare`) for a retry. */
export function createCompareChat(input: QueryOptions & { userId: string; chatId: string; title: string; modelId: string; settings: JsonValue }): Promise<void> {
  return runQuery("createCompareChat", input, async (database) => {
    await database.insert(chats).values({ id: input.chatId, userId: input.userId, title: input.title, modelId: input.modelId, purpose: "compare", settings: input.settings });
  });
}

/** Deletes one chat of a user (a pane's earlier attempt). */
export function deleteCompareChat(input: QueryOptions & { userId: string; chatId: string }): Promise<void> {
  return runQuery("deleteCompareChat", input, async (database) => {
    await database.delete(chats).where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId), eq(chats.purpose, "compare")));
  });
}

/** A run as a listing shows it. */
export type CompareRunSummary = { run: CompareRun; role: "owner" | "viewer"; paneCount: number; models: string[]; voted: boolean };

/** The person's runs and the runs shared with them, newest first. */
export function listCompareRuns(input: QueryOptions & { userId: string; limit?: number }): Promise<CompareRunSummary[]> {
  const limit = Math.min(Math.max(1, input.limit ?? MAX_COMPARE_RUNS_PER_PAGE), MAX_COMPARE_RUNS_PER_PAGE);
  return runQuery("listCompareRuns", input, async (database) => {
    const shared = database.select({ runId: compareShares.runId }).from(compareShares).where(eq(compareShares.userId, input.userId));
    const runs = await database
      .select()
      .from(compareRuns)
      .where(or(eq(compareRuns.userId, input.userId), inArray(compareRuns.id, shared)))
      .orderBy(desc(compareRuns.createdAt), desc(compareRuns.id))
      .limit(limit);
    if (runs.length === 0) return [];
    const ids = runs.map((run) => run.id);
    const panes = await database.select({ runId: comparePanes.runId, modelId: comparePanes.modelId }).from(comparePanes).where(inArray(comparePanes.runId, ids));
    const votes = await database.select({ runId: compareVotes.runId }).from(compareVotes).where(inArray(compareVotes.runId, ids));
    const voted = new Set(votes.map((vote) => vote.runId));
    return runs.map((run) => {
      const own = panes.filter((pane) => pane.runId === run.id);
      return {
        run,
        role: run.userId === input.userId ? ("owner" as const) : ("viewer" as const),
        paneCount: own.length,
        models: [...new Set(own.map((pane) => pane.modelId))],
        voted: voted.has(run.id),
      };
    });
  });
}

/** Every run of a person with its panes, oldest first, for an export. */
export function listCompareRunsForExport(input: QueryOptions & { userId: string; runId?: string }): Promise<{ run: CompareRun; panes: ComparePane[]; vote: CompareVoteRow | null }[]> {
  return runQuery("listCompareRunsForExport", input, async (database) => {
    const runs = await database
      .select()
      .from(compareRuns)
      .where(and(eq(compareRuns.userId, input.userId), input.runId !== undefined ? eq(compareRuns.id, input.runId) : undefined))
      .orderBy(compareRuns.createdAt, compareRuns.id);
    if (runs.length === 0) return [];
    const ids = runs.map((run) => run.id);
    const panes = await database.select().from(comparePanes).where(inArray(comparePanes.runId, ids));
    const votes = await database.select().from(compareVotes).where(inArray(compareVotes.runId, ids));
    return runs.map((run) => ({
      run,
      panes: panes.filter((pane) => pane.runId === run.id).sort(byPosition),
      vote: votes.find((vote) => vote.runId === run.id) ?? null,
    }));
  });
}

/** Stores the vote of a run; null when the run already has one (a run is voted on once). */
export function insertCompareVote(
  input: QueryOptions & { vote: Omit<CompareVoteRow, "createdAt"> },
): Promise<CompareVoteRow | null> {
  return runQuery("insertCompareVote", input, async (database) => {
    const [vote] = await database.insert(compareVotes).values(input.vote).onConflictDoNothing().returning();
    return vote ?? null;
  });
}

/** The vote of a run, or null. */
export function getCompareVote(input: QueryOptions & { runId: string }): Promise<CompareVoteRow | null> {
  return runQuery("getCompareVote", input, async (database) => {
    const [vote] = await database.select().from(compareVotes).where(eq(compareVotes.runId, input.runId)).limit(1);
    return vote ?? null;
  });
}

/** Every vote that counts for the ratings (not flagged), with its run's tag; optionally of one tag. */
export function listRatedVotes(input: QueryOptions & { tag?: string }): Promise<{ vote: CompareVoteRow; tag: string | null }[]> {
  return runQuery("listRatedVotes", input, (database) =>
    database
      .select({ vote: compareVotes, tag: compareRuns.tag })
      .from(compareVotes)
      .innerJoin(compareRuns, eq(compareRuns.id, compareVotes.runId))
      .where(and(eq(compareVotes.flagged, false), input.tag !== undefined ? eq(compareRuns.tag, input.tag) : undefined))
      .orderBy(compareVotes.createdAt, compareVotes.runId),
  );
}

/** The tags runs carry, most used first. */
export function listCompareTags(input: QueryOptions = {}): Promise<string[]> {
  return runQuery("listCompareTags", input, async (database) => {
    const rows = await database
      .select({ tag: compareRuns.tag, count: sql<number>`count(*)::int` })
      .from(compareRuns)
      .where(isNotNull(compareRuns.tag))
      .groupBy(compareRuns.tag)
      .orderBy(desc(sql`count(*)`), compareRuns.tag)
      .limit(50);
    return rows.flatMap((row) => (row.tag === null ? [] : [row.tag]));
  });
}

/** Every stored pane's model and metrics (optionally of runs with one tag), for the leaderboard's UI record. */
export function listPaneMetrics(input: QueryOptions & { tag?: string }): Promise<{ modelId: string; metrics: JsonValue }[]> {
  return runQuery("listPaneMetrics", input, async (database) => {
    const rows = await database
      .select({ modelId: comparePanes.modelId, metrics: comparePanes.metrics })
      .from(comparePanes)
      .innerJoin(compareRuns, eq(compareRuns.id, comparePanes.runId))
      .where(and(isNotNull(comparePanes.metrics), input.tag !== undefined ? eq(compareRuns.tag, input.tag) : undefined));
    return rows.flatMap((row) => (row.metrics === null ? [] : [{ modelId: row.modelId, metrics: row.metrics }]));
  });
}

/** Shares a run with a person (idempotent). */
export function addCompareShare(input: QueryOptions & { runId: string; userId: string }): Promise<void> {
  return runQuery("addCompareShare", input, async (database) => {
    await database.insert(compareShares).values({ runId: input.runId, userId: input.userId }).onConflictDoNothing();
  });
}

/** Takes a share back; false when there was none. */
export function removeCompareShare(input: QueryOptions & { runId: string; userId: string }): Promise<boolean> {
  return runQuery("removeCompareShare", input, async (database) => {
    const removed = await database
      .delete(compareShares)
      .where(and(eq(compareShares.runId, input.runId), eq(compareShares.userId, input.userId)))
      .returning({ userId: compareShares.userId });
    return removed.length > 0;
  });
}

/** The people a run is shared with. */
export function listCompareShares(input: QueryOptions & { runId: string }): Promise<{ userId: string; name: string; email: string }[]> {
  return runQuery("listCompareShares", input, (database) =>
    database
      .select({ userId: users.id, name: users.name, email: users.email })
      .from(compareShares)
      .innerJoin(users, eq(users.id, compareShares.userId))
      .where(eq(compareShares.runId, input.runId))
      .orderBy(compareShares.createdAt),
  );
}

/** The stored replies of a run's panes, by message id (a pane's chat is its owner's). */
export function listPaneReplies(input: QueryOptions & { messageIds: readonly string[] }): Promise<(typeof messages.$inferSelect)[]> {
  return runQuery("listPaneReplies", input, async (database) =>
    input.messageIds.length === 0 ? [] : database.select().from(messages).where(inArray(messages.id, [...input.messageIds])),
  );
}

function byPosition(a: ComparePane, b: ComparePane): number {
  return a.slot - b.slot || a.sample - b.sample;
}
