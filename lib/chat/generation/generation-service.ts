/**
 * The generation worker's side: runs the model streams the process asks
 * for (`streamReplyInThread`, so the boundary's middleware runs here too)
 * and sends their parts back. A run's tools are stand-ins with the real
 * tools' names, descriptions and schemas whose execution is asked of the
 * process (`tool-run`), which validates the input against the real schema
 * and runs the real tool. Parts nobody acts on reach the process as one
 * `alive` per `ALIVE_EVERY_MS` at most.
 */
import { jsonSchema, tool, type LanguageModel, type Tool } from "ai";
import { errorOfReplyStream, replyStreamError, streamReplyInThread, type ReplyStreamPart } from "../turn/reply-stream";
import type { CrossingPart, FromWorker, GenerationPort, GenerationToolSpec, ToWorker } from "./generation-protocol";

/**
 * Milliseconds between `alive` messages: the process only needs to know the
 * model is working (its idle timeout is two minutes), not every piece of a
 * tool's input as it streams.
 */
export const ALIVE_EVERY_MS = 1_000;

/** A tool run the worker waits on. */
type PendingTool = { resolve: (result: { output: unknown; modelOutput?: unknown }) => void; reject: (error: Error) => void };

/** Serves runs over `port` until the process goes; `modelFor` finds a model by id (throws for an unknown one). */
export function serveReplyStreams(port: GenerationPort<ToWorker, FromWorker>, modelFor: (modelId: string) => LanguageModel): void {
  const aborts = new Map<number, AbortController>();
  /** By call id (unique across runs). */
  const pendingTools = new Map<number, PendingTool>();
  let nextCallId = 1;

  const runTool = (runId: number, toolName: string, toolCallId: string, input: unknown) =>
    new Promise<{ output: unknown; modelOutput?: unknown }>((resolve, reject) => {
      const callId = nextCallId++;
      pendingTools.set(callId, { resolve, reject });
      port.postMessage({ type: "tool-run", runId, callId, toolName, toolCallId, input });
    });

  const standIns = (runId: number, specs: readonly GenerationToolSpec[]): Record<string, Tool> => {
    const modelOutputs = new Map<string, unknown>();
    return Object.fromEntries(
      specs.map((spec) => [
        spec.name,
        tool<unknown, unknown>({
          ...(spec.description !== undefined ? { description: spec.description } : {}),
          inputSchema: jsonSchema(spec.inputSchema),
          execute: async (input, { toolCallId }) => {
            const result = await runTool(runId, spec.name, toolCallId, input);
            if (spec.shapesModelOutput) modelOutputs.set(toolCallId, result.modelOutput);
            return result.output;
          },
          ...(spec.shapesModelOutput
            ? { toModelOutput: ({ toolCallId }: { toolCallId: string }) => modelOutputs.get(toolCallId) as ReturnType<NonNullable<Tool["toModelOutput"]>> }
            : {}),
        }),
      ]),
    );
  };

  const run = async (start: Extract<ToWorker, { type: "start" }>) => {
    const { runId } = start;
    const abort = new AbortController();
    aborts.set(runId, abort);
    let lastAlive = 0;
    try {
      const stream = streamReplyInThread(modelFor(start.modelId))({
        system: start.system,
        messages: start.messages,
        ...(start.temperature !== undefined ? { temperature: start.temperature } : {}),
        ...(start.seed !== undefined ? { seed: start.seed } : {}),
        tools: standIns(runId, start.tools),
        maxSteps: start.maxSteps,
        signal: abort.signal,
      });
      for await (const part of stream) {
        if (part.type === "alive") {
          const now = performance.now();
          if (now - lastAlive < ALIVE_EVERY_MS) continue;
          lastAlive = now;
        }
        port.postMessage({ type: "part", runId, part: crossing(part) });
      }
      port.postMessage({ type: "end", runId });
    } catch (caught) {
      port.postMessage({ type: "failed", runId, error: replyStreamError(caught) });
    } finally {
      aborts.delete(runId);
    }
  };

  port.on("message", (message: ToWorker) => {
    switch (message.type) {
      case "start":
        void run(message);
        break;
      case "abort":
        aborts.get(message.runId)?.abort();
        break;
      case "tool-done": {
        const pending = pendingTools.get(message.callId);
        pendingTools.delete(message.callId);
        if (!pending) break;
        if (message.ok) pending.resolve({ output: message.output, modelOutput: message.modelOutput });
        else pending.reject(errorOfReplyStream(message.error));
        break;
      }
    }
  });
}

/** A part made to survive the structured clone. */
function crossing(part: ReplyStreamPart): CrossingPart {
  if (part.type === "error") return { type: "error", error: replyStreamError(part.error) };
  if (part.type === "tool-error") return { ...part, error: replyStreamError(part.error) };
  return part;
}
