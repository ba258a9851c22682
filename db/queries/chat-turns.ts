/**
 * Queries the chat core needs beyond the basic ones: switching a chat's model
 * when a turn names another, reading one message back by id (instances that
 * mirror a live reply load the stored reply this way), and reading the
 * waiting preambles without consuming them (a silent action turn shows them
 * to the model; only a real prompt consumes them). Every one is scoped by the
 * chat owner's user id.
 */
import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { chats, messages, preambles, type Chat, type Message, type Preamble } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** Sets the model a user's chat uses from now on; null when the chat is not theirs. */
export function setChatModel(
  input: QueryOptions & { userId: string; chatId: string; modelId: string },
): Promise<Chat | null> {
  return runQuery("setChatModel", input, async (database) => {
    const [chat] = await database
      .update(chats)
      .set({ modelId: input.modelId, updatedAt: sql`now()` })
      .where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId)))
      .returning();
    return chat ?? null;
  });
}

/** One message of a user's chat, or null when it does not exist or the chat is not theirs. */
export function getMessage(
  input: QueryOptions & { userId: string; chatId: string; messageId: string },
): Promise<Message | null> {
  return runQuery("getMessage", input, async (database) => {
    const [row] = await database
      .select({ message: messages })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(and(eq(messages.id, input.messageId), eq(messages.chatId, input.chatId), eq(chats.userId, input.userId)))
      .limit(1);
    return row?.message ?? null;
  });
}

/**
 * Every message of a user's chat (each version of every turn, silent turns
 * included, in order) and the chat's active leaf, read by one statement so
 * the two always agree; empty when the chat is not theirs or holds nothing.
 */
export function listThreadRows(
  input: QueryOptions & { userId: string; chatId: string },
): Promise<{ rows: Message[]; activeLeafId: string | null }> {
  return runQuery("listThreadRows", input, async (database) => {
    const rows = await database
      .select({ message: messages, activeLeafId: chats.activeLeafId })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(and(eq(messages.chatId, input.chatId), eq(chats.userId, input.userId)))
      .orderBy(asc(messages.sequence));
    return { rows: rows.map((row) => row.message), activeLeafId: rows[0]?.activeLeafId ?? null };
  });
}

/**
 * Makes a message of a user's chat the chat's active leaf (the thread it
 * shows ends there); returns the chat's newest sequence, or null when the
 * chat or message is not theirs.
 */
export function setActiveLeaf(input: QueryOptions & { userId: string; chatId: string; messageId: string }): Promise<{ lastSequence: number } | null> {
  return runQuery("setActiveLeaf", input, async (database) => {
    const updated = await database
      .update(chats)
      // Switching versions is not activity: the chat keeps its place in the list.
      .set({ activeLeafId: input.messageId, updatedAt: sql`${chats.updatedAt}` })
      .where(
        and(
          eq(chats.id, input.chatId),
          eq(chats.userId, input.userId),
          sql`exists (select 1 from ${messages} where ${messages.id} = ${input.messageId} and ${messages.chatId} = ${input.chatId})`,
        ),
      )
      .returning({ lastSequence: chats.lastSequence });
    return updated[0] ?? null;
  });
}

/** The preambles of a user's chat still waiting for a real prompt, oldest first, without consuming them. */
export function listWaitingPreambles(input: QueryOptions & { userId: string; chatId: string }): Promise<Preamble[]> {
  return runQuery("listWaitingPreambles", input, async (database) => {
    const rows = await database
      .select({ preamble: preambles })
      .from(preambles)
      .innerJoin(chats, eq(chats.id, preambles.chatId))
      .where(and(eq(preambles.chatId, input.chatId), eq(chats.userId, input.userId), isNull(preambles.consumedAt)))
      .orderBy(asc(preambles.createdAt), asc(preambles.id));
    return rows.map((row) => row.preamble);
  });
}
