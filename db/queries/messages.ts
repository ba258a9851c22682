/** Message queries; every one is scoped by the chat owner's user id. */
import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { chats, messages, type JsonValue, type Message, type MessageKind, type MessageRole, type MessageStatus } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** A message to append; the sequence is assigned by the database. */
export type NewMessage = {
  /** Chosen by the caller when it must know the id before the write (a streaming reply); generated otherwise. */
  id?: string;
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
};

/**
 * Appends a message to a user's chat with the next sequence number and bumps
 * the chat's `updatedAt`; null when the chat is not theirs. The sequence comes
 * from the chat row, updated under its row lock, so concurrent appends queue
 * instead of colliding.
 */
export function appendMessage(
  input: QueryOptions & { userId: string; chatId: string; message: NewMessage },
): Promise<Message | null> {
  return runQuery("appendMessage", input, (database) =>
    database.transaction(async (transaction) => {
      const [chat] = await transaction
        .update(chats)
        .set({ lastSequence: sql`${chats.lastSequence} + 1`, updatedAt: sql`now()` })
        .where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId)))
        .returning({ sequence: chats.lastSequence });
      if (!chat) return null;
      const { message } = input;
      const [stored] = await transaction
        .insert(messages)
        .values({
          id: message.id ?? crypto.randomUUID(),
          chatId: input.chatId,
          sequence: chat.sequence,
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
        })
        .returning();
      if (!stored) throw new Error("insert returned no row");
      return stored;
    }),
  );
}

/**
 * The messages of a user's chat in order; empty when the chat is not theirs.
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
