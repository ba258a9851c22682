/**
 * Model comparison runs: one prompt sent to several models at once. Each
 * pane is one chat of purpose `compare` (so it streams, stops and stores
 * through the chat core like any chat) plus what the comparison adds: its
 * label while blind, when it started, and the metrics measured on the
 * server. A run's owner may share it, read-only, with other people; a vote
 * ranks the panes of one run.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { chats } from "./chat";
import type { JsonValue } from "./json";

/** How a pane's reply stands. */
export const COMPARE_PANE_STATUSES = ["streaming", "complete", "stopped", "error"] as const;

/** How a pane's reply stands. */
export type ComparePaneStatus = (typeof COMPARE_PANE_STATUSES)[number];

/** What a vote says: the best pane, a full ranking, a tie, or that every pane was bad. */
export const COMPARE_VOTE_KINDS = ["best", "rank", "tie", "all-bad"] as const;

/** What a vote says. */
export type CompareVoteKind = (typeof COMPARE_VOTE_KINDS)[number];

/** One comparison run of one person. */
export const compareRuns = pgTable(
  "compare_runs",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    prompt: text("prompt").notNull(),
    /** What every pane's reply was generated with (system prompt addition, temperature, seed). */
    settings: jsonb("settings").$type<JsonValue>().default({}).notNull(),
    /** A tag the leaderboard filters by (lower-case words). */
    tag: text("tag"),
    /** Panes are labelled A, B, C… and names masked until the vote. */
    blind: boolean("blind").notNull(),
    /** The run this one re-ran, if any. */
    parentRunId: text("parent_run_id"),
    /** When all panes were started, by the server's clock; each pane's start is an offset from it. */
    startedAt: timestamp("started_at", { withTimezone: true }).defaultNow().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("compare_runs_user_id_created_at_idx").on(table.userId, table.createdAt.desc())],
);

/** One pane of a run: one model slot's one sample, answered in its own chat. */
export const comparePanes = pgTable(
  "compare_panes",
  {
    id: text("id").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => compareRuns.id, { onDelete: "cascade" }),
    /** 0-based position of the model slot; samples of one slot share it. */
    slot: integer("slot").notNull(),
    /** 0-based sample of the slot. */
    sample: integer("sample").notNull(),
    /** A, B, C… in run order. */
    label: text("label").notNull(),
    modelId: text("model_id").notNull(),
    /** The pane's chat (purpose `compare`); a retry moves the pane to a new one. */
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** The reply being written or stored in the chat. */
    messageId: text("message_id"),
    attempt: integer("attempt").default(1).notNull(),
    status: text("status", { enum: COMPARE_PANE_STATUSES }).notNull(),
    /** Milliseconds after the run's start at which this attempt's reply was started. */
    startOffsetMs: integer("start_offset_ms").notNull(),
    /** The pane's measured metrics (lib/compare/metrics/pane-metrics.ts), once its reply is stored. */
    metrics: jsonb("metrics").$type<JsonValue>(),
    /** True when the reply named a model or provider before masking. */
    leaked: boolean("leaked").default(false).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (table) => [
    unique("compare_panes_run_id_slot_sample_unique").on(table.runId, table.slot, table.sample),
    index("compare_panes_chat_id_idx").on(table.chatId),
    check("compare_panes_status_known", sql`${table.status} in ('streaming', 'complete', 'stopped', 'error')`),
  ],
);

/** The vote on a run (one per run): the ranking, and whether it counts for the ratings. */
export const compareVotes = pgTable(
  "compare_votes",
  {
    runId: text("run_id")
      .primaryKey()
      .references(() => compareRuns.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: COMPARE_VOTE_KINDS }).notNull(),
    /** The best pane (kind `best`), or the panes best first (kind `rank`). */
    ranking: jsonb("ranking").$type<string[]>().default([]).notNull(),
    /** The panes and models the vote ranked, as they were when it was cast. */
    panes: jsonb("panes").$type<JsonValue>().notNull(),
    /** Left out of the ratings: cast on a run that was not blind, or on a reply that named its model. */
    flagged: boolean("flagged").default(false).notNull(),
    flagReason: text("flag_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [check("compare_votes_kind_known", sql`${table.kind} in ('best', 'rank', 'tie', 'all-bad')`)],
);

/** A run shared, read-only, with another person; the owner may revoke it. */
export const compareShares = pgTable(
  "compare_shares",
  {
    runId: text("run_id")
      .notNull()
      .references(() => compareRuns.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ name: "compare_shares_pkey", columns: [table.runId, table.userId] }), index("compare_shares_user_id_idx").on(table.userId)],
);

/** A stored run. */
export type CompareRun = typeof compareRuns.$inferSelect;
/** A stored pane. */
export type ComparePane = typeof comparePanes.$inferSelect;
/** A stored vote. */
export type CompareVoteRow = typeof compareVotes.$inferSelect;
/** A stored share. */
export type CompareShare = typeof compareShares.$inferSelect;
