import { MessageChannel } from "node:worker_threads";
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { tool, type LanguageModel, type Tool } from "ai";
import { convertArrayToReadableStream, MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { renderUiTool, RENDER_UI_TOOL_NAME } from "@/lib/models/render-ui-tool";
import { createReplayModel, instantSleep } from "@/lib/models/replay";
import { streamReplyInThread, type ReplyStreamPart, type ReplyStreamRequest } from "../turn/reply-stream";
import type { FromWorker, ToWorker } from "./generation-protocol";
import { serveReplyStreams } from "./generation-service";
import { WorkerReplyStreamer, type WorkerChannel } from "./worker-reply-streamer";

const FINISH: LanguageModelV3StreamPart = {
  type: "finish",
  usage: { inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } },
  finishReason: { unified: "stop", raw: "stop" },
};

const channels: MessageChannel[] = [];

afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/**
 * A streamer whose "worker" is the generation service on the far end of a
 * MessageChannel in this thread: everything crosses the structured clone as
 * it would to a worker thread. `die` acts out the worker's death.
 */
function connectedStreamer(modelFor: (modelId: string) => LanguageModel) {
  let started = 0;
  let deathListener: ((error: Error) => void) | null = null;
  const streamer = new WorkerReplyStreamer(() => {
    started += 1;
    const channel = new MessageChannel();
    channels.push(channel);
    serveReplyStreams({ postMessage: (message: FromWorker) => channel.port2.postMessage(message), on: (event, listener) => channel.port2.on(event, listener) }, modelFor);
    const port: WorkerChannel = {
      postMessage: (message: ToWorker) => channel.port1.postMessage(message),
      on: (event, listener) => channel.port1.on(event, listener),
      onDeath: (listener) => (deathListener = listener),
      terminate: () => deathListener?.(new Error("terminated")),
    };
    return port;
  });
  return { streamer, started: () => started, die: (error: Error) => deathListener?.(error) };
}

function request(tools: Record<string, Tool>, prompt: string, signal = new AbortController().signal): ReplyStreamRequest {
  return { system: "You answer.", messages: [{ role: "user", content: prompt }], tools, maxSteps: 4, signal };
}

/** The parts a reply acts on, `alive` left out (the worker sends fewer of them). */
async function collect(parts: AsyncIterable<ReplyStreamPart>): Promise<ReplyStreamPart[]> {
  const seen: ReplyStreamPart[] = [];
  for await (const part of parts) if (part.type !== "alive") seen.push(part);
  return seen;
}

/** Runs of text deltas joined: where a stream cuts its text is timing, not content. */
function joined(parts: readonly ReplyStreamPart[]): unknown[] {
  const out: unknown[] = [];
  for (const part of parts) {
    const last = out.at(-1) as { type: string; text: string } | undefined;
    if (part.type === "text-delta" && last?.type === "text-delta") last.text += part.text;
    else out.push(part.type === "text-delta" ? { ...part } : part);
  }
  return out;
}

describe("WorkerReplyStreamer", () => {
  it("gives the parts streaming in this thread gives: the replay's text, its render_ui card and the usage", async () => {
    const model = createReplayModel({ sleep: instantSleep });
    const tools = { [RENDER_UI_TOOL_NAME]: renderUiTool };
    const here = await collect(streamReplyInThread(model)(request(tools, "Summarize the current incident")));
    const { streamer } = connectedStreamer(() => createReplayModel({ sleep: instantSleep }));
    const there = await collect(streamer.streamer("replay")(request(tools, "Summarize the current incident")));
    expect(there.some((part) => part.type === "tool-result" && part.toolName === RENDER_UI_TOOL_NAME)).toBe(true);
    expect(there.some((part) => part.type === "text-delta")).toBe(true);
    expect(joined(there)).toEqual(joined(here));
    expect(there.at(-1)).toEqual({ type: "boundary", replacedCharacters: 0 });
  });

  it("runs a tool here on input checked against the tool's own schema; a bad input fails the call as the AI SDK would, and the reply goes on", async () => {
    const ran: unknown[] = [];
    const lookup = tool({
      description: "Looks a word up.",
      inputSchema: z.object({ word: z.string().min(2).transform((word) => word.toUpperCase()) }),
      execute: async (input) => {
        ran.push(input);
        return { meaning: `the meaning of ${input.word}` };
      },
      toModelOutput: ({ output }) => ({ type: "text", value: output.meaning }),
    });
    let step = 0;
    const prompts: string[] = [];
    const model = new MockLanguageModelV3({
      doStream: async ({ prompt }) => {
        step += 1;
        prompts.push(JSON.stringify(prompt.at(-1)));
        const parts: LanguageModelV3StreamPart[] =
          step === 1
            ? [
                { type: "tool-call", toolCallId: "good", toolName: "lookup", input: JSON.stringify({ word: "fig" }) },
                { type: "tool-call", toolCallId: "bad", toolName: "lookup", input: JSON.stringify({ word: "" }) },
                { ...FINISH, finishReason: { unified: "tool-calls", raw: "tool_calls" } },
              ]
            : [{ type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: "Done." }, { type: "text-end", id: "t" }, FINISH];
        return { stream: convertArrayToReadableStream(parts) };
      },
    });
    const { streamer } = connectedStreamer(() => model);
    const parts = await collect(streamer.streamer("mock")(request({ lookup }, "Look up fig")));
    expect(ran).toEqual([{ word: "FIG" }]);
    const result = parts.find((part) => part.type === "tool-result");
    expect(result).toMatchObject({ toolCallId: "good", output: { meaning: "the meaning of FIG" } });
    const failed = parts.find((part) => part.type === "tool-error");
    expect(failed).toMatchObject({ toolCallId: "bad", toolName: "lookup" });
    expect(failed?.type === "tool-error" && failed.error instanceof Error && failed.error.message).toMatch(/Invalid input for tool lookup/);
    // The model read the tool's own shaping of its output, and the failure.
    expect(prompts[1]).toContain("the meaning of FIG");
    expect(prompts[1]).toContain("Invalid input for tool lookup");
    expect(joined(parts).filter((part) => (part as ReplyStreamPart).type === "text-delta")).toEqual([{ type: "text-delta", text: "Done." }]);
  });

  it("flags a call to a tool the model was never offered, as streaming here does", async () => {
    const model = () =>
      new MockLanguageModelV3({
        doStream: async () => ({
          stream: convertArrayToReadableStream<LanguageModelV3StreamPart>([
            { type: "tool-call", toolCallId: "x", toolName: "delete_everything", input: "{}" },
            FINISH,
          ]),
        }),
      });
    const { streamer } = connectedStreamer(model);
    const parts = await collect(streamer.streamer("mock")(request({ [RENDER_UI_TOOL_NAME]: renderUiTool }, "hi")));
    expect(parts.find((part) => part.type === "tool-call")).toEqual({ type: "tool-call", toolCallId: "x", toolName: "delete_everything", refused: true });
  });

  it("stops the run in the worker when the reply is aborted: the model's stream is cancelled and the parts end", async () => {
    let cancelled = false;
    const model = new MockLanguageModelV3({
      doStream: async ({ abortSignal }) => ({
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            controller.enqueue({ type: "text-start", id: "t" });
            controller.enqueue({ type: "text-delta", id: "t", delta: "Hello" });
            abortSignal?.addEventListener("abort", () => {
              cancelled = true;
              controller.error(new DOMException("aborted", "AbortError"));
            });
          },
        }),
      }),
    });
    const { streamer } = connectedStreamer(() => model);
    const abort = new AbortController();
    const seen: ReplyStreamPart[] = [];
    const reading = (async () => {
      for await (const part of streamer.streamer("mock")(request({}, "hi", abort.signal))) {
        seen.push(part);
        if (part.type === "text-delta") abort.abort();
      }
    })();
    await reading.catch(() => {});
    expect(cancelled).toBe(true);
    expect(seen.filter((part) => part.type === "text-delta").map((part) => (part as { text: string }).text).join("")).toBe("Hello");
  });

  it("fails the runs under way when the worker dies, and starts a new worker for the next run", async () => {
    const hanging = new MockLanguageModelV3({
      doStream: async () => ({ stream: new ReadableStream<LanguageModelV3StreamPart>({ start: (controller) => controller.enqueue({ type: "stream-start", warnings: [] }) }) }),
    });
    const connected = connectedStreamer(() => hanging);
    const run = collect(connected.streamer.streamer("mock")(request({}, "hi")));
    await new Promise((resolve) => setTimeout(resolve, 50));
    connected.die(new Error("the generation worker exited with code 1"));
    await expect(run).rejects.toThrow("the generation worker exited with code 1");
    expect(connected.started()).toBe(1);
    void collect(connected.streamer.streamer("mock")(request({}, "again"))).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connected.started()).toBe(2);
  });

  it("ends an aborted run whose worker never answers once the grace is over, so the reply can be stored, and stops a worker that sent nothing all that while", async () => {
    const sent: ToWorker[] = [];
    let terminated = 0;
    const streamer = new WorkerReplyStreamer(
      () => ({ postMessage: (message) => sent.push(message), on: () => {}, onDeath: () => {}, terminate: () => (terminated += 1) }),
      50,
    );
    const abort = new AbortController();
    const reading = collect(streamer.streamer("mock")(request({}, "hi", abort.signal)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    abort.abort();
    await expect(reading).resolves.toEqual([]);
    expect(sent.map((message) => message.type)).toEqual(["start", "abort"]);
    expect(terminated).toBe(1);
  });

  it("runs the next reply on a new worker at once after stopping a silent one, and the old one's death fails only its own runs", async () => {
    const workers: { sent: ToWorker[]; die: (error: Error) => void; deliver: (message: FromWorker) => void }[] = [];
    const streamer = new WorkerReplyStreamer(() => {
      const worker = { sent: [] as ToWorker[], die: (_error: Error) => {}, deliver: (_message: FromWorker) => {} };
      workers.push(worker);
      return {
        postMessage: (message) => worker.sent.push(message),
        on: (_event, listener) => (worker.deliver = listener),
        onDeath: (listener) => (worker.die = listener),
        // The exit comes a moment after the call, as a real worker's does.
        terminate: () => void setTimeout(() => worker.die(new Error("terminated")), 30),
      };
    }, 40);
    const abort = new AbortController();
    const stopped = collect(streamer.streamer("mock")(request({}, "hi", abort.signal)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    abort.abort();
    await expect(stopped).resolves.toEqual([]);
    const next = collect(streamer.streamer("mock")(request({}, "next")));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(workers).toHaveLength(2);
    expect(workers[1]!.sent.map((message) => message.type)).toEqual(["start"]);
    workers[1]!.deliver({ type: "part", runId: 2, part: { type: "text-delta", text: "fine" } });
    workers[1]!.deliver({ type: "end", runId: 2 });
    await expect(next).resolves.toEqual([{ type: "text-delta", text: "fine" }]);
  });

  it("leaves a worker that is busy with other runs alone when one run's stop is slow to be answered", async () => {
    let terminated = 0;
    let deliver: ((message: FromWorker) => void) | null = null;
    const streamer = new WorkerReplyStreamer(
      () => ({ postMessage: () => {}, on: (_event, listener) => (deliver = listener), onDeath: () => {}, terminate: () => (terminated += 1) }),
      60,
    );
    const other = collect(streamer.streamer("mock")(request({}, "other")));
    const abort = new AbortController();
    const reading = collect(streamer.streamer("mock")(request({}, "hi", abort.signal)));
    // The other run (id 1) keeps hearing from the worker.
    const busy = setInterval(() => deliver?.({ type: "part", runId: 1, part: { type: "alive" } }), 10);
    await new Promise((resolve) => setTimeout(resolve, 20));
    abort.abort();
    await expect(reading).resolves.toEqual([]);
    clearInterval(busy);
    expect(terminated).toBe(0);
    deliver!({ type: "end", runId: 1 });
    await other;
  });

  it("reports an unknown model as the run's failure", async () => {
    const { streamer } = connectedStreamer((modelId) => {
      throw new Error(`no model ${modelId}`);
    });
    await expect(collect(streamer.streamer("nope")(request({}, "hi")))).rejects.toThrow("no model nope");
  });
});
