/** Message queries; every one is scoped by the chat owner's user id. */
import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { chats, messages, type JsonValue, type Message, type MessageKind, type MessageRole, type MessageStatus } from "../schema";
import { AppError } from "@/lib/errors";
import { attachmentRefOf } from "@/lib/attachments/attachment-record";
import { attachToChat } from "./attachments";
import { runQuery, type QueryOptions } from "./run-query";

/** A message to append; the sequence is assigned by the database. */
export type NewMessage = {
  /** Chosen by the caller when it must know the id before the write (a streaming reply); generated otherwise. */
  id?: string;
  /**
   * The message it follows (a reply's prompt; an edited prompt's parent's
   * parent); null for a chat's first message. Absent: the chat's active leaf,
   * so a plain append continues the thread the chat shows.
   */
  parentId?: string | null;
  role: MessageRole;
  /** The canonical text. */
  text: string;
  /** The final compiled UiBlock[] with host-assigned revisions. */
  ui?: JsonValue | null;
  /** The final parsed octo-ui fences and render_ui tool results. */
  genui?: JsonValue | null;
  /** The degradation receipt. */
  diagnostics?: JsonValue | null;
  /** A silent action turn (kept for the model, never drawn); only an `action` may be silent. */
  silent?: boolean;
  /** How a person's message was sent (default `prompt`). */
  kind?: MessageKind;
  /** For an action turn: what the person did, as the thread draws it. */
  action?: JsonValue | null;
  status?: MessageStatus;
  error?: string | null;
  /** The model that wrote a reply. */
  model?: string | null;
  /** A reply's token counts and compile time. */
  usage?: JsonValue | null;
  /** A reply's repair record. */
  repair?: JsonValue | null;
  /** For a person's prompt: the ids of their uploaded images it carries; each joins the chat with it (refused as a whole when one is not theirs to send). */
  attachmentIds?: readonly string[];
};

/** What a prompt says when an image it names is not the person's, or was sent in another chat. */
export const ATTACHMENT_GONE_MESSAGE = "An image you attached is no longer available. Remove it and attach it again.";

/**
 * Appends a message to a user's chat with the next sequence number, makes it
 * the chat's active leaf and bumps the chat's `updatedAt`; null when the chat
 * is not theirs. The sequence and the leaf come from the chat row, read and
 * updated under its row lock, so concurrent appends queue (each following
 * the one before) instead of colliding.
 */
export function appendMessage(
  input: QueryOptions & { userId: string; chatId: string; message: NewMessage },
): Promise<Message | null> {
  return runQuery("appendMessage", input, (database) =>
    database.transaction(async (transaction) => {
      const { message } = input;
      const id = message.id ?? crypto.randomUUID();
      const [locked] = await transaction
        .select({ activeLeafId: chats.activeLeafId })
        .from(chats)
        .where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId)))
        .for("update");
      if (!locked) return null;
      const [chat] = await transaction
        .update(chats)
        .set({ lastSequence: sql`${chats.lastSequence} + 1`, activeLeafId: id, updatedAt: sql`now()` })
        .where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId)))
        .returning({ sequence: chats.lastSequence });
      if (!chat) return null;
      const attached = await attachToChat(transaction, { userId: input.userId, chatId: input.chatId, attachmentIds: message.attachmentIds ?? [] });
      if (attached === null) throw new AppError("bad_request:attachment", { message: ATTACHMENT_GONE_MESSAGE, detail: `attachments ${message.attachmentIds?.join(", ")} for chat ${input.chatId}` });
      const [stored] = await transaction
        .insert(messages)
        .values({
          id,
          chatId: input.chatId,
          sequence: chat.sequence,
          parentId: message.parentId !== undefined ? message.parentId : locked.activeLeafId,
          role: message.role,
          text: message.text,
          ui: message.ui ?? null,
          genui: message.genui ?? null,
          diagnostics: message.diagnostics ?? null,
          silent: message.silent ?? false,
          kind: message.kind ?? "prompt",
          action: message.action ?? null,
          status: message.status ?? "complete",
          error: message.error ?? null,
          model: message.model ?? null,
          usage: message.usage ?? null,
          repair: message.repair ?? null,
          attachments: attached.length > 0 ? (attached.map(attachmentRefOf) as JsonValue) : null,
        })
        .returning();
      if (!stored) throw new Error("insert returned no row");
      return stored;
    }),
  );
}

/**
 * Every message of a user's chat, each version of every turn, in order; empty when the chat is not theirs.
 * Silent action turns are included (the model needs them) unless `includeSilent` is false.
 */
export function listMessages(
  input: QueryOptions & { userId: string; chatId: string; includeSilent?: boolean },
): Promise<Message[]> {
  return runQuery("listMessages", input, async (database) => {
    const rows = await database
      .select({ message: messages })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(
        and(
          eq(messages.chatId, input.chatId),
          eq(chats.userId, input.userId),
          input.includeSilent === false ? eq(messages.silent, false) : undefined,
        ),
      )
      .orderBy(asc(messages.sequence));
    return rows.map((row) => row.message);
  });
}

/**
 * Records a reply's repair round on the reply itself (a failed repair: the
 * original stays, saying why); the message it returns, or null when the
 * reply is not one of the user's chat's replies.
 */
export function setMessageRepair(
  input: QueryOptions & { userId: string; chatId: string; messageId: string; repair: JsonValue },
): Promise<Message | null> {
  return runQuery("setMessageRepair", input, async (database) => {
    const [updated] = await database
      .update(messages)
      .set({ repair: input.repair })
      .where(
        and(
          eq(messages.id, input.messageId),
          eq(messages.chatId, input.chatId),
          eq(messages.role, "assistant"),
          sql`exists (select 1 from ${chats} where ${chats.id} = ${messages.chatId} and ${chats.userId} = ${input.userId})`,
        ),
      )
      .returning();
    return updated ?? null;
  });
}
