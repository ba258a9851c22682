/**
 * The admin audit log: rows are only ever added (the table refuses updates
 * and deletes), and read newest first, only by an admin.
 */
import "server-only";
import { and, desc, eq, exists, sql } from "drizzle-orm";
import { adminAuditEvents, users, type AdminAuditEvent, type AuditAction, type JsonValue } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** An audit row to add. */
export type NewAuditEvent = {
  actorUserId: string;
  actorName: string;
  action: AuditAction;
  target?: string | null;
  filter?: JsonValue | null;
  detail?: JsonValue | null;
};

/** Adds one audit row and returns it. */
export function addAuditEvent(input: QueryOptions & { event: NewAuditEvent }): Promise<AdminAuditEvent> {
  return runQuery("addAuditEvent", input, async (database) => {
    const [row] = await database
      .insert(adminAuditEvents)
      .values({
        id: crypto.randomUUID(),
        actorUserId: input.event.actorUserId,
        actorName: input.event.actorName,
        action: input.event.action,
        target: input.event.target ?? null,
        filter: input.event.filter ?? null,
        detail: input.event.detail ?? null,
      })
      .returning();
    if (!row) throw new Error("the audit row was not written");
    return row;
  });
}

/** Most audit rows one page shows. */
export const AUDIT_PAGE_SIZE = 50;

/** A page of the audit log, newest first, after `before` (the last row of the previous page); empty unless `adminUserId` names an admin. */
export function listAuditEvents(
  input: QueryOptions & { adminUserId: string; before?: { createdAt: string; id: string } | null; limit?: number },
): Promise<{ rows: (AdminAuditEvent & { cursorKey: string })[]; next: { createdAt: string; id: string } | null }> {
  const limit = Math.min(Math.max(1, input.limit ?? AUDIT_PAGE_SIZE), 200);
  return runQuery("listAuditEvents", input, async (database) => {
    const cursorKey = sql<string>`to_char(${adminAuditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    const rows = await database
      .select({
        id: adminAuditEvents.id,
        actorUserId: adminAuditEvents.actorUserId,
        actorName: adminAuditEvents.actorName,
        action: adminAuditEvents.action,
        target: adminAuditEvents.target,
        filter: adminAuditEvents.filter,
        detail: adminAuditEvents.detail,
        createdAt: adminAuditEvents.createdAt,
        cursorKey,
      })
      .from(adminAuditEvents)
      .where(
        and(
          exists(database.select({ id: users.id }).from(users).where(and(eq(users.id, input.adminUserId), eq(users.role, "admin"), eq(users.isAnonymous, false)))),
          input.before ? sql`(${adminAuditEvents.createdAt}, ${adminAuditEvents.id}) < (${input.before.createdAt}::timestamptz, ${input.before.id})` : undefined,
        ),
      )
      .orderBy(desc(adminAuditEvents.createdAt), desc(adminAuditEvents.id))
      .limit(limit + 1);
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return { rows: rows.slice(0, limit), next: last ? { createdAt: last.cursorKey, id: last.id } : null };
  });
}
