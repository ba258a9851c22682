/**
 * The reply of a restore turn (restore-turn.ts): no model writes it. The
 * earlier version's part goes through the live reply like a model's text —
 * so viewers everywhere see the panel update as after a refresh — and is
 * compiled and stored by the same final store, which makes it the panel's
 * next revision.
 */
import "server-only";
import { storeFinalReply, type FinalStoreOutcome, type RetryTiming } from "../final/final-store";
import { storeReply } from "../final/store-reply";
import type { LocalReply } from "../live/chat-hub";
import type { RestoredPart } from "./restore-turn";

/** The model name a restored version is stored under: the host wrote it, not a model. */
export const RESTORE_MODEL_NAME = "host:restore";

/** Replays `part` into `reply` and stores it through the final store (held through an outage like a model's reply); never throws. */
export async function restoreReply(input: {
  reply: LocalReply;
  part: RestoredPart;
  userId: string;
  chatId: string;
  messageId: string;
  replyTo: string;
  actionPanelId: string;
  /** How long the store retries while the database is unreachable (default `FINAL_STORE_RETRY_MS`). */
  storeRetry?: RetryTiming;
}): Promise<FinalStoreOutcome> {
  input.reply.appendText(input.part.text);
  for (const card of input.part.cards) input.reply.addTool({ ...card, textOffset: input.reply.text.length });
  const blocks = input.reply.finish();
  const scope = { userId: input.userId, chatId: input.chatId, messageId: input.messageId };
  return storeFinalReply({
    scope,
    label: `restored reply ${input.messageId}`,
    store: () =>
      storeReply({
        ...scope,
        parentId: input.replyTo,
        model: RESTORE_MODEL_NAME,
        status: "complete",
        error: null,
        text: input.reply.text,
        blocks,
        tools: input.reply.tools,
        actionPanelId: input.actionPanelId,
      }),
    ...(input.storeRetry ? { retry: input.storeRetry } : {}),
  });
}
