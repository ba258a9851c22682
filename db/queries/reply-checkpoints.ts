/**
 * Checkpoints of replies while they stream (`reply_checkpoints`): written
 * every few seconds by the instance generating the reply, deleted once it is
 * stored. A checkpoint whose chat lease its reply no longer holds (the lease
 * ran out, was released, or another reply took the chat) belongs to a reply
 * whose process died: it is claimed — deleted, atomically, so two instances
 * never both store it — and stored as an interrupted reply.
 */
import "server-only";
import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { chats, replyCheckpoints } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** One checkpoint as stored. */
export type ReplyCheckpoint = typeof replyCheckpoints.$inferSelect;

/** Writes (or overwrites) a streaming reply's text. */
export function saveReplyCheckpoint(input: QueryOptions & { checkpoint: Omit<ReplyCheckpoint, "updatedAt"> }): Promise<void> {
  return runQuery("saveReplyCheckpoint", input, async (database) => {
    const { checkpoint } = input;
    await database
      .insert(replyCheckpoints)
      .values(checkpoint)
      .onConflictDoUpdate({ target: replyCheckpoints.messageId, set: { text: checkpoint.text, updatedAt: sql`now()` } });
  });
}

/** Deletes a reply's checkpoint once the reply is stored (or was never worth keeping). */
export function deleteReplyCheckpoint(input: QueryOptions & { messageId: string }): Promise<void> {
  return runQuery("deleteReplyCheckpoint", input, async (database) => {
    await database.delete(replyCheckpoints).where(eq(replyCheckpoints.messageId, input.messageId));
  });
}

/** True for a checkpoint whose reply no longer holds its chat's lease: the process generating it is gone. */
const ABANDONED = sql`exists (select 1 from ${chats} where ${chats.id} = ${replyCheckpoints.chatId} and (${or(
  isNull(chats.replyLeaseHolder),
  ne(chats.replyLeaseHolder, replyCheckpoints.messageId),
  lt(chats.replyLeaseUntil, sql`now()`),
)}))`;

/** Message ids of abandoned checkpoints, oldest first, at most `limit`. */
export function listAbandonedReplyCheckpoints(input: QueryOptions & { limit: number }): Promise<string[]> {
  return runQuery("listAbandonedReplyCheckpoints", input, async (database) => {
    const rows = await database
      .select({ messageId: replyCheckpoints.messageId })
      .from(replyCheckpoints)
      .where(ABANDONED)
      .orderBy(replyCheckpoints.updatedAt)
      .limit(input.limit);
    return rows.map((row) => row.messageId);
  });
}

/** Takes an abandoned checkpoint for storing: deletes and returns it; null when it is not abandoned (any more) or another instance took it. */
export function claimReplyCheckpoint(input: QueryOptions & { messageId: string }): Promise<ReplyCheckpoint | null> {
  return runQuery("claimReplyCheckpoint", input, async (database) => {
    const rows = await database
      .delete(replyCheckpoints)
      .where(and(eq(replyCheckpoints.messageId, input.messageId), ABANDONED))
      .returning();
    return rows[0] ?? null;
  });
}
