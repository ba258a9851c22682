/**
 * How long a guest's chats are kept. Signing out does not remove a guest:
 * their chats stay stored (a guest who signs out by mistake loses only the
 * way back in, and is warned first), and a sweep removes every guest nobody
 * has used for `GUEST_RETENTION_DAYS`, with their chats. The server sweeps
 * at start and then daily (instrumentation.ts); two instances never sweep at
 * once (an advisory lock).
 */
import "server-only";
import type { Database } from "@/db/client";
import { deleteInactiveGuests, type GuestSweepResult } from "@/db/queries/guest-retention";

/** Days a guest with no activity is kept: a month, long enough to come back from a holiday to an open tab. */
export const DEFAULT_GUEST_RETENTION_DAYS = 30;

/** How often a running server sweeps: daily, as the retention is counted in days. */
export const GUEST_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The retention in days from `GUEST_RETENTION_DAYS` (a positive number), else the default. */
export function guestRetentionDays(environment: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(environment.GUEST_RETENTION_DAYS?.trim());
  return Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_GUEST_RETENTION_DAYS;
}

/** Removes the guests inactive for longer than the retention, as of `now`. */
export async function sweepInactiveGuests(options: { database?: Database; now?: Date; retentionDays?: number } = {}): Promise<GuestSweepResult> {
  const now = options.now ?? new Date();
  const retentionDays = options.retentionDays ?? guestRetentionDays();
  return deleteInactiveGuests({
    ...(options.database ? { database: options.database } : {}),
    inactiveSince: new Date(now.getTime() - retentionDays * DAY_MS),
  });
}

/** Sweeps now and then every day, for the life of the process; a failed sweep is logged and tried again next time. */
export function scheduleGuestSweeps(): void {
  const sweep = () => {
    sweepInactiveGuests()
      .then((result) => {
        if (result.swept && result.removedGuestIds.length > 0) {
          console.info(`[guests] removed ${result.removedGuestIds.length} guest(s) inactive for ${guestRetentionDays()} days, with their chats`);
        }
      })
      .catch((caught: unknown) => console.error("[guests] the inactive-guest sweep failed; it runs again tomorrow.", caught));
  };
  sweep();
  setInterval(sweep, GUEST_SWEEP_INTERVAL_MS).unref();
}
