/**
 * Turns one step of a recording into the timed stream parts a real provider
 * would send: `stream-start`, `response-metadata`, text pieces, tool input
 * pieces and the tool call, then `finish` — each with the wait before it.
 * Built up front and deterministically, so a test can assert on the exact
 * pieces and the total time without running a clock.
 */
import type {
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { chunkText } from "./chunk-text";
import { createSeededRandom } from "./seeded-random";

/** About 100 tokens a second: the speed of a fast hosted model, slow enough to watch a panel build up. */
export const REPLAY_DEFAULT_CHARACTERS_PER_SECOND = 400;

/** A typical hosted model's time to first token. */
export const REPLAY_DEFAULT_FIRST_TOKEN_MS = 350;

/**
 * Waits shorter than this are added to the next one: a timer per 3-character
 * piece would cost more than it shows, and a network delivers bursts anyway.
 */
export const REPLAY_MINIMUM_WAIT_MS = 15;

/** Roughly four characters make a token in English text; used for the usage figures. */
const CHARACTERS_PER_TOKEN = 4;

/** One tool call of a step, its input JSON-encoded. */
export type ScriptToolCall = { toolName: string; input: string };

/** What one model call plays. */
export type StepPlan = {
  /** Text streamed first. */
  text: string;
  /** Tool calls streamed after the text. */
  toolCalls: readonly ScriptToolCall[];
  /** The unified finish reason when the step plays to its end. */
  finishReason: LanguageModelV3FinishReason["unified"];
  /** Fail after this many characters of `text`: an `error` part, then `finish` with reason `error`. */
  errorAfterCharacters?: number;
  /** The error's message. */
  errorMessage?: string;
  /** Extra pauses of a slow reply. */
  pauses?: { everyCharacters: number; pauseMs: number };
};

/** Timing and identity of one script. */
export type ScriptOptions = {
  /** Seed of the chunking and jitter. */
  seed: number;
  firstTokenMs: number;
  charactersPerSecond: number;
  /** The response id reported in `response-metadata`. */
  responseId: string;
  modelId: string;
  /** Prefix of tool call ids (made unique per call by the caller). */
  toolCallIdPrefix: string;
  /** Characters of the prompt, for the usage figures. */
  promptCharacters: number;
};

/** A stream part and how long to wait before sending it. */
export type TimedPart = { part: LanguageModelV3StreamPart; delayMs: number };

/** Thrown (or sent as an `error` part) when a recording acts out a provider failure. */
export class ReplayFaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReplayFaultError";
  }
}

/** Builds the timed parts of one step. */
export function buildReplayScript(plan: StepPlan, options: ScriptOptions): TimedPart[] {
  const random = createSeededRandom(options.seed ^ 0x9e3779b9);
  const parts: TimedPart[] = [];
  let pendingDelay = options.firstTokenMs;
  let streamedCharacters = 0;
  let nextPauseAt = plan.pauses?.everyCharacters ?? Number.POSITIVE_INFINITY;

  // Sends `part` after the wait owed so far, once the wait is worth a timer.
  const push = (part: LanguageModelV3StreamPart, pieceLength = 0) => {
    if (pieceLength > 0) {
      const jitter = 0.5 + random();
      // Fractions of a millisecond add up: at 20,000 characters a second every piece is one.
      pendingDelay += (pieceLength / options.charactersPerSecond) * 1000 * jitter;
      streamedCharacters += pieceLength;
      if (plan.pauses && streamedCharacters >= nextPauseAt) {
        pendingDelay += plan.pauses.pauseMs;
        nextPauseAt += plan.pauses.everyCharacters;
      }
    }
    const delayMs = pendingDelay >= REPLAY_MINIMUM_WAIT_MS ? Math.round(pendingDelay) : 0;
    if (delayMs > 0) pendingDelay = 0;
    parts.push({ part, delayMs });
  };

  parts.push({ part: { type: "stream-start", warnings: [] }, delayMs: 0 });
  parts.push({ part: { type: "response-metadata", id: options.responseId, modelId: options.modelId }, delayMs: 0 });

  const failing = plan.errorAfterCharacters !== undefined;
  const text = failing ? plan.text.slice(0, plan.errorAfterCharacters) : plan.text;
  const textId = `${options.responseId}-text`;
  if (text.length > 0 || failing) {
    push({ type: "text-start", id: textId });
    for (const piece of chunkText(text, { seed: options.seed })) {
      push({ type: "text-delta", id: textId, delta: piece }, piece.length);
    }
  }
  if (failing) {
    push({ type: "error", error: new ReplayFaultError(plan.errorMessage ?? "The replay provider failed mid-stream.") });
    push({ type: "text-end", id: textId });
    push({ type: "finish", usage: usage(options.promptCharacters, text.length), finishReason: { unified: "error", raw: "error" } });
    return parts;
  }
  if (text.length > 0) push({ type: "text-end", id: textId });

  let outputCharacters = text.length;
  plan.toolCalls.forEach((call, position) => {
    const toolCallId = `${options.toolCallIdPrefix}-${position}`;
    push({ type: "tool-input-start", id: toolCallId, toolName: call.toolName });
    for (const piece of chunkText(call.input, { seed: options.seed + position + 1 })) {
      push({ type: "tool-input-delta", id: toolCallId, delta: piece }, piece.length);
    }
    push({ type: "tool-input-end", id: toolCallId });
    push({ type: "tool-call", toolCallId, toolName: call.toolName, input: call.input });
    outputCharacters += call.input.length;
  });

  push({
    type: "finish",
    usage: usage(options.promptCharacters, outputCharacters),
    finishReason: { unified: plan.finishReason, raw: plan.finishReason },
  });
  return parts;
}

/** Token estimates in the AI SDK's usage shape. */
export function usage(promptCharacters: number, outputCharacters: number): LanguageModelV3Usage {
  const input = Math.ceil(promptCharacters / CHARACTERS_PER_TOKEN);
  const output = Math.ceil(outputCharacters / CHARACTERS_PER_TOKEN);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}
