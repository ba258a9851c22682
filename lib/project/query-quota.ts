/**
 * Per-person quotas on reading project data: how many queries a person may
 * run in a minute and how many rows they may read in that minute, counted
 * apart for the two ways data is read — a block's `@Query` through the query
 * route, and the model's `read_project_data` tool during a reply.
 *
 * Kept in process memory, not in the database: every read is already a
 * database round trip, a quota row written per query would double it, and a
 * window that starts again when the server restarts costs nothing (the
 * quota is there to stop a runaway script or a looping model, not to bill).
 * Several server instances would each allow the limits; the demo runs one.
 */
import "server-only";
import { AppError } from "@/lib/errors";

/** The two ways project data is read. */
export type QueryChannel = "query" | "tool";

/** One channel's limits. */
export type QueryQuotaLimits = { queries: number; rows: number; windowMs: number };

/** The window every quota counts in: a minute, long enough to smooth a page load's burst. */
export const QUERY_QUOTA_WINDOW_MS = 60_000;

/** The limits by channel (see the comments on each number). */
export const QUERY_QUOTA_LIMITS: Readonly<Record<QueryChannel, QueryQuotaLimits>> = Object.freeze({
  query: {
    // A chat page asks every stored block's queries when it opens: 30 blocks of two queries,
    // opened twice in a minute, is 120; a person clicking switches stays far below.
    queries: 120,
    // 40 queries at the largest row cap (500): more than any screen shows in a minute.
    rows: 20_000,
    windowMs: QUERY_QUOTA_WINDOW_MS,
  },
  tool: {
    // A reply makes at most 4 model steps; a few replies a minute, each reading a few sources.
    queries: 30,
    // The tool hands the model at most 50 rows of each read; 2,000 rows read a minute is 40 full reads.
    rows: 2_000,
    windowMs: QUERY_QUOTA_WINDOW_MS,
  },
});

/** Distinct people remembered before the oldest windows are forgotten: bounds the memory a flood of accounts can take. */
const TRACKED_PEOPLE_LIMIT = 10_000;

/** What a person used in the current window of one channel. */
type Usage = { windowStart: number; queries: number; rows: number };

/** Words for a refused read, by what ran out. */
const QUOTA_MESSAGES = {
  queries: (limits: QueryQuotaLimits, seconds: number) =>
    `Too many queries: at most ${limits.queries} a minute. Try again in ${seconds} s.`,
  rows: (limits: QueryQuotaLimits, seconds: number) =>
    `Too many rows read: at most ${limits.rows.toLocaleString("en-US")} a minute. Try again in ${seconds} s, or ask for fewer rows.`,
} as const;

/** A per-person, per-channel quota counter (see the file comment); `now` is injectable for tests. */
export class QueryQuota {
  private readonly usage = new Map<string, Usage>();

  constructor(
    private readonly limits: Readonly<Record<QueryChannel, QueryQuotaLimits>> = QUERY_QUOTA_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one query for `userId` on `channel`, or refuses it with
   * `rate_limit:query` when the person already ran the channel's queries or
   * read its rows this window.
   */
  begin(userId: string, channel: QueryChannel): void {
    const limits = this.limits[channel];
    const usage = this.current(userId, channel);
    const seconds = Math.max(1, Math.ceil((usage.windowStart + limits.windowMs - this.now()) / 1_000));
    if (usage.queries >= limits.queries) {
      throw new AppError("rate_limit:query", { message: QUOTA_MESSAGES.queries(limits, seconds), detail: `${userId} ${channel} queries` });
    }
    if (usage.rows >= limits.rows) {
      throw new AppError("rate_limit:query", { message: QUOTA_MESSAGES.rows(limits, seconds), detail: `${userId} ${channel} rows` });
    }
    usage.queries += 1;
  }

  /** Adds the rows a query returned to the person's window. */
  addRows(userId: string, channel: QueryChannel, rows: number): void {
    this.current(userId, channel).rows += rows;
  }

  private current(userId: string, channel: QueryChannel): Usage {
    const key = `${channel}\u0000${userId}`;
    const now = this.now();
    const existing = this.usage.get(key);
    if (existing && now - existing.windowStart < this.limits[channel].windowMs) return existing;
    if (existing) this.usage.delete(key);
    if (this.usage.size >= TRACKED_PEOPLE_LIMIT) {
      // Maps iterate in insertion order: the first key is the oldest window.
      const oldest = this.usage.keys().next().value;
      if (oldest !== undefined) this.usage.delete(oldest);
    }
    const fresh = { windowStart: now, queries: 0, rows: 0 };
    this.usage.set(key, fresh);
    return fresh;
  }
}

// One counter per process, on globalThis: Next.js bundles this module once per route, and the
// chat core (which runs the tool) is one object per process.
const globalStore = globalThis as typeof globalThis & { __octoQueryQuota?: QueryQuota };

/** The process's quota counter. */
export function processQueryQuota(): QueryQuota {
  return (globalStore.__octoQueryQuota ??= new QueryQuota());
}
