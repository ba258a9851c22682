import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { stepCountIs, streamText, wrapLanguageModel } from "ai";
import { describe, expect, it } from "vitest";
import { createReplayModel } from "@/lib/models/replay/replay-language-model";
import { loadReplayLibrary } from "@/lib/models/replay/load-recordings";
import { realSleep } from "@/lib/models/replay/replay-sleep";
import { COALESCE_HOLD_MS, coalesceDeltas, coalesceDeltasMiddleware, COALESCED_DELTA_MAX_CHARACTERS } from "./coalesce-deltas";

type Part = LanguageModelV3StreamPart;

const text = (delta: string, id = "t"): Part => ({ type: "text-delta", id, delta });

/** A source that sends each burst at once, then makes the reader wait a timer before the next. */
function bursts(groups: readonly (readonly Part[])[], options: { failAfter?: boolean } = {}): { stream: ReadableStream<Part>; cancelled: () => unknown } {
  const queue = groups.map((group) => [...group]);
  let cancelled: unknown = null;
  let waitNext = false;
  const stream = new ReadableStream<Part>(
    {
      async pull(controller) {
        if (waitNext) await new Promise((resolve) => setTimeout(resolve, 5));
        waitNext = false;
        const group = queue[0];
        if (!group) {
          if (options.failAfter) controller.error(new Error("provider broke"));
          else controller.close();
          return;
        }
        const part = group.shift() as Part;
        if (group.length === 0) {
          queue.shift();
          waitNext = true;
        }
        controller.enqueue(part);
      },
      cancel(reason) {
        cancelled = reason ?? "cancelled";
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, cancelled: () => cancelled };
}

async function readAll(stream: ReadableStream<Part>): Promise<Part[]> {
  const parts: Part[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

describe("coalesceDeltas", () => {
  it("joins each burst of deltas into one part and keeps every other part in place", async () => {
    const { stream } = bursts([
      [{ type: "text-start", id: "t" }, text("Hel"), text("lo"), text(", ")],
      [text("wor"), text("ld")],
      [text("!"), { type: "text-end", id: "t" }, { type: "finish", usage: {} as never, finishReason: { unified: "stop", raw: "stop" } }],
    ]);
    const parts = await readAll(coalesceDeltas(stream, { holdMs: 0 }));
    expect(parts.map((part) => (part.type === "text-delta" ? part.delta : part.type))).toEqual(["text-start", "Hello, ", "world", "!", "text-end", "finish"]);
  });

  it("holds a run for the hold time, so tokens a few milliseconds apart join, and lets it go when the time is up", async () => {
    // Bursts 5 ms apart: within one hold they are one part; the same stream unheld is three.
    const groups = () => [[{ type: "text-start", id: "t" } as Part, text("Hel"), text("lo")], [text(", ")], [text("wor"), text("ld")]];
    const held = await readAll(coalesceDeltas(bursts(groups()).stream, { holdMs: COALESCE_HOLD_MS }));
    expect(held.map((part) => (part.type === "text-delta" ? part.delta : part.type))).toEqual(["text-start", "Hello, world"]);
    const unheld = await readAll(coalesceDeltas(bursts(groups()).stream, { holdMs: 0 }));
    expect(unheld.filter((part) => part.type === "text-delta")).toHaveLength(3);

    // A model that pauses longer than the hold: what was held goes when the hold is up, not when the model speaks again.
    let release: () => void = () => {};
    const paused = new ReadableStream<Part>({
      start(controller) {
        controller.enqueue(text("before"));
        release = () => {
          controller.enqueue(text("after"));
          controller.close();
        };
      },
    });
    const reader = coalesceDeltas(paused, { holdMs: 20 }).getReader();
    const started = performance.now();
    const first = await reader.read();
    expect(first.value).toEqual(text("before"));
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    release();
    expect((await reader.read()).value).toEqual(text("after"));
  });

  it("never joins deltas of different ids or kinds, nor one that carries provider metadata", async () => {
    const metadata = { provider: { note: "kept" } };
    const { stream } = bursts([
      [
        text("a", "one"),
        text("b", "two"),
        { type: "reasoning-delta", id: "two", delta: "r" },
        { type: "reasoning-delta", id: "two", delta: "s" },
        { type: "text-delta", id: "two", delta: "m", providerMetadata: metadata },
        text("c", "two"),
        text("d", "two"),
      ],
    ]);
    const parts = await readAll(coalesceDeltas(stream));
    expect(parts).toEqual([
      text("a", "one"),
      text("b", "two"),
      { type: "reasoning-delta", id: "two", delta: "rs" },
      { type: "text-delta", id: "two", delta: "m", providerMetadata: metadata },
      text("cd", "two"),
    ]);
  });

  it("cuts a stream that never makes its reader wait into parts of at most the limit", async () => {
    const pieces = Array.from({ length: 10_000 }, (_, index) => String.fromCharCode(97 + (index % 26)));
    const source = new ReadableStream<Part>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(text(piece));
        controller.close();
      },
    });
    const parts = await readAll(coalesceDeltas(source));
    const deltas = parts.map((part) => (part.type === "text-delta" ? part.delta : ""));
    expect(deltas.join("")).toBe(pieces.join(""));
    expect(parts.length).toBe(Math.ceil(pieces.length / COALESCED_DELTA_MAX_CHARACTERS));
    expect(Math.max(...deltas.map((delta) => delta.length))).toBe(COALESCED_DELTA_MAX_CHARACTERS);
  });

  it("passes on the text it holds before the stream's failure", async () => {
    const { stream } = bursts([[text("kept "), text("text")]], { failAfter: true });
    const reader = coalesceDeltas(stream).getReader();
    expect(await reader.read()).toEqual({ done: false, value: text("kept text") });
    await expect(reader.read()).rejects.toThrow("provider broke");
  });

  it("cancels the model's stream when its reader cancels", async () => {
    const source = bursts([[text("a")], [text("b")]]);
    // Unheld, the first read returns before the source has ended.
    const reader = coalesceDeltas(source.stream, { holdMs: 0 }).getReader();
    await reader.read();
    await reader.cancel("stop");
    expect(source.cancelled()).toBe("stop");
  });

  it("brings the replay's huge reply through streamText whole, in a few hundred parts instead of tens of thousands", async () => {
    const library = loadReplayLibrary();
    const expected = library.get("huge-reply")?.steps.map((step) => step.text).join("") ?? "";
    // A hundred times the recording's pace: real timers, so the replay makes its reader wait between bursts.
    const replay = createReplayModel({ sleep: realSleep, timeScale: 0.01, library });
    replay.session.expect("huge-reply");
    const result = streamText({
      model: wrapLanguageModel({ model: replay, middleware: coalesceDeltasMiddleware() }),
      prompt: "Simulate a huge reply",
      stopWhen: stepCountIs(1),
    });
    let received = "";
    let deltas = 0;
    for await (const part of result.fullStream) {
      if (part.type !== "text-delta") continue;
      received += part.text;
      deltas += 1;
    }
    expect(received).toBe(expected);
    expect(expected.length).toBeGreaterThan(150_000);
    expect(deltas).toBeGreaterThan(expected.length / COALESCED_DELTA_MAX_CHARACTERS);
    expect(deltas).toBeLessThan(5_000);
    replay.session.assertConsumed();
  });
});
