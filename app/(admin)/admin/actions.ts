"use server";

// The admin view's server actions. Each authorizes through the policy
// (requireActor, then requireAdmin: anyone else is answered not_found:admin)
// and returns `{ok: true, ...}` or `{ok: false, error}`. Listed in
// lib/auth/registry.ts.

import { z } from "zod";
import { getStoredTree } from "@/db/queries/admin-trees";
import { recordAudit } from "@/lib/admin/audit";
import { recompileCheck } from "@/lib/admin/recompile-check";
import { readReplyParts } from "@/lib/admin/stored-reply";
import { requireActor, requireAdmin } from "@/lib/auth/policy";
import { AppError, toPublicError, type PublicError } from "@/lib/errors";
import type { TreeDiff } from "@/lib/tree-diff";

/** What `recompileTree` takes. */
const RecompileTreeInputSchema = z.object({ messageId: z.string().min(1).max(100) });

/** What `recompileTree` returns. */
export type RecompileTreeResult = { ok: true; diff: TreeDiff } | { ok: false; error: PublicError };

/** Recompiles one stored tree with today's compiler and catalog and returns what differs from what is stored; recorded in the audit log. */
export async function recompileTree(input: unknown): Promise<RecompileTreeResult> {
  try {
    const actor = requireAdmin(await requireActor());
    const parsed = RecompileTreeInputSchema.safeParse(input);
    if (!parsed.success) throw new AppError("bad_request:admin", { detail: "recompileTree takes {messageId}" });
    const detail = await getStoredTree({ adminUserId: actor.userId, messageId: parsed.data.messageId });
    if (!detail) throw new AppError("not_found:admin", { detail: `no stored tree ${parsed.data.messageId}` });
    const { diff } = recompileCheck({ messageId: detail.messageId, text: detail.text, stored: readReplyParts(detail) });
    await recordAudit({ actor, action: "recompile-tree", target: detail.messageId, detail: { changes: diff.changes.length, counts: diff.counts } });
    return { ok: true, diff };
  } catch (caught) {
    return { ok: false, error: toPublicError(caught) };
  }
}
