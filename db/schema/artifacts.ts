/**
 * Artifacts: the deliverables a model writes beside a chat's conversation
 * (`write_file` / `edit_file`), each with every version it has had. An
 * artifact belongs to one chat and goes with it; whose it is comes from the
 * chat (every query joins `chats.user_id`). A version names the reply that
 * wrote it by id only: a tool runs while the reply is still being generated,
 * before the reply's message is stored — and a version is kept even when
 * that reply is then stopped or fails, or its message is never stored.
 */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { chats } from "./chat";

/** The tools that make a version. */
export const ARTIFACT_VERSION_TOOLS = ["write_file", "edit_file"] as const;

/** The tool that made a version. */
export type ArtifactVersionTool = (typeof ARTIFACT_VERSION_TOOLS)[number];

/** One artifact of a chat, addressed by its path inside the chat. */
export const artifacts = pgTable(
  "artifacts",
  {
    id: text("id").primaryKey(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** The name inside the chat (lib/artifacts/artifact-path.ts), unique per chat. */
    path: text("path").notNull(),
    /** The newest version's number; versions count 1, 2, 3, … */
    latestVersion: integer("latest_version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    unique("artifacts_chat_id_path_unique").on(table.chatId, table.path),
    check("artifacts_latest_version_positive", sql`${table.latestVersion} > 0`),
  ],
);

/** One version of an artifact: its whole text, never a patch, so any version reads (and downloads) on its own. */
export const artifactVersions = pgTable(
  "artifact_versions",
  {
    artifactId: text("artifact_id")
      .notNull()
      .references(() => artifacts.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** What the version is (lib/artifacts/artifact-kind.ts); a rewrite may change it. */
    kind: text("kind").notNull(),
    content: text("content").notNull(),
    /** UTF-8 bytes of `content`, kept for the caps and the panel without reading the text. */
    sizeBytes: integer("size_bytes").notNull(),
    /** The reply whose tool call wrote it (not a foreign key: see the file comment). */
    messageId: text("message_id").notNull(),
    tool: text("tool", { enum: ARTIFACT_VERSION_TOOLS }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ name: "artifact_versions_pkey", columns: [table.artifactId, table.version] }),
    check("artifact_versions_version_positive", sql`${table.version} > 0`),
    check("artifact_versions_size_nonnegative", sql`${table.sizeBytes} >= 0`),
    check("artifact_versions_tool_known", sql`${table.tool} in ('write_file', 'edit_file')`),
    check("artifact_versions_kind_known", sql`${table.kind} in ('markdown', 'html', 'svg', 'code', 'csv', 'json', 'text')`),
  ],
);

/** A stored artifact. */
export type Artifact = typeof artifacts.$inferSelect;
/** A stored artifact version. */
export type ArtifactVersion = typeof artifactVersions.$inferSelect;
