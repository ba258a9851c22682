/** Removing guests nobody has used for the retention period, with everything they own. */
import "server-only";
import { sql } from "drizzle-orm";
import { runQuery, type QueryOptions } from "./run-query";

/** An arbitrary, fixed key for `pg_try_advisory_xact_lock`: only the guest sweep takes it, so two instances never sweep at once. */
const GUEST_SWEEP_LOCK_KEY = 7_406_372_014;

/** What a sweep did: how many guests it removed, or that another instance held the sweep. */
export type GuestSweepResult = { swept: true; removedGuestIds: string[] } | { swept: false };

/**
 * Deletes every guest (anonymous user) with no activity since `inactiveSince`:
 * created before it, with no session used and no chat or message written
 * since. Their sessions, chats, messages and panels go with them (the
 * foreign keys cascade). People with accounts are never touched. Runs under
 * a transaction-scoped advisory lock; when another instance holds it, this
 * one does nothing.
 */
export function deleteInactiveGuests(input: QueryOptions & { inactiveSince: Date }): Promise<GuestSweepResult> {
  return runQuery("deleteInactiveGuests", input, async (database) =>
    database.transaction(async (transaction) => {
      const [lock] = rowsOf<{ taken: boolean }>(await transaction.execute(sql`select pg_try_advisory_xact_lock(${GUEST_SWEEP_LOCK_KEY}) as taken`));
      if (lock?.taken !== true) return { swept: false } as const;
      const cutoff = input.inactiveSince.toISOString();
      const removed = rowsOf<{ id: string }>(
        await transaction.execute(sql`
          delete from users
          where is_anonymous
            and created_at < ${cutoff}
            and not exists (select 1 from sessions where sessions.user_id = users.id and sessions.updated_at >= ${cutoff})
            and not exists (select 1 from chats where chats.user_id = users.id and chats.updated_at >= ${cutoff})
            and not exists (
              select 1 from messages join chats on chats.id = messages.chat_id
              where chats.user_id = users.id and messages.created_at >= ${cutoff}
            )
          returning id`),
      );
      return { swept: true, removedGuestIds: removed.map((row) => row.id) } as const;
    }),
  );
}

/** The rows of a raw statement: postgres.js answers with the rows, PGlite with `{ rows }`. */
function rowsOf<Row>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}
