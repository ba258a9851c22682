/**
 * The audit trail of the admin view: every tree page viewed, every export,
 * every recompile (one tree or a batch) is recorded with who, what, when and
 * which filter. Recording is part of the action: when the row cannot be
 * written, the action does not happen.
 */
import "server-only";
import { addAuditEvent } from "@/db/queries/admin-audit";
import type { Database } from "@/db/client";
import type { AuditAction, JsonValue } from "@/db/schema";
import type { Actor } from "@/lib/auth/policy";
import { filterToJson, type StoredTreeFilter } from "./stored-tree-filter";

/** Records what an admin did. */
export async function recordAudit(input: {
  actor: Actor;
  action: AuditAction;
  target?: string;
  filter?: StoredTreeFilter;
  detail?: JsonValue;
  database?: Database;
}): Promise<void> {
  await addAuditEvent({
    ...(input.database ? { database: input.database } : {}),
    event: {
      actorUserId: input.actor.userId,
      actorName: input.actor.name,
      action: input.action,
      target: input.target ?? null,
      filter: input.filter ? filterToJson(input.filter) : null,
      detail: input.detail ?? null,
    },
  });
}
