/**
 * Nothing a person saw is lost when a server dies mid-reply. While a reply
 * streams, its text is checkpointed every few seconds apart from the thread
 * (`db/queries/reply-checkpoints.ts`; previews stay unstored); once it is
 * stored the checkpoint goes. A process killed before its final store leaves
 * its checkpoint behind with a lease it no longer renews: the next sweep on
 * any instance (one at start, then one per lease period) claims it, stores
 * the text as an interrupted reply — compiled, marked as an error, never
 * left spinning — and frees the chat's lease. A reply whose process is
 * alive but whose final store could not reach the database is handed over
 * the same way, sooner: `handOverToRecovery` checkpoints its whole text,
 * frees its chat and runs a sweep as soon as the database answers again.
 */
import "server-only";
import { getMessage } from "@/db/queries/chat-turns";
import { claimReplyCheckpoint, deleteReplyCheckpoint, listAbandonedReplyCheckpoints, saveReplyCheckpoint } from "@/db/queries/reply-checkpoints";
import { releaseReplyLease } from "@/db/queries/reply-leases";
import { retryWhileUnreachable, type RetryTiming } from "../final/final-store";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import { storeMinimalReply } from "../final/store-minimal-reply";
import { storeReply, type StoredReply } from "../final/store-reply";

/**
 * Milliseconds between checkpoints of a streaming reply: the most text a
 * killed process loses, against one small write per stream per period (200
 * streams cost 100 writes a second).
 */
export const REPLY_CHECKPOINT_MS = 2_000;

/** Checkpoints claimed per sweep: a crash leaves at most its own streams behind; more wait for the next sweep. */
export const RECOVERY_BATCH = 100;

/**
 * Longest a reply whose final store gave up keeps trying to reach the
 * database to hand itself over, in milliseconds: as long as a reply may
 * stream (REPLY_TIME_LIMIT_MS). Past it the database has been gone for an
 * operator to notice; the chat's lease has long run out, and the next sweep
 * on any instance stores the reply's last checkpoint once the database is back.
 */
export const REPLY_HANDOVER_MS = 10 * 60_000;

/** What an interrupted reply says. */
export const REPLY_INTERRUPTED_MESSAGE = "The server stopped, or lost its database, while writing this reply. What arrived before is kept.";

/** The reply a checkpointer follows. */
export type CheckpointedReply = {
  messageId: string;
  chatId: string;
  userId: string;
  /** The prompt it answers. */
  parentId: string;
  model: string;
  /** The text so far (read at each checkpoint). */
  text: () => string;
};

/** Writes a streaming reply's text every `intervalMs` while it changes; `stop` ends it and deletes the checkpoint. */
export class ReplyCheckpointer {
  private timer: ReturnType<typeof setInterval> | null;
  private written = 0;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly reply: CheckpointedReply,
    intervalMs: number = REPLY_CHECKPOINT_MS,
  ) {
    this.timer = setInterval(() => void this.write(), intervalMs);
    this.timer.unref?.();
  }

  private write(): Promise<void> {
    const text = this.reply.text();
    // Nothing new, or the last write still on its way: a slow database must not queue writes up.
    if (text.length === this.written || this.writing !== null) return this.writing ?? Promise.resolve();
    const { messageId, chatId, userId, parentId, model } = this.reply;
    this.writing = saveReplyCheckpoint({ checkpoint: { messageId, chatId, userId, parentId, model, text } })
      .then(() => {
        this.written = text.length;
      })
      .catch((caught: unknown) => console.error(`chat: checkpointing reply ${messageId} failed; the next one tries again`, caught))
      .finally(() => {
        this.writing = null;
      });
    return this.writing;
  }

  /**
   * Stops checkpointing. Once the reply is stored its checkpoint is deleted
   * (a failed delete is claimed by a sweep, which finds the reply stored);
   * a reply that could not be stored keeps it, for a sweep to store later.
   */
  async stop(stored: boolean): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.writing;
    if (!stored) return;
    try {
      await deleteReplyCheckpoint({ messageId: this.reply.messageId });
    } catch (caught) {
      console.error(`chat: deleting the checkpoint of reply ${this.reply.messageId} failed`, caught);
    }
  }
}

/**
 * Hands a reply that could not be stored (its database unreachable past the
 * final store's bound) to the recovery sweep, once the database answers
 * again: checkpoints its whole text, releases its chat's lease (whose
 * renewal the caller stopped) and runs `recover` — a sweep, which stores it
 * as an interrupted reply and tells its viewers. Retries while the database
 * is unreachable, for up to `REPLY_HANDOVER_MS`. Never throws; false when it
 * gave up (the last checkpoint written stays for a later sweep).
 */
export async function handOverToRecovery(input: { reply: CheckpointedReply; recover: () => Promise<unknown>; retry?: RetryTiming }): Promise<boolean> {
  const { messageId, chatId, userId, parentId, model } = input.reply;
  const timing = input.retry ?? { boundMs: REPLY_HANDOVER_MS };
  try {
    await retryWhileUnreachable(() => saveReplyCheckpoint({ checkpoint: { messageId, chatId, userId, parentId, model, text: input.reply.text() } }), timing);
    await retryWhileUnreachable(() => releaseReplyLease({ chatId, holder: messageId }), timing);
  } catch (caught) {
    console.error(`chat: handing reply ${messageId} to the recovery sweep failed; a later sweep stores its last checkpoint`, caught);
    return false;
  }
  await input.recover();
  return true;
}

/**
 * Stores every abandoned checkpoint as an interrupted reply and frees its
 * chat; returns what was stored (for viewers). Never throws: a sweep that
 * fails is tried again by the next.
 */
export async function recoverInterruptedReplies(options: { querySchemas?: UiQuerySchemas } = {}): Promise<{ userId: string; stored: StoredReply }[]> {
  const recovered: { userId: string; stored: StoredReply }[] = [];
  let ids: string[];
  try {
    ids = await listAbandonedReplyCheckpoints({ limit: RECOVERY_BATCH });
  } catch (caught) {
    console.error("chat: listing interrupted replies failed", caught);
    return recovered;
  }
  for (const id of ids) {
    try {
      const checkpoint = await claimReplyCheckpoint({ messageId: id });
      if (!checkpoint) continue;
      const { userId, chatId, messageId, parentId, model, text } = checkpoint;
      // Stored after all (its checkpoint's delete failed): nothing to do but free the chat.
      const existing = await getMessage({ userId, chatId, messageId });
      if (!existing) {
        const blocks = compileUi(text, { id: messageId, final: true, ...(options.querySchemas ? { querySchemas: options.querySchemas } : {}) });
        const base = { userId, chatId, messageId, parentId, model, text };
        let stored: StoredReply | null = null;
        try {
          stored = await storeReply({ ...base, status: "error", error: REPLY_INTERRUPTED_MESSAGE, blocks, tools: [], actionPanelId: null });
        } catch (caught) {
          console.error(`chat: storing interrupted reply ${messageId} failed; storing its text alone`, caught);
          stored = await storeMinimalReply({ ...base, error: REPLY_INTERRUPTED_MESSAGE });
        }
        if (stored) recovered.push({ userId, stored });
      }
      await releaseReplyLease({ chatId, holder: messageId });
    } catch (caught) {
      console.error(`chat: recovering interrupted reply ${id} failed`, caught);
    }
  }
  return recovered;
}
