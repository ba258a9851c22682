import { describe, expect, it } from "vitest";
import type { AssistantMessage, UserMessage } from "@/lib/chat/wire";
import { deferredMarkdown } from "./defer-markdown";

const AT = "2026-12-01T00:00:00.000Z";

function user(sequence: number, text: string): UserMessage {
  return { id: `u-${sequence}`, chatId: "chat", sequence, role: "user", text, silent: false, kind: "prompt", createdAt: AT };
}

function reply(sequence: number, length: number, silent = false): AssistantMessage {
  return { id: `a-${sequence}`, chatId: "chat", sequence, role: "assistant", text: "x".repeat(length), receipt: [], status: "complete", silent, model: "replay:default", createdAt: AT };
}

describe("deferredMarkdown", () => {
  it("formats a thread that fits the budget at once", () => {
    expect(deferredMarkdown([user(1, "a"), reply(2, 300), user(3, "b"), reply(4, 500)], 1_000)).toEqual(new Map());
  });

  it("spends the budget from the bottom of the thread up: the newest reply first, then the ones above", () => {
    const deferred = deferredMarkdown([user(1, "a"), reply(2, 5_000), user(3, "b"), reply(4, 800), user(5, "c"), reply(6, 600)], 1_000);
    // The last reply is whole; the one above keeps its last 400 characters; the first waits entirely.
    expect([...deferred]).toEqual([
      ["a-4", 400],
      ["a-2", 5_000],
    ]);
  });

  it("defers the top of a single reply longer than the budget", () => {
    expect([...deferredMarkdown([user(1, "a"), reply(2, 1_000_000)], 32_000)]).toEqual([["a-2", 968_000]]);
  });

  it("spends nothing on silent replies, which the thread does not draw", () => {
    expect([...deferredMarkdown([user(1, "a"), reply(2, 600), reply(3, 5_000, true)], 1_000)]).toEqual([]);
  });
});
