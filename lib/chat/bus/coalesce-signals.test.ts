import { describe, expect, it } from "vitest";
import type { ChatSignal } from "./chat-signal";
import { coalesceSignals } from "./coalesce-signals";

const text = (messageId: string, start: number, delta: string): ChatSignal => ({ type: "text", chatId: "c", messageId, start, delta });

describe("coalesceSignals", () => {
  it("merges contiguous deltas of one reply and keeps every other signal in place", () => {
    const stop: ChatSignal = { type: "stop", chatId: "c" };
    const merged = coalesceSignals([text("m", 0, "ab"), text("m", 2, "cd"), text("m", 4, "e"), stop, text("m", 5, "f"), text("n", 0, "x"), text("n", 5, "gap")]);
    expect(merged).toEqual([text("m", 0, "abcde"), stop, text("m", 5, "f"), text("n", 0, "x"), text("n", 5, "gap")]);
  });

  it("leaves a queue without text as it is", () => {
    const signals: ChatSignal[] = [
      { type: "resync", chatId: "c", messageId: "m" },
      { type: "alive", chatId: "c", messageId: "m", textLength: 4 },
    ];
    expect(coalesceSignals(signals)).toEqual(signals);
  });
});
