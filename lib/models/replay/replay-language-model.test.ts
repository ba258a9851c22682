import { generateText, NoSuchToolError, stepCountIs, streamText, tool, type TextStreamPart, type ToolSet } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { DEFAULT_REPLY_ID } from "./default-reply";
import { loadReplayLibrary } from "./load-recordings";
import { createReplayModel, type ReplayLanguageModel, type ReplayModelOptions } from "./replay-language-model";
import { REPLAY_CHUNK_MAX_CHARACTERS } from "./chunk-text";
import { instantSleep, realSleep, type ReplaySleep } from "./replay-sleep";

const library = loadReplayLibrary();

// A stand-in with render_ui's name; render-ui-tool.test.ts runs the real one.
const echoTools = {
  render_ui: tool({
    description: "Render a read-only card.",
    inputSchema: z.object({ spec: z.object({ title: z.string().optional(), items: z.array(z.unknown()) }) }),
    execute: async ({ spec }) => ({ rendered: spec.items.length }),
  }),
} satisfies ToolSet;

let model: ReplayLanguageModel;
function replay(options: ReplayModelOptions = {}): ReplayLanguageModel {
  model = createReplayModel({ library, sleep: instantSleep, ...options });
  return model;
}

// Every test's recordings must have been consumed exactly as it expected.
afterEach(() => {
  model?.session.assertConsumed();
});

async function collect<TOOLS extends ToolSet>(stream: AsyncIterable<TextStreamPart<TOOLS>>) {
  const parts: TextStreamPart<TOOLS>[] = [];
  for await (const part of stream) parts.push(part);
  const deltas = parts.flatMap((part) => (part.type === "text-delta" ? [part.text] : []));
  return { parts, deltas, text: deltas.join("") };
}

function fullText(id: string): string {
  return library.get(id)?.steps.map((step) => step.text).join("") ?? "";
}

/**
 * Recordings longer than this are not streamed through `streamText` one by one: the megabyte
 * prose reply comes from the same generator as `huge-reply`, which is, and would take minutes here.
 */
const STREAMED_RECORDING_MAX_CHARACTERS = 500_000;

describe("ReplayLanguageModel through streamText", () => {
  const plainRecordings = library.recordings.filter(
    (recording) =>
      recording.steps.every((step) => step.toolCalls.length === 0) &&
      recording.fault?.kind !== "error-mid-stream" &&
      fullText(recording.id).length <= STREAMED_RECORDING_MAX_CHARACTERS,
  );

  it.each(plainRecordings.map((recording) => [recording.id, recording.examplePrompt] as const))(
    "%s: the text reassembles to the recording exactly, in pieces of 1–12 characters",
    async (id, prompt) => {
      replay().session.expect(id);
      const result = streamText({ model, prompt });
      const { deltas, text } = await collect(result.fullStream);
      expect(text).toBe(fullText(id));
      expect(Math.max(...deltas.map((delta) => delta.length))).toBeLessThanOrEqual(REPLAY_CHUNK_MAX_CHARACTERS);
      expect(await result.text).toBe(fullText(id));
    },
  );

  it("chunks deterministically for a seed", async () => {
    const run = async (seed: number) => {
      const replayModel = createReplayModel({ library, sleep: instantSleep, seed });
      return (await collect(streamText({ model: replayModel, prompt: "Show me the build status" }).fullStream)).deltas;
    };
    replay();
    const first = await run(42);
    expect(await run(42)).toEqual(first);
    expect(await run(43)).not.toEqual(first);
    expect(first.length).toBeGreaterThan(100);
  });

  it("reports finish reasons as a real provider would", async () => {
    replay().session.expect("build-status").expect("truncated-fence");
    const plain = streamText({ model, prompt: "Show me the build status" });
    await collect(plain.fullStream);
    expect(await plain.finishReason).toBe("stop");
    const truncated = streamText({ model, prompt: "Simulate a truncated reply" });
    await collect(truncated.fullStream);
    expect(await truncated.finishReason).toBe("length");
  });

  it("streams a tool call that the AI SDK executes, then the standalone reply", async () => {
    replay().session.expect("incident-card");
    const result = streamText({ model, prompt: "Summarize the current incident", tools: echoTools, stopWhen: stepCountIs(3) });
    const { parts, text } = await collect(result.fullStream);
    const inputDeltas = parts.filter((part) => part.type === "tool-input-delta");
    expect(inputDeltas.length).toBeGreaterThan(10);
    const call = parts.find((part) => part.type === "tool-call");
    expect(call?.type === "tool-call" && call.toolName).toBe("render_ui");
    const toolResult = parts.find((part) => part.type === "tool-result");
    const items = JSON.parse(library.get("incident-card")?.steps[0]?.toolCalls[0]?.input ?? "{}").spec.items;
    expect(toolResult?.type === "tool-result" && toolResult.output).toEqual({ rendered: items.length });
    expect(text).toBe(fullText("incident-card"));
    expect((await result.steps).map((step) => step.finishReason)).toEqual(["tool-calls", "stop"]);
    expect(model.session.calls.map((call) => call.step)).toEqual([0, 1]);
  });

  it("writes a tool call out as an octo-ui fence when the caller offers no such tool", async () => {
    replay().session.expect("incident-card");
    const { text } = await collect(streamText({ model, prompt: "Summarize the current incident" }).fullStream);
    expect(text).toContain("```octo-ui\n");
    expect(text).toContain("INC-2291 · Checkout latency");
    expect(text).toContain(fullText("incident-card").trim());
    expect(model.session.calls[0]?.missingTools).toEqual(["render_ui"]);
  });

  it("calls a tool the caller never offered (unknown-tool): the AI SDK refuses the call with NoSuchToolError and the reply goes on", async () => {
    replay().session.expect("unknown-tool-call");
    const result = streamText({ model, prompt: "Simulate an unknown tool call", tools: echoTools, stopWhen: stepCountIs(3) });
    const { parts, text } = await collect(result.fullStream);
    // What AI SDK 6 emits for it: an invalid dynamic tool-call part carrying the error, then a tool-error part, and no result.
    const call = parts.find((part) => part.type === "tool-call");
    expect(call?.type === "tool-call" && [call.toolName, call.dynamic, call.invalid, NoSuchToolError.isInstance(call.error)]).toEqual([
      "delete_branches",
      true,
      true,
      true,
    ]);
    const refusal = parts.find((part) => part.type === "tool-error");
    expect(refusal?.type === "tool-error" && [refusal.toolName, String(refusal.error)]).toEqual([
      "delete_branches",
      expect.stringContaining("unavailable tool 'delete_branches'"),
    ]);
    expect(parts.some((part) => part.type === "tool-result" || part.type === "error")).toBe(false);
    // The refusal goes back to the model as the call's result, and its next step is the rest of the reply.
    expect(text).toBe(fullText("unknown-tool-call"));
    expect((await result.steps).map((step) => step.finishReason)).toEqual(["tool-calls", "stop"]);
    expect(model.session.calls.map((call) => [call.step, call.missingTools])).toEqual([
      [0, ["delete_branches"]],
      [1, ["delete_branches"]],
    ]);
  });

  it("sends an error part after exactly the recorded number of characters and keeps the partial text", async () => {
    replay().session.expect("error-mid-stream");
    const fault = library.get("error-mid-stream")?.fault;
    if (fault?.kind !== "error-mid-stream") throw new Error("the fixture lost its fault marker");
    const errors: unknown[] = [];
    const result = streamText({ model, prompt: "Simulate a provider error", onError: ({ error }) => void errors.push(error) });
    const { parts, text } = await collect(result.fullStream);
    const errorIndex = parts.findIndex((part) => part.type === "error");
    expect(errorIndex).toBeGreaterThan(0);
    const before = parts
      .slice(0, errorIndex)
      .flatMap((part) => (part.type === "text-delta" ? [part.text] : []))
      .join("");
    expect(before).toBe(fullText("error-mid-stream").slice(0, fault.afterCharacters));
    expect(text).toBe(before);
    const errorPart = parts[errorIndex];
    expect(errorPart?.type === "error" && String(errorPart.error)).toContain(fault.message);
    expect(errors).toHaveLength(1);
  });

  it("stops promptly on abort, even in the middle of a long pause", async () => {
    // Real time here: the slow reply waits 4 s before its first token.
    replay({ sleep: realSleep }).session.expect("slow-reply", { stopsEarly: true });
    const controller = new AbortController();
    const result = streamText({ model, prompt: "Simulate a slow reply", abortSignal: controller.signal });
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    const { parts, text } = await collect(result.fullStream);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(parts.some((part) => part.type === "abort")).toBe(true);
    expect(text).toBe("");
    expect(model.session.calls[0]?.state).toBe("aborted");
  });

  it("keeps what arrived before an abort", async () => {
    replay().session.expect("build-status", { stopsEarly: true });
    const controller = new AbortController();
    const result = streamText({ model, prompt: "Show me the build status", abortSignal: controller.signal });
    let text = "";
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") text += part.text;
      if (text.length > 200) controller.abort();
    }
    expect(text.length).toBeGreaterThan(200);
    expect(fullText("build-status").startsWith(text)).toBe(true);
    expect(text.length).toBeLessThan(fullText("build-status").length);
  });

  it("answers an unmatched prompt with the default reply, offering every listed recording", async () => {
    replay().session.expect(DEFAULT_REPLY_ID);
    const { text } = await collect(streamText({ model, prompt: "What is the capital of Mongolia?" }).fullStream);
    expect(text).toContain("replay model");
    expect(text).toContain("```ui\n<Choices>");
    for (const recording of library.recordings) {
      expect(text.includes(recording.examplePrompt)).toBe(recording.listed);
    }
  });

  it("answers an unknown action with a visible note instead of a silent update", async () => {
    replay().session.expect(DEFAULT_REPLY_ID);
    const prompt = '[octo-ui-action] {"panel":"sales","action":"export","fields":{},"payload":{}}';
    const { text } = await collect(streamText({ model, prompt }).fullStream);
    expect(text).toMatch(/no recorded answer for the `export` action on the `sales` panel/);
  });

  it("plays the silent panel update for a panel's action envelope", async () => {
    replay().session.expect("sales-refresh");
    const prompt = '[octo-ui-action] {"panel":"sales","action":"refresh","fields":{"range":"30d"},"payload":{}}';
    const { text } = await collect(streamText({ model, prompt }).fullStream);
    expect(text.trim().startsWith("```octo-ui")).toBe(true);
    expect(text.trim().endsWith("```")).toBe(true);
    expect(text.match(/```octo-ui/g)).toHaveLength(1);
    expect(text).toContain('"id": "sales"');
  });

  it("matches on the last user message of a conversation", async () => {
    replay().session.expect("sales-dashboard");
    const result = streamText({
      model,
      messages: [
        { role: "user", content: "Show me the build status" },
        { role: "assistant", content: fullText("build-status") },
        { role: "user", content: "Now show me the sales dashboard" },
      ],
    });
    expect((await collect(result.fullStream)).text).toBe(fullText("sales-dashboard"));
  });

  it("serves generateText (doGenerate) from the same recordings", async () => {
    replay().session.expect("build-status");
    const result = await generateText({ model, prompt: "Show me the build status" });
    expect(result.text).toBe(fullText("build-status"));
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });
});

describe("pacing", () => {
  function recordingSleep(): { sleep: ReplaySleep; waits: number[] } {
    const waits: number[] = [];
    return { waits, sleep: async (milliseconds) => void waits.push(milliseconds) };
  }

  it("waits for the first token, then in bursts no shorter than the minimum wait", async () => {
    const { sleep, waits } = recordingSleep();
    replay({ sleep }).session.expect("build-status");
    await collect(streamText({ model, prompt: "Show me the build status" }).fullStream);
    expect(waits[0]).toBeGreaterThanOrEqual(350);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(15);
    const total = waits.reduce((sum, wait) => sum + wait, 0);
    // About 400 characters a second, with jitter.
    const seconds = fullText("build-status").length / 400;
    expect(total / 1000).toBeGreaterThan(seconds * 0.7);
    expect(total / 1000).toBeLessThan(seconds * 1.3 + 1);
  });

  it("acts out a slow reply: a long first wait and a stall every 200 characters", async () => {
    const { sleep, waits } = recordingSleep();
    replay({ sleep }).session.expect("slow-reply");
    await collect(streamText({ model, prompt: "Simulate a slow reply" }).fullStream);
    expect(waits[0]).toBeGreaterThanOrEqual(4_000);
    const stalls = waits.filter((wait) => wait >= 2_000).length;
    expect(stalls).toBe(1 + Math.floor(fullText("slow-reply").length / 200));
  });

  it("scales every wait by timeScale, and does not wait at all at 0", async () => {
    const { sleep, waits } = recordingSleep();
    replay({ sleep, timeScale: 0.1 }).session.expect("build-status");
    await collect(streamText({ model, prompt: "Show me the build status" }).fullStream);
    expect(waits[0]).toBeGreaterThanOrEqual(35);
    expect(waits[0]).toBeLessThan(100);
    const silent = recordingSleep();
    replay({ sleep: silent.sleep, timeScale: 0 }).session.expect("build-status");
    await collect(streamText({ model, prompt: "Show me the build status" }).fullStream);
    expect(silent.waits).toEqual([]);
  });

  it("keeps to its schedule when the reader wakes late: what came meanwhile goes out at once, so lateness does not add up", async () => {
    const schedule = recordingSleep();
    replay({ sleep: schedule.sleep }).session.expect("build-status");
    await collect(streamText({ model, prompt: "Show me the build status" }).fullStream);
    const scheduledMs = schedule.waits.reduce((sum, wait) => sum + wait, 0);
    expect(schedule.waits.length).toBeGreaterThan(10);

    // Every wake-up comes 40 ms late, as on a busy event loop.
    const LATE_MS = 40;
    let clock = 0;
    const lateWaits: number[] = [];
    const lateSleep: ReplaySleep = async (milliseconds) => {
      lateWaits.push(milliseconds);
      clock += milliseconds + LATE_MS;
    };
    replay({ sleep: lateSleep, now: () => clock }).session.expect("build-status");
    const { text } = await collect(streamText({ model, prompt: "Show me the build status" }).fullStream);
    expect(text).toBe(fullText("build-status"));
    // Relative waits would end LATE_MS × the number of waits behind; the schedule ends at most one wake-up behind.
    expect(clock - scheduledMs).toBeLessThanOrEqual(LATE_MS);
    expect(lateWaits.length).toBeLessThan(schedule.waits.length);
  });
});

describe("consumption checks", () => {
  it("fails a recording whose stream was not read to its end", async () => {
    const replayModel = createReplayModel({ library, sleep: instantSleep });
    replayModel.session.expect("build-status");
    const result = streamText({ model: replayModel, prompt: "Show me the build status" });
    const reader = result.textStream.getReader();
    await reader.read();
    await reader.cancel();
    expect(replayModel.session.problems().join("\n")).toMatch(/under-consumed: play 1 \("build-status"\) step 1 was not read to its end/);
    expect(() => replayModel.session.assertConsumed()).toThrow(/under-consumed/);
  });

  it("accepts a partial read when the test says it stops early", async () => {
    const replayModel = createReplayModel({ library, sleep: instantSleep });
    replayModel.session.expect("build-status", { stopsEarly: true });
    const reader = streamText({ model: replayModel, prompt: "Show me the build status" }).textStream.getReader();
    await reader.read();
    await reader.cancel();
    expect(replayModel.session.problems()).toEqual([]);
  });

  it("fails a tool recording whose answering step never ran", async () => {
    const replayModel = createReplayModel({ library, sleep: instantSleep });
    replayModel.session.expect("incident-card");
    await collect(
      streamText({ model: replayModel, prompt: "Summarize the current incident", tools: echoTools, stopWhen: stepCountIs(1) })
        .fullStream,
    );
    expect(replayModel.session.problems()).toEqual(['under-consumed: play 1 ("incident-card") played 1 of its 2 steps']);
  });

  it("fails a recording played more often than expected", async () => {
    const replayModel = createReplayModel({ library, sleep: instantSleep });
    replayModel.session.expect("build-status");
    for (let round = 0; round < 2; round += 1) {
      await collect(streamText({ model: replayModel, prompt: "Show me the build status" }).fullStream);
    }
    expect(replayModel.session.problems()).toEqual(['over-consumed: play 2 ("build-status") was not expected']);
  });

  it("fails an unexpected recording and one expected but never played", async () => {
    const replayModel = createReplayModel({ library, sleep: instantSleep });
    replayModel.session.expect("sales-dashboard").expect("build-status");
    await collect(streamText({ model: replayModel, prompt: "Show me the build status" }).fullStream);
    expect(replayModel.session.problems()).toEqual([
      'over-consumed: play 1 ("build-status") was played where "sales-dashboard" was expected',
      'under-consumed: "build-status" was expected but never played',
    ]);
  });

  it("fails a call for a step the recording does not have", async () => {
    const replayModel = createReplayModel({ library, sleep: instantSleep });
    replayModel.session.expect("build-status");
    await collect(
      streamText({
        model: replayModel,
        messages: [
          { role: "user", content: "Show me the build status" },
          { role: "assistant", content: "A first answer." },
        ],
      }).fullStream,
    );
    expect(replayModel.session.problems()).toEqual([
      'over-consumed: play 1 ("build-status") was called for step 2 but has 1',
    ]);
  });

  it("passes when every expected recording was played once, in order, to its end", async () => {
    const replayModel = createReplayModel({ library, sleep: instantSleep });
    replayModel.session.expect("build-status").expect("incident-card");
    await collect(streamText({ model: replayModel, prompt: "Show me the build status" }).fullStream);
    await collect(
      streamText({ model: replayModel, prompt: "Summarize the current incident", tools: echoTools, stopWhen: stepCountIs(3) })
        .fullStream,
    );
    expect(replayModel.session.problems()).toEqual([]);
  });
});
