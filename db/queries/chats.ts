/** Chat queries; every one is scoped by the owner's user id. */
import "server-only";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { chats, type Chat, type JsonValue } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** The most chats one `listChats` call returns: a sidebar page, not the whole history. */
export const MAX_CHATS_PER_PAGE = 200;

/** How many chats `listChats` returns when the caller does not say. */
export const DEFAULT_CHATS_PER_PAGE = 50;

/** Creates a chat for a user. */
export function createChat(
  input: QueryOptions & { userId: string; title: string; modelId: string; id?: string; settings?: JsonValue },
): Promise<Chat> {
  return runQuery("createChat", input, async (database) => {
    const [chat] = await database
      .insert(chats)
      .values({
        id: input.id ?? crypto.randomUUID(),
        userId: input.userId,
        title: input.title,
        modelId: input.modelId,
        ...(input.settings !== undefined ? { settings: input.settings } : {}),
      })
      .returning();
    if (!chat) throw new Error("insert returned no row");
    return chat;
  });
}

/** One chat of a user, or null when it does not exist or belongs to someone else. */
export function getChat(input: QueryOptions & { userId: string; chatId: string }): Promise<Chat | null> {
  return runQuery("getChat", input, async (database) => {
    const [chat] = await database
      .select()
      .from(chats)
      .where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId)))
      .limit(1);
    return chat ?? null;
  });
}

/** A user's chats, most recently active first; `before` continues from the last page's oldest `updatedAt`. */
export function listChats(
  input: QueryOptions & { userId: string; limit?: number; before?: Date },
): Promise<Chat[]> {
  const limit = Math.min(Math.max(1, input.limit ?? DEFAULT_CHATS_PER_PAGE), MAX_CHATS_PER_PAGE);
  return runQuery("listChats", input, (database) =>
    database
      .select()
      .from(chats)
      .where(and(eq(chats.userId, input.userId), eq(chats.purpose, "chat"), input.before ? lt(chats.updatedAt, input.before) : undefined))
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(limit),
  );
}

/** Renames a user's chat; null when it is not theirs. */
export function renameChat(
  input: QueryOptions & { userId: string; chatId: string; title: string },
): Promise<Chat | null> {
  return runQuery("renameChat", input, async (database) => {
    const [chat] = await database
      .update(chats)
      .set({ title: input.title, updatedAt: sql`now()` })
      .where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId)))
      .returning();
    return chat ?? null;
  });
}

/** Deletes a user's chat with its messages, panels and preambles; false when it is not theirs. */
export function deleteChat(input: QueryOptions & { userId: string; chatId: string }): Promise<boolean> {
  return runQuery("deleteChat", input, async (database) => {
    const deleted = await database
      .delete(chats)
      .where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId)))
      .returning({ id: chats.id });
    return deleted.length > 0;
  });
}
