/**
 * The model's side of one reply: a `streamText` run (the model at the
 * chat's boundary, the tools, several steps) seen as the few part kinds
 * `generateReply` acts on. It runs either in this thread (`streamReplyInThread`)
 * or in the process's generation worker (generation-worker/), which the
 * parts are made to cross: errors travel as their name and message, a call
 * to a tool the model was never offered is flagged rather than carried as
 * the AI SDK's error, and the parts nobody acts on are dropped (a model
 * that sends only those still counts as sending: `alive`).
 */
import { NoSuchToolError, stepCountIs, streamText, wrapLanguageModel, type LanguageModel, type ModelMessage, type Tool } from "ai";
import { coalesceDeltasMiddleware, type HoldClock } from "./coalesce-deltas";
import { storableOutputMiddleware, type StorableOutputTally } from "./storable-output";

/** What one reply asks of the model. */
export type ReplyStreamRequest = {
  system: string;
  messages: ModelMessage[];
  temperature?: number;
  seed?: number;
  /** The tools the model is offered, by name (they run in this thread, wherever the model runs). */
  tools: Record<string, Tool>;
  /** Model calls allowed (a tool call and the text after it count as two). */
  maxSteps: number;
  /** Aborts the run (Stop, the time limit, the model gone quiet). */
  signal: AbortSignal;
  /** What the boundary's delta hold is timed by (tests); real time otherwise. */
  clock?: HoldClock;
};

/** An error as it crosses to this thread: what the logs and the cards read of it. */
export type ReplyStreamError = { name: string; message: string };

/** A part of the run, as `generateReply` reads it. */
export type ReplyStreamPart =
  | { type: "text-delta"; text: string }
  /** `refused`: the model called a tool it was never offered (the AI SDK refuses it and tells the model). */
  | { type: "tool-call"; toolCallId: string; toolName: string; refused: boolean }
  | { type: "tool-result"; toolCallId: string; toolName: string; input: unknown; output: unknown }
  | { type: "tool-error"; toolCallId: string; toolName: string; input: unknown; error: unknown }
  | { type: "error"; error: unknown }
  | { type: "finish"; usage: { inputTokens: number | undefined; outputTokens: number | undefined } }
  /** The model sent a part nobody acts on (a tool's input streaming in, a step's start): it is still working. */
  | { type: "alive" }
  /** The last part: characters the boundary replaced so the reply is storable (storable-output.ts). */
  | { type: "boundary"; replacedCharacters: number };

/** Runs one reply's model stream; the parts end with `boundary` unless the run throws. */
export type ReplyStreamer = (request: ReplyStreamRequest) => AsyncIterable<ReplyStreamPart>;

/** `model` run by `streamText` in this thread. */
export function streamReplyInThread(model: LanguageModel): ReplyStreamer {
  return async function* (request) {
    const tally: StorableOutputTally = { replaced: 0 };
    const result = streamText({
      model: atModelBoundary(model, tally, request.clock),
      system: request.system,
      messages: request.messages,
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.seed !== undefined ? { seed: request.seed } : {}),
      tools: request.tools,
      stopWhen: stepCountIs(request.maxSteps),
      abortSignal: request.signal,
      // Errors arrive as `error` parts; without this the SDK would also print them.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      switch (part.type) {
        case "text-delta":
          yield { type: "text-delta", text: part.text };
          break;
        case "tool-call":
          yield { type: "tool-call", toolCallId: part.toolCallId, toolName: part.toolName, refused: part.invalid === true && NoSuchToolError.isInstance(part.error) };
          break;
        case "tool-result":
          yield { type: "tool-result", toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, output: part.output };
          break;
        case "tool-error":
          yield { type: "tool-error", toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, error: part.error };
          break;
        case "error":
          yield { type: "error", error: part.error ?? new Error("the model stream failed") };
          break;
        case "finish":
          yield { type: "finish", usage: { inputTokens: part.totalUsage.inputTokens, outputTokens: part.totalUsage.outputTokens } };
          break;
        default:
          yield { type: "alive" };
      }
    }
    yield { type: "boundary", replacedCharacters: tally.replaced };
  };
}

/**
 * The model at the chat's boundary: what it sends made storable, replacements
 * counted in `tally` (see `storable-output.ts`), and its bursts of deltas
 * joined before the AI SDK handles them (see `coalesce-deltas.ts`). A model id
 * string is left as it is (the fallback store still keeps its text).
 */
function atModelBoundary(model: LanguageModel, tally: StorableOutputTally, clock: HoldClock | undefined): LanguageModel {
  if (typeof model !== "object" || model.specificationVersion !== "v3") return model;
  // The first middleware is the outermost: it sees the joined deltas, so a pair split by a provider is rarely held.
  return wrapLanguageModel({ model, middleware: [storableOutputMiddleware(tally), coalesceDeltasMiddleware(clock ? { clock } : {})] });
}

/** An error as it crosses threads (see `ReplyStreamError`). */
export function replyStreamError(error: unknown): ReplyStreamError {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: typeof error === "string" ? error : "the model stream failed" };
}

/** A crossed error as an `Error` again, for logs and cards. */
export function errorOfReplyStream(error: ReplyStreamError): Error {
  const restored = new Error(error.message);
  restored.name = error.name;
  return restored;
}
