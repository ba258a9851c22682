/** A chat's generation settings (lib/chat/core/chat-settings.ts); scoped by the owner's user id. */
import "server-only";
import { and, eq } from "drizzle-orm";
import { chats, type Chat, type JsonValue } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** Replaces a user's chat's settings; null when the chat is not theirs. */
export function setChatSettings(input: QueryOptions & { userId: string; chatId: string; settings: JsonValue }): Promise<Chat | null> {
  return runQuery("setChatSettings", input, async (database) => {
    const [chat] = await database
      .update(chats)
      .set({ settings: input.settings })
      .where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId)))
      .returning();
    return chat ?? null;
  });
}
