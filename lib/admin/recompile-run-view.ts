/**
 * A recompile run as its page and its route show it: progress, counts per
 * kind of change, and the changed trees grouped by kind (each listed under
 * every kind it has), with a stalled run told apart from a running one.
 */
import "server-only";
import { getRecompileRun, listRecompileChanges } from "@/db/queries/admin-recompile";
import { TREE_CHANGE_KINDS } from "@/lib/tree-diff";
import { isRecompileRunStalled, runCounts } from "./recompile-batch";

/** Most changed trees a run view lists; its counts cover all of them. */
export const RUN_VIEW_CHANGES_LIMIT = 500;

/** A run as its page and route show it. */
export type RecompileRunView = {
  id: string;
  status: "running" | "done" | "failed" | "stalled";
  total: number;
  processed: number;
  changed: number;
  counts: Record<string, number>;
  error: string | null;
  groups: Record<string, string[]>;
  truncated: boolean;
};

/** The view of a run; null when there is none or the caller is no admin. */
export async function recompileRunView(input: { adminUserId: string; runId: string }): Promise<RecompileRunView | null> {
  const run = await getRecompileRun(input);
  if (!run) return null;
  const changes = await listRecompileChanges({ ...input, limit: RUN_VIEW_CHANGES_LIMIT + 1 });
  const groups: Record<string, string[]> = Object.fromEntries(TREE_CHANGE_KINDS.map((kind) => [kind, []]));
  for (const change of changes.slice(0, RUN_VIEW_CHANGES_LIMIT)) for (const kind of change.kinds) groups[kind]?.push(change.messageId);
  return {
    id: run.id,
    status: isRecompileRunStalled(run) ? "stalled" : run.status,
    total: run.total,
    processed: run.processed,
    changed: run.changed,
    counts: runCounts(run),
    error: run.error,
    groups,
    truncated: changes.length > RUN_VIEW_CHANGES_LIMIT,
  };
}
