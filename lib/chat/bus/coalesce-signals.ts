/**
 * Merging queued text signals before they are sent: a model can stream
 * hundreds of small deltas a second, and each `NOTIFY` is a round trip. While
 * one is in flight the next deltas queue up; consecutive deltas of the same
 * reply that continue each other become one signal (the fragmenter splits it
 * again if it grew too large). Nothing is reordered.
 */
import type { ChatSignal } from "./chat-signal";

/**
 * Longest merged delta, in UTF-16 units: serialized (up to six units per
 * unit for escaped control characters) it stays within what the bus can
 * fragment (`NOTIFY_MAX_FRAGMENTS` × `NOTIFY_FRAGMENT_UNITS`, 4.8 million).
 */
export const COALESCED_DELTA_MAX_UNITS = 500_000;

/** The signals in order, with each run of contiguous text deltas of one reply merged into one. */
export function coalesceSignals(signals: readonly ChatSignal[]): ChatSignal[] {
  const merged: ChatSignal[] = [];
  for (const signal of signals) {
    const previous = merged.at(-1);
    if (
      signal.type === "text" &&
      previous?.type === "text" &&
      previous.messageId === signal.messageId &&
      previous.chatId === signal.chatId &&
      previous.start + previous.delta.length === signal.start &&
      previous.delta.length + signal.delta.length <= COALESCED_DELTA_MAX_UNITS
    ) {
      merged[merged.length - 1] = { ...previous, delta: previous.delta + signal.delta };
      continue;
    }
    merged.push(signal);
  }
  return merged;
}
