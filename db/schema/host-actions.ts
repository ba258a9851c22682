/**
 * What the host did when a model asked it to (lib/host-actions): every
 * attempt of a host action — proposed to the person, performed, replayed,
 * refused, dismissed — is a row: the audit log (who, what, when, result),
 * the idempotency record (a key has at most one `done` row, and a repeat
 * reads its result) and the proposals (a `proposed` row holds the checked
 * input it would run; the row that settles it names it in `proposal_id`). Ids of
 * users, chats and messages are plain text, not foreign keys: an audit row
 * outlives the chat it names. The issues `file_issue` files live beside it.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { JsonValue } from "./json";
import { projects } from "./project";

/** The actions a row may record (lib/host-actions/host-action-definitions.ts). */
export const HOST_ACTION_KINDS = ["rerun_tests", "file_issue"] as const;

/**
 * How an attempt ended: proposed to the person (nothing done until they
 * confirm), performed, answered with an earlier attempt's result, refused
 * before anything changed, dismissed by the person, or failed (nothing changed).
 */
export const HOST_ACTION_STATUSES = ["proposed", "done", "replayed", "refused", "dismissed", "failed"] as const;

/** How an attempt ended. */
export type HostActionStatus = (typeof HOST_ACTION_STATUSES)[number];

/** One attempt of a host action. Never updated. */
export const hostActions = pgTable(
  "host_actions",
  {
    id: text("id").primaryKey(),
    /** Who: the chat's user, as whom the action ran. */
    userId: text("user_id").notNull(),
    actorName: text("actor_name").notNull(),
    chatId: text("chat_id").notNull(),
    /** The reply whose tool call asked for it. */
    messageId: text("message_id").notNull(),
    /** The project it acted on; null when it was refused before one was known. */
    projectId: text("project_id"),
    action: text("action", { enum: HOST_ACTION_KINDS }).notNull(),
    /** The idempotency key (lib/host-actions/idempotency-key.ts); null when the input was refused before one could be made. */
    idempotencyKey: text("idempotency_key"),
    /** The input as the model sent it; once checked and authorized, normalised: what runs (or would, for a proposal). */
    input: jsonb("input").$type<JsonValue>(),
    status: text("status", { enum: HOST_ACTION_STATUSES }).notNull(),
    /** What came of it: the record of a performed or replayed action. */
    result: jsonb("result").$type<JsonValue>(),
    /** Why nothing was done (lib/host-actions/host-action-card.ts's codes). */
    errorCode: text("error_code"),
    /** The `proposed` row this row settles (confirmed: done, replayed or refused; or dismissed); null for a row that settles none. */
    proposalId: text("proposal_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    // At most one performed attempt per key: the second of two racing calls cannot commit a second run.
    uniqueIndex("host_actions_done_key_idx").on(table.userId, table.idempotencyKey).where(sql`${table.status} = 'done'`),
    index("host_actions_chat_idx").on(table.chatId, table.createdAt),
    check("host_actions_action_known", sql`${table.action} in ('rerun_tests', 'file_issue')`),
    // A proposal is settled once: the second of two tabs confirming it cannot write a second outcome.
    uniqueIndex("host_actions_settled_proposal_idx").on(table.proposalId).where(sql`${table.proposalId} is not null and ${table.status} <> 'failed'`),
    check("host_actions_status_known", sql`${table.status} in ('proposed', 'done', 'replayed', 'refused', 'dismissed', 'failed')`),
  ],
);

/** An issue filed in a project. */
export const projectIssues = pgTable(
  "project_issues",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** `#12`: counts up per project. */
    number: integer("number").notNull(),
    title: text("title").notNull(),
    body: text("body").default("").notNull(),
    labels: text("labels").array().default(sql`'{}'::text[]`).notNull(),
    /** Who filed it (the chat's user), from which chat. */
    createdBy: text("created_by").notNull(),
    chatId: text("chat_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ name: "project_issues_pkey", columns: [table.projectId, table.number] }),
    check("project_issues_number_positive", sql`${table.number} > 0`),
  ],
);

/** One stored attempt. */
export type HostActionRow = typeof hostActions.$inferSelect;
/** One stored issue. */
export type ProjectIssue = typeof projectIssues.$inferSelect;
