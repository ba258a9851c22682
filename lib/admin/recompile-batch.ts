/**
 * The batch recompile check over the listing's current filter, run in the
 * background of the server that was asked: a run row is written first (its
 * id goes back at once), then the filtered trees are read page by page,
 * recompiled and compared, and every page's changed trees and the run's
 * totals are stored — so the page that started it can be closed, and any
 * admin can follow the run by polling its row. A run whose server stopped
 * shows as stalled: its row stops moving (`isRecompileRunStalled`).
 */
import "server-only";
import type { Database } from "@/db/client";
import { countStoredTrees, listStoredTreeRecords } from "@/db/queries/admin-trees";
import { createRecompileRun, finishRecompileRun, recordRecompileProgress } from "@/db/queries/admin-recompile";
import type { AdminRecompileRun, JsonValue } from "@/db/schema";
import type { Actor } from "@/lib/auth/policy";
import { TREE_CHANGE_KINDS, diffKinds, type TreeChangeKind } from "@/lib/tree-diff";
import { recordAudit } from "./audit";
import { recompileCheck } from "./recompile-check";
import type { RecompileOptions } from "./recompile-reply";
import { readReplyParts } from "./stored-reply";
import { filterToJson, type StoredTreeCursor, type StoredTreeFilter } from "./stored-tree-filter";

/** Trees read and recompiled per page: one page's records in memory at a time, progress stored after each. */
export const RECOMPILE_PAGE_SIZE = 100;

/** A running run whose row has not moved for this long lost its server (a page takes well under a second). */
export const RECOMPILE_STALL_MS = 60_000;

/** Changed trees per kind of change, over a run. */
export type RecompileCounts = Record<TreeChangeKind, number>;

/** True when a run still says `running` but its server stopped moving it. */
export function isRecompileRunStalled(run: Pick<AdminRecompileRun, "status" | "updatedAt">, now = Date.now()): boolean {
  return run.status === "running" && now - run.updatedAt.getTime() > RECOMPILE_STALL_MS;
}

/** Starts a batch over `filter`: writes the run and its audit row, then runs it in the background; returns the run id at once. */
export async function startRecompileBatch(input: {
  actor: Actor;
  filter: StoredTreeFilter;
  options?: RecompileOptions;
  database?: Database;
}): Promise<{ runId: string; done: Promise<void> }> {
  const scope = input.database ? { database: input.database } : {};
  const total = await countStoredTrees({ ...scope, adminUserId: input.actor.userId, filter: input.filter });
  const runId = crypto.randomUUID();
  await createRecompileRun({ ...scope, id: runId, actorUserId: input.actor.userId, filter: filterToJson(input.filter), total });
  await recordAudit({ ...scope, actor: input.actor, action: "recompile-batch", target: runId, filter: input.filter, detail: { total } });
  // Not awaited by the request: the run goes on after the response (and after the page is closed).
  const done = runRecompileBatch({ ...scope, runId, adminUserId: input.actor.userId, filter: input.filter, ...(input.options ? { options: input.options } : {}) });
  return { runId, done };
}

/** Runs a started batch to its end; never throws (a failure is stored on the run). */
export async function runRecompileBatch(input: {
  runId: string;
  adminUserId: string;
  filter: StoredTreeFilter;
  options?: RecompileOptions;
  database?: Database;
}): Promise<void> {
  const scope = input.database ? { database: input.database } : {};
  const counts: RecompileCounts = { added: 0, removed: 0, props: 0, diagnostics: 0 };
  let processed = 0;
  let changed = 0;
  let after: StoredTreeCursor | null = null;
  try {
    do {
      const page = await listStoredTreeRecords({
        ...scope,
        adminUserId: input.adminUserId,
        query: { filter: input.filter, sort: "newest", limit: RECOMPILE_PAGE_SIZE, after },
      });
      const changes: { messageId: string; kinds: string[]; counts: JsonValue }[] = [];
      for (const record of page.rows) {
        const stored = readReplyParts(record);
        const { diff } = recompileCheck({ messageId: record.messageId, text: record.text, stored }, input.options);
        processed += 1;
        const kinds = diffKinds(diff);
        if (kinds.length === 0) continue;
        changed += 1;
        for (const kind of kinds) counts[kind] += 1;
        changes.push({ messageId: record.messageId, kinds, counts: diff.counts });
      }
      await recordRecompileProgress({ ...scope, runId: input.runId, changes, processed, changed, counts });
      after = page.next;
      // Let the server answer its other requests between pages.
      await new Promise((resolve) => setImmediate(resolve));
    } while (after !== null);
    await finishRecompileRun({ ...scope, runId: input.runId, status: "done" });
  } catch (caught) {
    console.error(`recompile run ${input.runId} failed`, caught);
    await finishRecompileRun({ ...scope, runId: input.runId, status: "failed", error: "The run stopped on an error; the server log has the details." }).catch(() => {});
  }
}

/** A run's counts read back from its row. */
export function runCounts(run: Pick<AdminRecompileRun, "counts">): RecompileCounts {
  const stored = (typeof run.counts === "object" && run.counts !== null ? run.counts : {}) as Record<string, unknown>;
  return Object.fromEntries(TREE_CHANGE_KINDS.map((kind) => [kind, typeof stored[kind] === "number" ? stored[kind] : 0])) as RecompileCounts;
}
