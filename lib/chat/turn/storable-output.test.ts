import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { stepCountIs, streamText, tool, wrapLanguageModel } from "ai";
import { convertArrayToReadableStream, convertReadableStreamToArray, MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { storableOutput, storableOutputMiddleware, type StorableOutputTally } from "./storable-output";

const R = "\uFFFD";

const FINISH: LanguageModelV3StreamPart = {
  type: "finish",
  finishReason: { unified: "stop", raw: "stop" },
  usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
};

function delta(delta: string, id = "t"): LanguageModelV3StreamPart {
  return { type: "text-delta", id, delta };
}

async function run(parts: LanguageModelV3StreamPart[]): Promise<{ parts: LanguageModelV3StreamPart[]; text: string; tally: StorableOutputTally }> {
  const tally = { replaced: 0 };
  const out = await convertReadableStreamToArray(storableOutput(convertArrayToReadableStream(parts), tally));
  const text = out.flatMap((part) => (part.type === "text-delta" ? [part.delta] : [])).join("");
  return { parts: out, text, tally };
}

describe("storableOutput", () => {
  it("replaces NUL and lone surrogates in text deltas, one unit for one, and counts them", async () => {
    const { text, tally } = await run([{ type: "text-start", id: "t" }, delta("a\u0000b"), delta("\ude00c"), { type: "text-end", id: "t" }, FINISH]);
    expect(text).toBe(`a${R}b${R}c`);
    expect(tally.replaced).toBe(2);
  });

  it("joins a surrogate pair split across two deltas instead of replacing both halves", async () => {
    const { parts, text, tally } = await run([delta("smile \ud83d"), delta("\ude00 done"), FINISH]);
    expect(text).toBe("smile \ud83d\ude00 done");
    expect(tally.replaced).toBe(0);
    expect(parts.filter((part) => part.type === "text-delta").map((part) => (part.type === "text-delta" ? part.delta : ""))).toEqual(["smile ", "\ud83d\ude00 done"]);
  });

  it("replaces a held high surrogate that nothing completes: before the next part, a delta of another text, or the end", async () => {
    const ended = await run([delta("a\ud83d"), { type: "text-end", id: "t" }, FINISH]);
    expect(ended.parts.map((part) => part.type)).toEqual(["text-delta", "text-delta", "text-end", "finish"]);
    expect([ended.text, ended.tally.replaced]).toEqual([`a${R}`, 1]);
    const other = await run([delta("a\ud83d", "one"), delta("\ude00", "two")]);
    expect(other.parts).toEqual([delta("a", "one"), delta(R, "one"), delta(R, "two")]);
    expect(other.tally.replaced).toBe(2);
    const last = await run([delta("\ud83d")]);
    expect([last.text, last.tally.replaced]).toEqual([R, 1]);
  });

  it("cleans a tool call's name, id and input; escapes in the JSON count once parsed", async () => {
    const input = JSON.stringify({ spec: { title: "a\u0000", items: [{ type: "text", "k\u0000": "\ud800" }] } });
    expect(input).toContain("\\u0000");
    const { parts, tally } = await run([
      { type: "tool-input-start", id: "c\u00001", toolName: "render\u0000ui" },
      { type: "tool-input-end", id: "c\u00001" },
      { type: "tool-call", toolCallId: "c\u00001", toolName: "render\u0000ui", input },
      FINISH,
    ]);
    const call = parts.find((part) => part.type === "tool-call");
    if (call?.type !== "tool-call") throw new Error("no tool call");
    expect([call.toolCallId, call.toolName]).toEqual([`c${R}1`, `render${R}ui`]);
    expect(JSON.parse(call.input)).toEqual({ spec: { title: `a${R}`, items: [{ type: "text", [`k${R}`]: R }] } });
    expect(parts[0]).toEqual({ type: "tool-input-start", id: `c${R}1`, toolName: `render${R}ui` });
    expect(parts[1]).toEqual({ type: "tool-input-end", id: `c${R}1` });
    // Name and id of the start, the end and the call (2 + 1 + 2), and three characters in the input.
    expect(tally.replaced).toBe(8);
  });

  it("leaves a clean input untouched, even with escapes that are not refused, and cleans raw characters of one that is not JSON", async () => {
    const clean = '{"spec":{"title":"caf\\u00e9"}}';
    const broken = '{"spec": "a\u0000';
    const { parts, tally } = await run([
      { type: "tool-call", toolCallId: "1", toolName: "render_ui", input: clean },
      { type: "tool-call", toolCallId: "2", toolName: "render_ui", input: broken },
    ]);
    expect(parts.map((part) => (part.type === "tool-call" ? part.input : null))).toEqual([clean, `{"spec": "a${R}`]);
    expect(tally.replaced).toBe(1);
  });

  it("sits under streamText: the tool runs on the clean input, and the text the SDK reports is the clean text", async () => {
    const tally = { replaced: 0 };
    const seen: unknown[] = [];
    let step = 0;
    const model = new MockLanguageModelV3({
      doStream: async () => {
        step += 1;
        const parts: LanguageModelV3StreamPart[] =
          step === 1
            ? [
                { type: "text-start", id: "t" },
                delta("NUL\u0000 here"),
                { type: "text-end", id: "t" },
                { type: "tool-call", toolCallId: "call-1", toolName: "render_ui", input: JSON.stringify({ spec: { title: "x\u0000" } }) },
                { ...FINISH, finishReason: { unified: "tool-calls", raw: "tool_calls" } },
              ]
            : [{ type: "text-start", id: "u" }, delta(" and after", "u"), { type: "text-end", id: "u" }, FINISH];
        return { stream: convertArrayToReadableStream(parts) };
      },
    });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: storableOutputMiddleware(tally) }),
      prompt: "hi",
      tools: {
        render_ui: tool({
          inputSchema: z.object({ spec: z.object({ title: z.string() }) }),
          execute: async (input) => {
            seen.push(input);
            return "drawn";
          },
        }),
      },
      stopWhen: stepCountIs(3),
    });
    expect(await result.text).toBe(" and after");
    expect((await result.steps).map((entry) => entry.text).join("")).toBe(`NUL${R} here and after`);
    expect(seen).toEqual([{ spec: { title: `x${R}` } }]);
    expect(tally.replaced).toBe(2);
  });
});
