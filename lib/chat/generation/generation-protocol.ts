/**
 * The messages between a server process and its generation worker
 * (generation-service.ts on the worker's side, worker-reply-streamer.ts on
 * the process's). Everything in them survives the structured clone: tools
 * travel as their name, description and JSON Schema; errors as their name
 * and message. A run's tools execute in the process that asked for the run
 * — the worker only streams the model — so the worker touches no database.
 */
import type { JSONSchema7, ModelMessage } from "ai";
import type { ReplyStreamError, ReplyStreamPart } from "../turn/reply-stream";

/** A tool as the worker offers it to the model. */
export type GenerationToolSpec = {
  name: string;
  description?: string;
  inputSchema: JSONSchema7;
  /** The tool turns its output into what the model reads itself (its `toModelOutput`): the process sends that along with the output. */
  shapesModelOutput: boolean;
};

/** A part as it crosses: errors as `ReplyStreamError`. */
export type CrossingPart =
  | Exclude<ReplyStreamPart, { type: "tool-error" } | { type: "error" }>
  | { type: "tool-error"; toolCallId: string; toolName: string; input: unknown; error: ReplyStreamError }
  | { type: "error"; error: ReplyStreamError };

/** From the process to the worker. */
export type ToWorker =
  | {
      type: "start";
      runId: number;
      modelId: string;
      system: string;
      messages: ModelMessage[];
      temperature?: number;
      seed?: number;
      maxSteps: number;
      tools: GenerationToolSpec[];
    }
  | { type: "abort"; runId: number }
  | { type: "tool-done"; runId: number; callId: number; ok: true; output: unknown; modelOutput?: unknown }
  | { type: "tool-done"; runId: number; callId: number; ok: false; error: ReplyStreamError };

/** From the worker to the process. */
export type FromWorker =
  | { type: "part"; runId: number; part: CrossingPart }
  | { type: "tool-run"; runId: number; callId: number; toolName: string; toolCallId: string; input: unknown }
  | { type: "end"; runId: number }
  | { type: "failed"; runId: number; error: ReplyStreamError };

/** One end of the channel: a `Worker`, the worker's `parentPort`, or a `MessagePort` in tests. */
export type GenerationPort<Incoming, Outgoing> = {
  postMessage(message: Outgoing): void;
  on(event: "message", listener: (message: Incoming) => void): unknown;
};
