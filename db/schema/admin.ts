/**
 * What the admin view keeps of its own: the audit log of what admins looked
 * at, exported and recompiled (append-only, enforced by a trigger), and the
 * background recompile checks with their progress and the trees each found
 * changed. Ids of users, messages and runs are plain text, not foreign keys:
 * an audit row outlives the account and the chat it names.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { JsonValue } from "./json";

/** What an audit row records. */
export const AUDIT_ACTIONS = ["view-tree", "recompile-tree", "export", "recompile-batch"] as const;

/** What an audit row records. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How a background recompile check stands. */
export const RECOMPILE_RUN_STATUSES = ["running", "done", "failed"] as const;

/** How a background recompile check stands. */
export type RecompileRunStatus = (typeof RECOMPILE_RUN_STATUSES)[number];

/** One thing an admin did: who, what, when, and with which filter. Never updated or deleted. */
export const adminAuditEvents = pgTable(
  "admin_audit_events",
  {
    id: text("id").primaryKey(),
    actorUserId: text("actor_user_id").notNull(),
    /** The actor's name when it happened (the account may be renamed or gone later). */
    actorName: text("actor_name").notNull(),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    /** The message a tree page or recompile showed, or the run a batch started. */
    target: text("target"),
    /** The listing filter of an export or a batch, as the URL carries it. */
    filter: jsonb("filter").$type<JsonValue>(),
    /** What came of it (rows exported, trees changed). */
    detail: jsonb("detail").$type<JsonValue>(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("admin_audit_events_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    check("admin_audit_events_action_known", sql`${table.action} in ('view-tree', 'recompile-tree', 'export', 'recompile-batch')`),
  ],
);

/** A recompile check over a filtered set of stored trees, run in the background; its progress is polled. */
export const adminRecompileRuns = pgTable(
  "admin_recompile_runs",
  {
    id: text("id").primaryKey(),
    actorUserId: text("actor_user_id").notNull(),
    filter: jsonb("filter").$type<JsonValue>().notNull(),
    status: text("status", { enum: RECOMPILE_RUN_STATUSES }).default("running").notNull(),
    /** Trees the filter matched when the run started. */
    total: integer("total").default(0).notNull(),
    processed: integer("processed").default(0).notNull(),
    /** Trees whose recompile differs from what is stored. */
    changed: integer("changed").default(0).notNull(),
    /** Changed trees per kind of change (`added`, `removed`, `props`, `diagnostics`). */
    counts: jsonb("counts").$type<JsonValue>().default({}).notNull(),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    /** Bumped with every batch of progress: a running row that stops moving lost its server. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("admin_recompile_runs_status_known", sql`${table.status} in ('running', 'done', 'failed')`),
    check("admin_recompile_runs_progress", sql`${table.processed} >= 0 and ${table.changed} >= 0 and ${table.total} >= 0`),
  ],
);

/** One stored tree a recompile check found changed, with the kinds of change and how many of each. */
export const adminRecompileChanges = pgTable(
  "admin_recompile_changes",
  {
    runId: text("run_id")
      .notNull()
      .references(() => adminRecompileRuns.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    kinds: text("kinds").array().notNull(),
    counts: jsonb("counts").$type<JsonValue>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ name: "admin_recompile_changes_pkey", columns: [table.runId, table.messageId] })],
);

/** A stored audit row. */
export type AdminAuditEvent = typeof adminAuditEvents.$inferSelect;
/** A stored recompile run. */
export type AdminRecompileRun = typeof adminRecompileRuns.$inferSelect;
/** A stored changed tree of a run. */
export type AdminRecompileChange = typeof adminRecompileChanges.$inferSelect;
