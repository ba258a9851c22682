import { describe, expect, it } from "vitest";
import { REPLAY_MINIMUM_WAIT_MS, buildReplayScript, type ScriptOptions, type StepPlan } from "./replay-script";

const OPTIONS: ScriptOptions = {
  seed: 1,
  firstTokenMs: 300,
  charactersPerSecond: 400,
  responseId: "response",
  modelId: "default",
  toolCallIdPrefix: "call",
  promptCharacters: 40,
};

const TEXT = "The quick brown fox jumps over the lazy dog. ".repeat(100);

function totalWait(plan: StepPlan, options: ScriptOptions): number {
  return buildReplayScript(plan, options).reduce((sum, timed) => sum + timed.delayMs, 0);
}

describe("buildReplayScript", () => {
  it("frames the text as a provider does: stream-start, metadata, text parts, finish", () => {
    const parts = buildReplayScript({ text: "Hello there.", toolCalls: [], finishReason: "stop" }, OPTIONS).map(
      (timed) => timed.part.type,
    );
    expect(parts[0]).toBe("stream-start");
    expect(parts[1]).toBe("response-metadata");
    expect(parts[2]).toBe("text-start");
    expect(parts.slice(-2)).toEqual(["text-end", "finish"]);
    expect(new Set(parts.slice(3, -2))).toEqual(new Set(["text-delta"]));
  });

  it.each([400, 20_000])("paces %d characters a second, in waits of at least the minimum", (charactersPerSecond) => {
    const options = { ...OPTIONS, charactersPerSecond, firstTokenMs: 0 };
    const script = buildReplayScript({ text: TEXT, toolCalls: [], finishReason: "stop" }, options);
    const waits = script.map((timed) => timed.delayMs).filter((delay) => delay > 0);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(REPLAY_MINIMUM_WAIT_MS);
    const expected = (TEXT.length / charactersPerSecond) * 1000;
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    // Jitter averages out; what is still owed after the last wait is at most one minimum wait.
    expect(total).toBeGreaterThan(expected * 0.8 - REPLAY_MINIMUM_WAIT_MS);
    expect(total).toBeLessThan(expected * 1.2);
  });

  it("waits for the first token before the first text", () => {
    const script = buildReplayScript({ text: "Hello.", toolCalls: [], finishReason: "stop" }, OPTIONS);
    const firstText = script.find((timed) => timed.part.type === "text-start");
    expect(firstText?.delayMs).toBeGreaterThanOrEqual(300);
  });

  it("adds a slow reply's stalls", () => {
    const plain = totalWait({ text: TEXT, toolCalls: [], finishReason: "stop" }, OPTIONS);
    const slow = totalWait({ text: TEXT, toolCalls: [], finishReason: "stop", pauses: { everyCharacters: 500, pauseMs: 1_000 } }, OPTIONS);
    // Rounding each wait to whole milliseconds moves the sum by a few.
    expect(Math.abs(slow - plain - Math.floor(TEXT.length / 500) * 1_000)).toBeLessThan(50);
  });

  it("streams tool input in pieces and then the whole call", () => {
    const input = JSON.stringify({ spec: { title: "Card", items: [{ type: "text", text: "Hello" }] } });
    const script = buildReplayScript({ text: "", toolCalls: [{ toolName: "render_ui", input }], finishReason: "tool-calls" }, OPTIONS);
    const parts = script.map((timed) => timed.part);
    expect(parts.map((part) => part.type).filter((type) => type.startsWith("text"))).toEqual([]);
    const deltas = parts.flatMap((part) => (part.type === "tool-input-delta" ? [part.delta] : []));
    expect(deltas.join("")).toBe(input);
    const call = parts.find((part) => part.type === "tool-call");
    expect(call).toEqual({ type: "tool-call", toolCallId: "call-0", toolName: "render_ui", input });
    const finish = parts.at(-1);
    expect(finish?.type === "finish" && finish.finishReason.unified).toBe("tool-calls");
  });

  it("fails after exactly the given number of characters", () => {
    const parts = buildReplayScript(
      { text: TEXT, toolCalls: [], finishReason: "stop", errorAfterCharacters: 123, errorMessage: "overloaded" },
      OPTIONS,
    ).map((timed) => timed.part);
    const errorAt = parts.findIndex((part) => part.type === "error");
    const before = parts.slice(0, errorAt).flatMap((part) => (part.type === "text-delta" ? [part.delta] : []));
    expect(before.join("")).toBe(TEXT.slice(0, 123));
    expect(parts.slice(errorAt + 1).map((part) => part.type)).toEqual(["text-end", "finish"]);
    const finish = parts.at(-1);
    expect(finish?.type === "finish" && finish.finishReason.unified).toBe("error");
  });

  it("estimates usage at about four characters a token", () => {
    const finish = buildReplayScript({ text: "x".repeat(400), toolCalls: [], finishReason: "stop" }, OPTIONS).at(-1)?.part;
    expect(finish?.type === "finish" && finish.usage.outputTokens.total).toBe(100);
    expect(finish?.type === "finish" && finish.usage.inputTokens.total).toBe(10);
  });
});
