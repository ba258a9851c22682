/**
 * The final store of a reply, held through a database outage. An attempt
 * that fails because the database cannot be reached (a restart, a failover,
 * a dropped connection: `isDatabaseUnreachable`) is tried again after a
 * growing wait, for up to `FINAL_STORE_RETRY_MS`; a reply found stored when
 * an attempt is refused as a duplicate (an earlier attempt's commit went
 * through though its answer was lost, or the recovery sweep stored it) is
 * read back, not stored twice. Any other failure is the database refusing
 * what it was sent: the fallback (the reply's text alone) is tried instead.
 * Past the bound nothing is thrown away: the outcome says the database was
 * unreachable, and the caller hands the reply to the recovery sweep
 * (`handOverToRecovery` in lib/chat/turn/reply-checkpoint.ts).
 */
import "server-only";
import { isDatabaseUnreachable } from "@/db/queries/run-query";
import { isAppError } from "@/lib/errors";
import { loadStoredReply } from "./load-stored-reply";
import type { StoredReply } from "./store-reply";

/**
 * Longest a final store keeps trying while the database is unreachable, in
 * milliseconds: Postgres restarts in seconds and a managed failover takes
 * well under a minute. Meanwhile the reply's viewers wait for its end and its
 * chat stays taken, so no longer than a reply lease (REPLY_LEASE_MS), past
 * which the lease may run out and the chat move on without it.
 */
export const FINAL_STORE_RETRY_MS = 30_000;

/** Milliseconds before the first retry: a dropped connection is often back at once. */
export const STORE_RETRY_FIRST_WAIT_MS = 250;

/** Longest wait between retries, in milliseconds: doubled from the first up to this, so a database back after a long outage is noticed within seconds. */
export const STORE_RETRY_MAX_WAIT_MS = 4_000;

/** How long and how often to retry. */
export type RetryTiming = {
  /** No attempt starts after this many milliseconds from the first. */
  boundMs: number;
  /** Default `STORE_RETRY_FIRST_WAIT_MS`. */
  firstWaitMs?: number;
  /** Default `STORE_RETRY_MAX_WAIT_MS`. */
  maxWaitMs?: number;
};

/**
 * Runs `operation` until it succeeds, fails for another reason than an
 * unreachable database, or the bound has passed; throws its last failure then.
 */
export async function retryWhileUnreachable<Result>(
  operation: () => Promise<Result>,
  options: RetryTiming & { onRetry?: (caught: unknown, waitMs: number) => void },
): Promise<Result> {
  const deadline = Date.now() + options.boundMs;
  let waitMs = options.firstWaitMs ?? STORE_RETRY_FIRST_WAIT_MS;
  for (;;) {
    try {
      return await operation();
    } catch (caught) {
      if (!isDatabaseUnreachable(caught) || Date.now() + waitMs > deadline) throw caught;
      options.onRetry?.(caught, waitMs);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      waitMs = Math.min(waitMs * 2, options.maxWaitMs ?? STORE_RETRY_MAX_WAIT_MS);
    }
  }
}

/** What became of a reply: stored; or not, because the database refused it (or the chat is gone), or was unreachable past the bound. */
export type FinalStoreOutcome = { stored: StoredReply; unreachable: false } | { stored: null; unreachable: boolean };

/** Stores a finished reply (see the file comment); never throws. */
export async function storeFinalReply(input: {
  /** The reply. */
  scope: { userId: string; chatId: string; messageId: string };
  /** Names it in the log (`reply …`, `restored reply …`). */
  label: string;
  /** The whole store; null when the chat no longer exists. */
  store: () => Promise<StoredReply | null>;
  /** The least that can fail, tried once the database refused `store`; absent, a refusal keeps nothing. */
  fallback?: { store: () => Promise<StoredReply | null>; note: string };
  /** Default: `FINAL_STORE_RETRY_MS` with the default waits. */
  retry?: RetryTiming;
}): Promise<FinalStoreOutcome> {
  const timing = input.retry ?? { boundMs: FINAL_STORE_RETRY_MS };
  const attempt = (store: () => Promise<StoredReply | null>) =>
    retryWhileUnreachable(
      async () => {
        try {
          return await store();
        } catch (caught) {
          const found = isAppError(caught) && caught.code === "conflict:database" ? await loadStoredReply(input.scope) : null;
          if (found) return found;
          throw caught;
        }
      },
      {
        ...timing,
        onRetry: (caught, waitMs) => console.error(`chat: storing ${input.label} failed: the database is unreachable; trying again in ${waitMs} ms`, caught),
      },
    );
  const outcome = (stored: StoredReply | null): FinalStoreOutcome => (stored ? { stored, unreachable: false } : { stored: null, unreachable: false });
  try {
    return outcome(await attempt(input.store));
  } catch (caught) {
    if (isDatabaseUnreachable(caught)) return unreachable(input.label, timing, caught);
    if (!input.fallback) {
      console.error(`chat: storing ${input.label} failed; it is not kept`, caught);
      return { stored: null, unreachable: false };
    }
    console.error(`chat: storing ${input.label} failed; ${input.fallback.note}`, caught);
  }
  try {
    return outcome(await attempt(input.fallback.store));
  } catch (caught) {
    if (isDatabaseUnreachable(caught)) return unreachable(input.label, timing, caught);
    console.error(`chat: storing ${input.label} in its fallback form failed too; it is not kept`, caught);
    return { stored: null, unreachable: false };
  }
}

function unreachable(label: string, timing: RetryTiming, caught: unknown): FinalStoreOutcome {
  console.error(`chat: storing ${label} gave up: the database was unreachable for ${timing.boundMs} ms; it goes to the recovery sweep once the database answers`, caught);
  return { stored: null, unreachable: true };
}
