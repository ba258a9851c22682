/** Admin queries: reads across users, each gated in SQL on the caller being an admin. */
import "server-only";
import { and, desc, eq, exists, isNotNull, lt, or } from "drizzle-orm";
import { chats, messages, users, type JsonValue, type MessageStatus } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** The most stored trees one page of the admin view shows: each can be large (a tree per block). */
export const MAX_STORED_TREES_PER_PAGE = 100;

/** How many stored trees a page has when the caller does not say. */
export const DEFAULT_STORED_TREES_PER_PAGE = 25;

/** One stored final tree as the admin view lists it. */
export type StoredTree = {
  messageId: string;
  chatId: string;
  chatTitle: string;
  userId: string;
  userEmail: string;
  model: string | null;
  status: MessageStatus;
  ui: JsonValue | null;
  genui: JsonValue | null;
  diagnostics: JsonValue | null;
  createdAt: Date;
};

/**
 * The newest stored final trees (replies with `ui` or `genui`) across every
 * user; `before` continues from the last page's oldest `createdAt`. Empty
 * unless `adminUserId` names an admin: the policy checks first, and the query
 * does not trust that it did.
 */
export function listStoredTrees(
  input: QueryOptions & { adminUserId: string; limit?: number; before?: Date },
): Promise<StoredTree[]> {
  const limit = Math.min(Math.max(1, input.limit ?? DEFAULT_STORED_TREES_PER_PAGE), MAX_STORED_TREES_PER_PAGE);
  return runQuery("listStoredTrees", input, (database) => {
    const callerIsAdmin = database
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.adminUserId), eq(users.role, "admin")));
    return database
      .select({
        messageId: messages.id,
        chatId: chats.id,
        chatTitle: chats.title,
        userId: users.id,
        userEmail: users.email,
        model: messages.model,
        status: messages.status,
        ui: messages.ui,
        genui: messages.genui,
        diagnostics: messages.diagnostics,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .innerJoin(users, eq(users.id, chats.userId))
      .where(
        and(
          exists(callerIsAdmin),
          or(isNotNull(messages.ui), isNotNull(messages.genui)),
          input.before ? lt(messages.createdAt, input.before) : undefined,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
  });
}
