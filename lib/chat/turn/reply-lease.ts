/**
 * A reply's lease on its chat (`db/queries/reply-leases.ts`): taken before a
 * generation starts, renewed while it runs, released once the reply is
 * stored. The lease is what keeps a chat to one reply across server
 * instances — the live hub only knows what the bus has told it, and two
 * sends to two instances can arrive within the bus's latency. An instance
 * that crashes stops renewing, and its lease runs out.
 */
import "server-only";
import { acquireReplyLease, releaseReplyLease, renewReplyLease } from "@/db/queries/reply-leases";

/** Milliseconds a lease lasts unless renewed: how long a crashed instance's chat stays taken. */
export const REPLY_LEASE_MS = 30_000;

/** Milliseconds between renewals: a third of the lease, so two can fail or run late before it runs out. */
export const REPLY_LEASE_RENEW_MS = 10_000;

/** How long a lease lasts and how often it is renewed (tests shorten both). */
export type ReplyLeaseTiming = { durationMs: number; renewMs: number };

/** A held lease. */
export class ReplyLease {
  private renewal: ReturnType<typeof setInterval> | null;
  private released = false;

  private constructor(
    private readonly chatId: string,
    private readonly holder: string,
    timing: ReplyLeaseTiming,
    private readonly onLost: () => void,
  ) {
    this.renewal = setInterval(() => void this.renew(timing.durationMs), timing.renewMs);
    // A renewal timer must not keep a process (or a test run) alive on its own.
    this.renewal.unref?.();
  }

  /**
   * Takes the chat's lease for the reply `holder`; null when another reply
   * holds it. `onLost` runs once if a renewal finds the lease gone — the chat
   * was deleted, or this instance stalled past the lease and another reply
   * took the chat — so the holder can stop generating.
   */
  static async take(input: { userId: string; chatId: string; holder: string; timing?: ReplyLeaseTiming; onLost?: () => void }): Promise<ReplyLease | null> {
    const timing = input.timing ?? { durationMs: REPLY_LEASE_MS, renewMs: REPLY_LEASE_RENEW_MS };
    const taken = await acquireReplyLease({ userId: input.userId, chatId: input.chatId, holder: input.holder, durationMs: timing.durationMs });
    return taken ? new ReplyLease(input.chatId, input.holder, timing, input.onLost ?? (() => {})) : null;
  }

  /** Stops renewing and gives the lease up; never throws (a lease that cannot be released runs out). */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    try {
      await releaseReplyLease({ chatId: this.chatId, holder: this.holder });
    } catch (caught) {
      console.error(`chat: releasing the reply lease of chat ${this.chatId} failed; it runs out on its own`, caught);
    }
  }

  /**
   * Stops renewing without releasing: for a holder that cannot reach the
   * database now and releases the chat itself once it can
   * (`handOverToRecovery`), or leaves the lease to run out.
   */
  abandon(): void {
    this.released = true;
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
  }

  private async renew(durationMs: number): Promise<void> {
    if (this.released) return;
    try {
      if (!(await renewReplyLease({ chatId: this.chatId, holder: this.holder, durationMs }))) {
        // Gone with its chat, or ran out while this instance stalled and taken by another reply: nothing left to renew.
        if (this.renewal) clearInterval(this.renewal);
        this.renewal = null;
        if (!this.released) this.onLost();
      }
    } catch (caught) {
      console.error(`chat: renewing the reply lease of chat ${this.chatId} failed; trying again`, caught);
    }
  }
}
