import { describe, expect, it } from "vitest";
import { BenchCompareViewSchema, isRunSettled, paneEventsPath, storedReplyOf, type BenchComparePane } from "./compare-bench-client";

function pane(overrides: Partial<BenchComparePane> = {}): BenchComparePane {
  return {
    id: "p1",
    label: "A",
    status: "complete",
    startOffsetMs: 0,
    metrics: { firstTokenMs: 10, firstBlockMs: 20, finalMs: 30 },
    snapshot: { messages: [] },
    ...overrides,
  };
}

describe("BenchCompareViewSchema", () => {
  it("reads what the bench needs of a run's view and drops the rest", () => {
    const view = BenchCompareViewSchema.parse({
      id: "r1",
      prompt: "Simulate a huge reply",
      startSpreadMs: 3,
      masked: true,
      panes: [
        {
          id: "p1",
          label: "A",
          slot: 0,
          status: "streaming",
          startOffsetMs: 1,
          metrics: null,
          modelId: null,
          snapshot: { chat: { id: "c1" }, live: null, messages: [{ id: "m1", role: "user", text: "hi", createdAt: "2026-12-02T00:00:00.000Z", parts: [] }] },
        },
      ],
    });
    expect(view).toEqual({
      id: "r1",
      startSpreadMs: 3,
      panes: [{ id: "p1", label: "A", status: "streaming", startOffsetMs: 1, metrics: null, snapshot: { messages: [{ id: "m1", role: "user", text: "hi", createdAt: "2026-12-02T00:00:00.000Z" }] } }],
    });
  });
});

describe("isRunSettled", () => {
  it("waits while a pane streams, and for a completed pane's metrics", () => {
    expect(isRunSettled({ id: "r", startSpreadMs: 0, panes: [pane(), pane({ status: "streaming", metrics: null })] })).toBe(false);
    expect(isRunSettled({ id: "r", startSpreadMs: 0, panes: [pane({ metrics: null })] })).toBe(false);
    expect(isRunSettled({ id: "r", startSpreadMs: 0, panes: [pane(), pane({ status: "error", metrics: null })] })).toBe(true);
  });
});

describe("storedReplyOf", () => {
  it("is the pane's last assistant message", () => {
    const messages = [
      { id: "u", role: "user" as const, text: "q", createdAt: "t0" },
      { id: "a", role: "assistant" as const, text: "reply", createdAt: "t1" },
    ];
    expect(storedReplyOf(pane({ snapshot: { messages } }))?.id).toBe("a");
    expect(storedReplyOf(pane())).toBeNull();
  });
});

describe("paneEventsPath", () => {
  it("names the pane's channel under its run", () => {
    expect(paneEventsPath("r 1", "p/2")).toBe("/api/compare/r%201/panes/p%2F2/events");
  });
});
