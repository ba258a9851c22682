/**
 * Merging queued text signals before they are sent: a model can stream
 * dozens of small deltas a second in each of hundreds of chats, and every
 * signal costs bytes on the bus and work on every instance. A text delta of
 * a reply joins the previous one of the same reply in the batch when they
 * continue each other and no other signal of that chat stands between them.
 * The order of one chat's signals is kept; signals of different chats are
 * independent, so a delta may move ahead of another chat's signal.
 */
import type { ChatSignal } from "./chat-signal";

/**
 * Longest merged delta, in UTF-16 units: serialized (up to six units per
 * unit for escaped control characters) it stays within what the bus sends
 * by reference (`NOTIFY_REFERENCE_MAX_BYTES`).
 */
export const COALESCED_DELTA_MAX_UNITS = 500_000;

/** The signals with contiguous text deltas of one reply merged (see the file comment). */
export function coalesceSignals(signals: readonly ChatSignal[]): ChatSignal[] {
  const merged: ChatSignal[] = [];
  /** Where each chat's latest signal stands in `merged`. */
  const latestOfChat = new Map<string, number>();
  for (const signal of signals) {
    const chatId = "chatId" in signal ? signal.chatId : null;
    if (chatId !== null && signal.type === "text") {
      const at = latestOfChat.get(chatId);
      const previous = at === undefined ? undefined : merged[at];
      if (
        at !== undefined &&
        previous?.type === "text" &&
        previous.messageId === signal.messageId &&
        previous.start + previous.delta.length === signal.start &&
        previous.delta.length + signal.delta.length <= COALESCED_DELTA_MAX_UNITS
      ) {
        merged[at] = { ...previous, delta: previous.delta + signal.delta };
        continue;
      }
    }
    merged.push(signal);
    if (chatId !== null) latestOfChat.set(chatId, merged.length - 1);
  }
  return merged;
}
