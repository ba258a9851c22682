/**
 * Background recompile checks: a run row with its progress (polled by the
 * page that started it, or any other), and the stored trees it found
 * changed. Written by the run as it goes, read only by admins.
 */
import "server-only";
import { and, asc, eq, exists, sql } from "drizzle-orm";
import { adminRecompileChanges, adminRecompileRuns, users, type AdminRecompileChange, type AdminRecompileRun, type JsonValue } from "../schema";
import type { Database } from "../client";
import { runQuery, type QueryOptions } from "./run-query";

function callerIsAdmin(database: Database, adminUserId: string) {
  return exists(database.select({ id: users.id }).from(users).where(and(eq(users.id, adminUserId), eq(users.role, "admin"), eq(users.isAnonymous, false))));
}

/** Starts a run row (status `running`) for `total` trees. */
export function createRecompileRun(input: QueryOptions & { id: string; actorUserId: string; filter: JsonValue; total: number }): Promise<AdminRecompileRun> {
  return runQuery("createRecompileRun", input, async (database) => {
    const [row] = await database
      .insert(adminRecompileRuns)
      .values({ id: input.id, actorUserId: input.actorUserId, filter: input.filter, total: input.total })
      .returning();
    if (!row) throw new Error("the run row was not written");
    return row;
  });
}

/** Records a batch of progress: the trees found changed in it, and the run's new totals, in one transaction. */
export function recordRecompileProgress(
  input: QueryOptions & {
    runId: string;
    changes: readonly { messageId: string; kinds: string[]; counts: JsonValue }[];
    processed: number;
    changed: number;
    counts: JsonValue;
  },
): Promise<void> {
  return runQuery("recordRecompileProgress", input, (database) =>
    database.transaction(async (transaction) => {
      if (input.changes.length > 0) {
        await transaction
          .insert(adminRecompileChanges)
          .values(input.changes.map((change) => ({ runId: input.runId, messageId: change.messageId, kinds: change.kinds, counts: change.counts })))
          .onConflictDoNothing();
      }
      await transaction
        .update(adminRecompileRuns)
        .set({ processed: input.processed, changed: input.changed, counts: input.counts, updatedAt: sql`now()` })
        .where(eq(adminRecompileRuns.id, input.runId));
    }),
  );
}

/** Ends a run: `done`, or `failed` with the error's wording. */
export function finishRecompileRun(input: QueryOptions & { runId: string; status: "done" | "failed"; error?: string }): Promise<void> {
  return runQuery("finishRecompileRun", input, async (database) => {
    await database
      .update(adminRecompileRuns)
      .set({ status: input.status, error: input.error ?? null, updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(eq(adminRecompileRuns.id, input.runId));
  });
}

/** A run; null when there is none or the caller is no admin. */
export function getRecompileRun(input: QueryOptions & { adminUserId: string; runId: string }): Promise<AdminRecompileRun | null> {
  return runQuery("getRecompileRun", input, async (database) => {
    const [row] = await database
      .select()
      .from(adminRecompileRuns)
      .where(and(callerIsAdmin(database, input.adminUserId), eq(adminRecompileRuns.id, input.runId)))
      .limit(1);
    return row ?? null;
  });
}

/** The trees a run found changed, in id order (up to `limit`); empty unless the caller is an admin. */
export function listRecompileChanges(input: QueryOptions & { adminUserId: string; runId: string; limit: number }): Promise<AdminRecompileChange[]> {
  return runQuery("listRecompileChanges", input, (database) =>
    database
      .select()
      .from(adminRecompileChanges)
      .where(and(callerIsAdmin(database, input.adminUserId), eq(adminRecompileChanges.runId, input.runId)))
      .orderBy(asc(adminRecompileChanges.messageId))
      .limit(input.limit),
  );
}
