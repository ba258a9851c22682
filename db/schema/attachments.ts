/**
 * Attachments: images a person attaches to a prompt. An attachment is
 * uploaded first, as its owner's (`chat_id` null: the chat may not exist
 * yet), and joins a chat when the prompt that carries it is stored; from
 * then on it is served only to that chat's owner, under the chat's URL.
 * The bytes live here; the prompt's message lists the attachments it
 * carries (`messages.attachments`), so a thread reads without them.
 */
import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { chats } from "./chat";

/** Postgres `bytea`, read and written as bytes (postgres.js gives a Buffer, PGlite a Uint8Array: both are Uint8Arrays). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBufferLike)),
});

/** The image types an attachment may have (lib/attachments/image-type.ts reads them from the bytes). */
export const ATTACHMENT_MEDIA_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** An image type an attachment may have. */
export type AttachmentMediaType = (typeof ATTACHMENT_MEDIA_TYPES)[number];

/** One attached image. */
export const attachments = pgTable(
  "attachments",
  {
    /** `att_` and random letters: an id the compiler accepts in `Image attachment="…"` (never a URL or a path). */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The chat it was sent in; null while it waits for its prompt. */
    chatId: text("chat_id").references(() => chats.id, { onDelete: "cascade" }),
    /** The type read from its bytes, never the one the browser claimed. */
    mediaType: text("media_type", { enum: ATTACHMENT_MEDIA_TYPES }).notNull(),
    /** The file name the person's browser gave, cleaned (lib/attachments/attachment-name.ts). */
    name: text("name").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    /** When its prompt was stored; `Image generated="latest"` shows the chat's newest. */
    attachedAt: timestamp("attached_at", { withTimezone: true }),
  },
  (table) => [
    index("attachments_chat_id_idx").on(table.chatId, table.attachedAt.desc()),
    index("attachments_user_id_pending_idx").on(table.userId).where(sql`${table.chatId} is null`),
    check("attachments_media_type_known", sql`${table.mediaType} in ('image/png', 'image/jpeg', 'image/gif', 'image/webp')`),
    check("attachments_size_matches", sql`${table.sizeBytes} = octet_length(${table.bytes}) and ${table.sizeBytes} > 0`),
  ],
);

/** A stored attachment, bytes included. */
export type Attachment = typeof attachments.$inferSelect;
