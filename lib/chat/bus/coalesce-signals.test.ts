import { describe, expect, it } from "vitest";
import type { ChatSignal } from "./chat-signal";
import { COALESCED_DELTA_MAX_UNITS, coalesceSignals } from "./coalesce-signals";
import { NOTIFY_FRAGMENT_UNITS, NOTIFY_MAX_FRAGMENTS } from "./notify-fragments";

const text = (messageId: string, start: number, delta: string): ChatSignal => ({ type: "text", chatId: "c", messageId, start, delta });

describe("coalesceSignals", () => {
  it("merges contiguous deltas of one reply and keeps every other signal in place", () => {
    const stop: ChatSignal = { type: "stop", chatId: "c" };
    const merged = coalesceSignals([text("m", 0, "ab"), text("m", 2, "cd"), text("m", 4, "e"), stop, text("m", 5, "f"), text("n", 0, "x"), text("n", 5, "gap")]);
    expect(merged).toEqual([text("m", 0, "abcde"), stop, text("m", 5, "f"), text("n", 0, "x"), text("n", 5, "gap")]);
  });

  it("stops merging before a delta grows past what the bus can fragment, even fully escaped", () => {
    const chunk = "\u0000".repeat(COALESCED_DELTA_MAX_UNITS / 4);
    const queued = Array.from({ length: 12 }, (_, index) => text("m", index * chunk.length, chunk));
    const merged = coalesceSignals(queued);
    expect(merged.map((signal) => (signal.type === "text" ? signal.delta.length : 0))).toEqual([COALESCED_DELTA_MAX_UNITS, COALESCED_DELTA_MAX_UNITS, COALESCED_DELTA_MAX_UNITS]);
    for (const signal of merged) expect(JSON.stringify(signal).length).toBeLessThanOrEqual(NOTIFY_MAX_FRAGMENTS * NOTIFY_FRAGMENT_UNITS);
  });

  it("leaves a queue without text as it is", () => {
    const signals: ChatSignal[] = [
      { type: "resync", chatId: "c", messageId: "m" },
      { type: "alive", chatId: "c", messageId: "m", textLength: 4 },
    ];
    expect(coalesceSignals(signals)).toEqual(signals);
  });
});
