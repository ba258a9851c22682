/**
 * Chats and what they hold: messages (canonical text plus the stored final
 * UI), panels (the current revision and interaction state of each addressable
 * panel) and preambles (diagnostics waiting for the chat's next real prompt).
 * Previews are never stored.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { DEMO_PROJECT_ID, projects } from "./project";
import type { JsonValue } from "./json";

/** Who wrote a message. */
export const MESSAGE_ROLES = ["user", "assistant"] as const;

/** Who wrote a message. */
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/**
 * How a person's message was sent: typed (`prompt`), by a GenUI button
 * (`action`: the host wrote its `[octo-ui-action]` envelope from the stored
 * panel), or by a ```ui `Choice` (`choice`: the host wrote it from the stored
 * block). Only an action turn is ever an envelope or silent. Replies are
 * always `prompt`.
 */
export const MESSAGE_KINDS = ["prompt", "action", "choice"] as const;

/** How a person's message was sent. */
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * What a chat is for: a conversation in the chat list (`chat`), or one pane
 * of a model comparison run (`compare`), which the chat list never shows and
 * only the comparison pages open.
 */
export const CHAT_PURPOSES = ["chat", "compare"] as const;

/** What a chat is for. */
export type ChatPurpose = (typeof CHAT_PURPOSES)[number];

/** How a stored reply ended: in full, stopped by the person, or cut by an error. */
export const MESSAGE_STATUSES = ["complete", "stopped", "error"] as const;

/** How a stored reply ended. */
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
};

/** One conversation of one user. */
export const chats = pgTable(
  "chats",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    modelId: text("model_id").notNull(),
    /** The sequence number of the chat's newest message; bumped under the row lock so appends never collide. */
    lastSequence: integer("last_sequence").default(0).notNull(),
    /** The project the chat's blocks query and link into; the demo project unless a chat names another. */
    projectId: text("project_id")
      .default(DEMO_PROJECT_ID)
      .notNull()
      .references(() => projects.id),
    /**
     * The reply being generated in the chat, on whichever server instance: its
     * message id, and how long its lease lasts unless renewed. A send takes the
     * lease with one conditional update, so two instances racing cannot both
     * start a reply; a crashed instance's lease simply runs out.
     */
    replyLeaseHolder: text("reply_lease_holder"),
    replyLeaseUntil: timestamp("reply_lease_until", { withTimezone: true }),
    purpose: text("purpose", { enum: CHAT_PURPOSES }).default("chat").notNull(),
    /** What every reply of the chat is generated with (lib/chat/core/chat-settings.ts): a system prompt addition, temperature, seed; null for the defaults. */
    settings: jsonb("settings").$type<JsonValue>(),
    /**
     * The newest message of the thread the chat shows: the visible thread and
     * the model's history are the path from it up to the root (see
     * lib/chat/versions). Moved by every append and by switching versions;
     * null for an empty chat. No foreign key: messages already point at
     * chats, and a dangling leaf reads as the newest message.
     */
    activeLeafId: text("active_leaf_id"),
    ...timestamps,
  },
  (table) => [
    index("chats_user_id_updated_at_idx").on(table.userId, table.updatedAt.desc()),
    // The chat list's search (db/queries/chat-search.ts) matches titles through this.
    index("chats_title_search_idx").using("gin", sql`to_tsvector('simple', ${table.title})`),
    check("chats_purpose_known", sql`${table.purpose} in ('chat', 'compare')`),
  ],
);

/** One turn of a chat: canonical text plus, for replies, the stored final UI and its degradation receipt. */
export const messages = pgTable(
  "messages",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** 1-based position in the chat, in the order messages were stored (across every version). */
    sequence: integer("sequence").notNull(),
    /**
     * The message this one follows: a reply's prompt, a prompt's previous
     * reply; null for a chat's first message. Siblings are versions: a
     * regenerated reply is another child of the same prompt, an edited
     * prompt another child of the same parent.
     */
    parentId: text("parent_id"),
    role: text("role", { enum: MESSAGE_ROLES }).notNull(),
    /** The canonical text (what the model wrote or the person typed). */
    text: text("text").notNull(),
    /** The final compiled UiBlock[] with host-assigned revisions; null when the reply had no UI. */
    ui: jsonb("ui").$type<JsonValue>(),
    /** The final parsed octo-ui fences and render_ui tool results. */
    genui: jsonb("genui").$type<JsonValue>(),
    /** The degradation receipt: what the final compile and the JSON dialect trimmed or dropped. */
    diagnostics: jsonb("diagnostics").$type<JsonValue>(),
    /** A silent action turn: kept for the model's context, never drawn. */
    silent: boolean("silent").default(false).notNull(),
    /** How a person's message was sent (see `MESSAGE_KINDS`); the database refuses a silent user turn that is not an action. */
    kind: text("kind", { enum: MESSAGE_KINDS }).default("prompt").notNull(),
    /** For an action turn: what the person did, as the thread draws it (the button's label, the fields by their labels). */
    action: jsonb("action").$type<JsonValue>(),
    status: text("status", { enum: MESSAGE_STATUSES }).default("complete").notNull(),
    error: text("error"),
    /** The model that wrote a reply (null for the person's own messages). */
    model: text("model"),
    /** A reply's token counts (the provider's when it reported them) and the server's compile time (lib/chat/records/reply-usage.ts). */
    usage: jsonb("usage").$type<JsonValue>(),
    /** A reply's repair round (lib/chat/final/reply-repair.ts): on a repaired version what it fixed, on an original whose repair failed why. */
    repair: jsonb("repair").$type<JsonValue>(),
    /** For a person's prompt: the images it carries, as the thread draws them (lib/attachments/attachment-ref.ts); the bytes are in `attachments`. */
    attachments: jsonb("attachments").$type<JsonValue>(),
    ...timestamps,
    // Facts of the stored trees the admin listing filters and sorts on, derived by Postgres (db/migrations/0005_admin_view.sql).
    /** The dialects the reply's trees use: `ui`, `octo-ui`, `render_ui`. */
    treeDialects: text("tree_dialects")
      .array()
      .generatedAlwaysAs(sql`array_remove(ARRAY[CASE WHEN "ui" IS NOT NULL THEN 'ui' END, CASE WHEN jsonb_path_exists("genui", '$.fences[0]', '{}', true) THEN 'octo-ui' END, CASE WHEN jsonb_path_exists("genui", '$.tools[0]', '{}', true) THEN 'render_ui' END], NULL)`),
    /** The catalog version of each ```ui block. */
    treeCatalogs: jsonb("tree_catalogs")
      .$type<string[]>()
      .generatedAlwaysAs(sql`jsonb_path_query_array("ui", 'strict $[*].catalog', '{}', true)`),
    /** The code of each degradation receipt entry. */
    treeCodes: jsonb("tree_codes")
      .$type<string[]>()
      .generatedAlwaysAs(sql`jsonb_path_query_array("diagnostics", 'strict $[*].code', '{}', true)`),
    /** Nodes in the reply's trees, both dialects. */
    treeNodes: integer("tree_nodes").generatedAlwaysAs(
      sql`coalesce(jsonb_array_length(jsonb_path_query_array("ui", 'strict $[*].nodes.** ? (@.type() == "object" && exists(@.expressions) && exists(@.bindings))', '{}', true)), 0) + coalesce(jsonb_array_length(jsonb_path_query_array("genui", 'strict $.fences[*].spec.items.** ? (@.type() == "object" && @.type.type() == "string")', '{}', true)), 0) + coalesce(jsonb_array_length(jsonb_path_query_array("genui", 'strict $.tools[*].spec.items.** ? (@.type() == "object" && @.type.type() == "string")', '{}', true)), 0)`,
    ),
    /** Bytes of the stored trees' JSON. */
    treeSize: integer("tree_size").generatedAlwaysAs(sql`coalesce(octet_length("ui"::text), 0) + coalesce(octet_length("genui"::text), 0)`),
  },
  (table) => [
    unique("messages_chat_id_sequence_unique").on(table.chatId, table.sequence),
    foreignKey({ name: "messages_parent_id_messages_id_fk", columns: [table.parentId], foreignColumns: [table.id] }).onDelete("cascade"),
    index("messages_parent_id_idx").on(table.parentId),
    // The admin listing pages stored trees by (sort key, id) through these.
    index("messages_stored_trees_idx")
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.ui} is not null or ${table.genui} is not null`),
    index("messages_stored_trees_model_idx")
      .on(table.model, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.ui} is not null or ${table.genui} is not null`),
    index("messages_stored_trees_nodes_idx")
      .on(table.treeNodes.desc(), table.id.desc())
      .where(sql`${table.ui} is not null or ${table.genui} is not null`),
    index("messages_stored_trees_size_idx")
      .on(table.treeSize.desc(), table.id.desc())
      .where(sql`${table.ui} is not null or ${table.genui} is not null`),
    index("messages_stored_trees_codes_idx")
      .using("gin", table.treeCodes)
      .where(sql`${table.ui} is not null or ${table.genui} is not null`),
    index("messages_stored_trees_text_idx")
      .using("gin", sql`to_tsvector('simple', ${table.text})`)
      .where(sql`${table.ui} is not null or ${table.genui} is not null`),
    // The chat list's search matches the words of visible messages through this (silent turns are never shown).
    index("messages_text_search_idx")
      .using("gin", sql`to_tsvector('simple', ${table.text})`)
      .where(sql`${table.silent} = false`),
    check("messages_sequence_positive", sql`${table.sequence} > 0`),
    check("messages_role_known", sql`${table.role} in ('user', 'assistant')`),
    check("messages_status_known", sql`${table.status} in ('complete', 'stopped', 'error')`),
    check("messages_kind_known", sql`${table.kind} in ('prompt', 'action', 'choice')`),
    check("messages_reply_kind", sql`${table.role} = 'user' or ${table.kind} = 'prompt'`),
    // Only a button's envelope may hide a person's turn: typed text and choices are always drawn.
    check("messages_silent_turn_is_action", sql`${table.role} <> 'user' or not ${table.silent} or ${table.kind} = 'action'`),
  ],
);

/** The current revision and interaction state of an addressable panel, so a reload restores it. */
export const panels = pgTable(
  "panels",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    panelId: text("panel_id").notNull(),
    revision: integer("revision").notNull(),
    /** The message whose final tree holds this revision. */
    messageId: text("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    /** Field values, selected tab, folds: what the person changed locally. */
    state: jsonb("state").$type<JsonValue>().default({}).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ name: "panels_pkey", columns: [table.chatId, table.panelId] }),
    check("panels_revision_nonnegative", sql`${table.revision} >= 0`),
  ],
);

/**
 * The text of a reply while it streams, written every few seconds apart from
 * the thread (which holds only stored replies): what a restarted server
 * stores as an interrupted reply when the process that generated it died
 * before its final store. Deleted once the reply is stored.
 */
export const replyCheckpoints = pgTable("reply_checkpoints", {
  /** The reply's message id (also its chat's lease holder while it streams). */
  messageId: text("message_id").primaryKey(),
  chatId: text("chat_id")
    .notNull()
    .references(() => chats.id, { onDelete: "cascade" }),
  userId: text("user_id").notNull(),
  /** The prompt the reply answers. */
  parentId: text("parent_id").notNull(),
  model: text("model").notNull(),
  text: text("text").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
});

/**
 * Chat bus signals too large for a `NOTIFY` payload (lib/chat/bus): the
 * notification carries this row's id and every instance reads the row.
 * Unlogged (migration 0016): a crash may lose rows nobody needs by then, and
 * not writing them to the WAL keeps a busy bus cheap. Rows are pruned a
 * minute after they were written.
 */
export const chatBusPayloads = pgTable(
  "chat_bus_payloads",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    data: text("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("chat_bus_payloads_created_at_idx").on(table.createdAt)],
);

/** Diagnostics of a reply, waiting to be prepended to the chat's next real prompt. */
export const preambles = pgTable(
  "preambles",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    messageId: text("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    diagnostics: jsonb("diagnostics").$type<JsonValue>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    /** Set when a prompt took it; null while it waits. */
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [
    index("preambles_waiting_idx")
      .on(table.chatId, table.createdAt)
      .where(sql`${table.consumedAt} is null`),
  ],
);

/** A stored chat. */
export type Chat = typeof chats.$inferSelect;
/** A stored message. */
export type Message = typeof messages.$inferSelect;
/** A stored panel state. */
export type Panel = typeof panels.$inferSelect;
/** A stored preamble. */
export type Preamble = typeof preambles.$inferSelect;
