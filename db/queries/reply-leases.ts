/**
 * The reply lease of a chat: at most one reply is generated in a chat at a
 * time, across every server instance sharing the database. Each query is one
 * conditional update, so the database decides a race. A lease holder is the
 * reply's message id; it renews the lease while it generates and releases it
 * when the reply is stored. A holder that stops renewing (a crashed instance)
 * loses the lease when it runs out. None of these touch `updated_at`: holding
 * a lease is not activity in the chat's list.
 */
import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { chats } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** The moment a lease taken or renewed now for `durationMs` runs out, on the database's clock (every instance reads the same one). */
function leaseEnd(durationMs: number) {
  return sql`now() + make_interval(secs => ${durationMs / 1000}::double precision)`;
}

/** `updated_at` as it was: the column's update hook would otherwise set it, and a lease is not activity in the chat. */
const UNCHANGED_UPDATED_AT = sql`${chats.updatedAt}`;

/** Takes the chat's reply lease for `holder` for `durationMs`; false when another holder's lease has not run out (or the chat is not the user's). */
export function acquireReplyLease(
  input: QueryOptions & { userId: string; chatId: string; holder: string; durationMs: number },
): Promise<boolean> {
  return runQuery("acquireReplyLease", input, async (database) => {
    const taken = await database
      .update(chats)
      .set({
        replyLeaseHolder: input.holder,
        replyLeaseUntil: leaseEnd(input.durationMs),
        updatedAt: UNCHANGED_UPDATED_AT,
      })
      .where(
        and(
          eq(chats.id, input.chatId),
          eq(chats.userId, input.userId),
          or(isNull(chats.replyLeaseUntil), lt(chats.replyLeaseUntil, sql`now()`)),
        ),
      )
      .returning({ id: chats.id });
    return taken.length > 0;
  });
}

/** Extends the holder's lease to `durationMs` from now; false when it no longer holds it (it ran out and was taken, or the chat is gone). */
export function renewReplyLease(input: QueryOptions & { chatId: string; holder: string; durationMs: number }): Promise<boolean> {
  return runQuery("renewReplyLease", input, async (database) => {
    const renewed = await database
      .update(chats)
      .set({ replyLeaseUntil: leaseEnd(input.durationMs), updatedAt: UNCHANGED_UPDATED_AT })
      .where(and(eq(chats.id, input.chatId), eq(chats.replyLeaseHolder, input.holder)))
      .returning({ id: chats.id });
    return renewed.length > 0;
  });
}

/** Gives the holder's lease up, so the chat can take its next reply at once; a lease someone else holds is left alone. */
export function releaseReplyLease(input: QueryOptions & { chatId: string; holder: string }): Promise<void> {
  return runQuery("releaseReplyLease", input, async (database) => {
    await database
      .update(chats)
      .set({ replyLeaseHolder: null, replyLeaseUntil: null, updatedAt: UNCHANGED_UPDATED_AT })
      .where(and(eq(chats.id, input.chatId), eq(chats.replyLeaseHolder, input.holder)));
  });
}
