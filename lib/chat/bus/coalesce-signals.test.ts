import { describe, expect, it } from "vitest";
import type { ChatSignal } from "./chat-signal";
import { COALESCED_DELTA_MAX_UNITS, coalesceSignals } from "./coalesce-signals";
import { NOTIFY_REFERENCE_MAX_BYTES } from "./notify-payloads";

const text = (messageId: string, start: number, delta: string, chatId = "c"): ChatSignal => ({ type: "text", chatId, messageId, start, delta });

describe("coalesceSignals", () => {
  it("merges contiguous deltas of one reply and keeps every other signal of its chat in place", () => {
    const stop: ChatSignal = { type: "stop", chatId: "c" };
    const merged = coalesceSignals([text("m", 0, "ab"), text("m", 2, "cd"), text("m", 4, "e"), stop, text("m", 5, "f"), text("n", 0, "x"), text("n", 5, "gap")]);
    expect(merged).toEqual([text("m", 0, "abcde"), stop, text("m", 5, "f"), text("n", 0, "x"), text("n", 5, "gap")]);
  });

  it("merges a reply's deltas across other chats' signals, each chat's order kept", () => {
    const merged = coalesceSignals([
      text("m1", 0, "a", "c1"),
      text("m2", 0, "x", "c2"),
      { type: "chat-list", userId: "u" },
      text("m1", 1, "b", "c1"),
      text("m2", 1, "y", "c2"),
      { type: "alive", chatId: "c2", messageId: "m2", textLength: 2 },
      text("m2", 2, "z", "c2"),
      text("m1", 2, "c", "c1"),
    ]);
    expect(merged).toEqual([
      text("m1", 0, "abc", "c1"),
      text("m2", 0, "xy", "c2"),
      { type: "chat-list", userId: "u" },
      { type: "alive", chatId: "c2", messageId: "m2", textLength: 2 },
      text("m2", 2, "z", "c2"),
    ]);
  });

  it("stops merging before a delta grows past what the bus sends by reference, even fully escaped", () => {
    const chunk = "\u0000".repeat(COALESCED_DELTA_MAX_UNITS / 4);
    const queued = Array.from({ length: 12 }, (_, index) => text("m", index * chunk.length, chunk));
    const merged = coalesceSignals(queued);
    expect(merged.map((signal) => (signal.type === "text" ? signal.delta.length : 0))).toEqual([COALESCED_DELTA_MAX_UNITS, COALESCED_DELTA_MAX_UNITS, COALESCED_DELTA_MAX_UNITS]);
    for (const signal of merged) expect(Buffer.byteLength(JSON.stringify(signal))).toBeLessThanOrEqual(NOTIFY_REFERENCE_MAX_BYTES);
  });

  it("leaves a queue without text as it is", () => {
    const signals: ChatSignal[] = [
      { type: "resync", chatId: "c", messageId: "m" },
      { type: "alive", chatId: "c", messageId: "m", textLength: 4 },
    ];
    expect(coalesceSignals(signals)).toEqual(signals);
  });
});
