/** Preamble queries: diagnostics of a reply waiting for the chat's next real prompt. */
import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { chats, messages, preambles, type JsonValue, type Preamble } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** Queues a reply's diagnostics for the next real prompt of a user's chat; null when the message is not in their chat. */
export function addPreamble(
  input: QueryOptions & { userId: string; chatId: string; messageId: string; diagnostics: JsonValue },
): Promise<Preamble | null> {
  return runQuery("addPreamble", input, async (database) => {
    // INSERT … SELECT takes every column in table order, so the select lists them in that order.
    const [added] = await database
      .insert(preambles)
      .select((builder) =>
        builder
          .select({
            id: sql`${crypto.randomUUID()}::text`.as("id"),
            chatId: chats.id,
            messageId: messages.id,
            diagnostics: sql`${JSON.stringify(input.diagnostics)}::jsonb`.as("diagnostics"),
            createdAt: sql`clock_timestamp()`.as("created_at"),
            consumedAt: sql`null::timestamptz`.as("consumed_at"),
          })
          .from(messages)
          .innerJoin(chats, eq(chats.id, messages.chatId))
          .where(and(eq(messages.id, input.messageId), eq(chats.id, input.chatId), eq(chats.userId, input.userId))),
      )
      .returning();
    return added ?? null;
  });
}

/**
 * Takes every waiting preamble of a user's chat, oldest first, and marks it
 * consumed in the same statement, so two prompts racing each get a preamble
 * at most once.
 */
export function consumePreambles(input: QueryOptions & { userId: string; chatId: string }): Promise<Preamble[]> {
  return runQuery("consumePreambles", input, async (database) => {
    const owned = database
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId)));
    const consumed = await database
      .update(preambles)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(preambles.chatId, input.chatId), inArray(preambles.chatId, owned), isNull(preambles.consumedAt)))
      .returning();
    return consumed.sort(
      (left, right) => left.createdAt.getTime() - right.createdAt.getTime() || left.id.localeCompare(right.id),
    );
  });
}

/**
 * Marks the waiting preamble of one reply consumed without sending it: its
 * diagnostics were repaired away in a newer version of the reply (the repair
 * round), so the model is not told of mistakes the chat no longer shows.
 * Returns how many were marked.
 */
export function settlePreamblesOf(input: QueryOptions & { userId: string; chatId: string; messageId: string }): Promise<number> {
  return runQuery("settlePreamblesOf", input, async (database) => {
    const owned = database
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId)));
    const settled = await database
      .update(preambles)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(preambles.chatId, input.chatId), eq(preambles.messageId, input.messageId), inArray(preambles.chatId, owned), isNull(preambles.consumedAt)))
      .returning({ id: preambles.id });
    return settled.length;
  });
}
