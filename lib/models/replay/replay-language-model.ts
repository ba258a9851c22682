/**
 * The replay provider: a real AI SDK language model (specification v3) that
 * answers from recorded replies instead of a network. The app runs on it
 * when no API key is set, and every test uses it, through the same
 * `streamText` path a real model takes.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
} from "@ai-sdk/provider";
import { isRepairRequest, repairRequestSources } from "../repair-request";
import { DEFAULT_REPLY_ID, defaultReplyText } from "./default-reply";
import { loadReplayLibrary, type ReplayLibrary } from "./load-recordings";
import { matchRecording, type RecordingSelection } from "./match-recording";
import type { Recording } from "./recording-schema";
import {
  REPLAY_DEFAULT_CHARACTERS_PER_SECOND,
  REPLAY_DEFAULT_FIRST_TOKEN_MS,
  ReplayFaultError,
  buildReplayScript,
  usage,
  type StepPlan,
} from "./replay-script";
import { ReplaySession, type ReplayCall } from "./replay-session";
import { abortError, realSleep, type ReplaySleep } from "./replay-sleep";
import { observeReplayText } from "./replay-text-observer";
import { hashSeed } from "./seeded-random";

/** The provider name the AI SDK reports for replayed replies. */
export const REPLAY_PROVIDER = "replay";

/** Options of {@link ReplayLanguageModel}. */
export type ReplayModelOptions = {
  /** The recordings; default: `fixtures/replays/`, loaded on first use. */
  library?: ReplayLibrary;
  /** The model id reported to the AI SDK (default `default`). */
  modelId?: string;
  /** Seed of chunking and pacing (default 1). */
  seed?: number;
  /** How to wait (default real time; tests pass `instantSleep`). */
  sleep?: ReplaySleep;
  /**
   * The clock the pacing keeps to, in milliseconds. Default: the process's
   * monotonic clock with real sleep; with another injected `sleep`, a clock
   * that moves by exactly what was slept (so such a test sees the recorded waits).
   */
  now?: () => number;
  /** Multiplies every wait: 1 is real speed, 0 no waiting, 0.1 ten times faster. */
  timeScale?: number;
  /** Default speed, overridden by a recording's own `pace`. */
  pace?: { firstTokenMs?: number; charactersPerSecond?: number };
  /** The call log; default a fresh session, reachable as `model.session`. */
  session?: ReplaySession;
  /**
   * A recording of the library to play for a prompt (or an action envelope)
   * no recording matches, instead of the default reply: a replay persona
   * answers anything in its own character.
   */
  fallbackRecordingId?: string;
};

/** The play id a recording's repair answer is logged under in the session (`<id>:repair`), apart from the reply it repairs. */
export function repairPlayId(recordingId: string): string {
  return `${recordingId}:repair`;
}

/** Which recording a model plays for a prompt: a match, or the model's fallback recording when nothing matches. */
export type ReplaySelection = RecordingSelection | { kind: "fallback"; recording: Recording };

/** What one call plays, resolved from the prompt. */
type ResolvedCall = {
  recordingId: string;
  recording: Recording | null;
  step: number;
  stepCount: number;
  plan: StepPlan;
  missingTools: string[];
  prompt: string;
  promptCharacters: number;
};

let cachedDefaultLibrary: ReplayLibrary | null = null;

/** The recordings under `fixtures/replays/`, loaded once per process. */
export function defaultReplayLibrary(): ReplayLibrary {
  cachedDefaultLibrary ??= loadReplayLibrary();
  return cachedDefaultLibrary;
}

/** A language model that streams recorded replies, chosen by the last user message. */
export class ReplayLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = "v3";
  readonly provider = REPLAY_PROVIDER;
  readonly modelId: string;
  readonly supportedUrls: Record<string, RegExp[]> = {};
  /** The call log and its consumption checks. */
  readonly session: ReplaySession;
  private readonly options: ReplayModelOptions;

  constructor(options: ReplayModelOptions = {}) {
    this.options = options;
    this.modelId = options.modelId ?? "default";
    this.session = options.session ?? new ReplaySession();
  }

  /** The recordings this model plays. */
  get library(): ReplayLibrary {
    return this.options.library ?? defaultReplayLibrary();
  }

  /** Which recording a prompt would select, without playing it: a fallback recording answers what nothing else matches. */
  select(prompt: string): ReplaySelection {
    const matched = matchRecording(this.library, prompt);
    if (matched.kind !== "unmatched" && matched.kind !== "unmatched-action") return matched;
    const fallback = this.options.fallbackRecordingId === undefined ? undefined : this.library.get(this.options.fallbackRecordingId);
    return fallback ? { kind: "fallback", recording: fallback } : matched;
  }

  /**
   * The recording that answers a repair request (lib/models/repair-request.ts):
   * one with a `repair` whose reply holds every block the request quotes.
   * Null for any other prompt, or a request no recording answers.
   */
  repairRecording(prompt: string): Recording | null {
    const sources = repairRequestSources(prompt);
    if (sources.length === 0) return null;
    return (
      this.library.recordings.find((recording) => {
        if (recording.repair === undefined) return false;
        const written = recording.steps.map((step) => step.text).join("\n");
        return sources.every((source) => written.includes(source));
      }) ?? null
    );
  }

  /** True when a recording answers this repair request: the chat runs the repair round for a replay model only then. */
  answersRepair(request: string): boolean {
    return this.repairRecording(request) !== null;
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const signal = options.abortSignal;
    if (signal?.aborted) throw abortError(signal);
    const resolved = this.resolve(options);
    const call = this.session.record({
      recordingId: resolved.recordingId,
      step: resolved.step,
      stepCount: resolved.stepCount,
      prompt: resolved.prompt,
      mode: "stream",
      missingTools: resolved.missingTools,
    });
    const script = buildReplayScript(resolved.plan, {
      seed: hashSeed(`${resolved.recordingId}:${resolved.step}`, this.options.seed ?? 1),
      firstTokenMs: this.firstTokenMs(resolved.recording),
      charactersPerSecond: this.charactersPerSecond(resolved.recording),
      responseId: `replay-${resolved.recordingId}-${call.index}`,
      modelId: this.modelId,
      toolCallIdPrefix: `call-${resolved.recordingId}-${call.index}`,
      promptCharacters: resolved.promptCharacters,
    });
    const clock = replayClock(this.options);
    const timeScale = this.options.timeScale ?? 1;
    // Only on real time: the bench's observer reads due moments as epoch milliseconds.
    const realTime = (this.options.sleep === undefined || this.options.sleep === realSleep) && this.options.now === undefined;
    const observed = realTime ? observeReplayText(resolved.prompt) : null;
    let observedLength = 0;
    let position = 0;
    // The schedule is kept from the first pull, as a provider's stream is: a
    // consumer that was busy finds what came meanwhile waiting for it, instead
    // of every later part starting late by as much.
    let startedAt: number | null = null;
    let dueMs = 0;
    const finish = (state: ReplayCall["state"]) => {
      if (call.state === "streaming") call.state = state;
    };
    // highWaterMark 0: a burst is produced only when the reader asks for more, so
    // "the last part was enqueued" means the consumer read the stream to its end.
    const send = (controller: ReadableStreamDefaultController<LanguageModelV3StreamPart>, part: LanguageModelV3StreamPart) => {
      controller.enqueue(part);
      if (observed !== null && part.type === "text-delta" && startedAt !== null) {
        observedLength += part.delta.length;
        observed(observedLength, performance.timeOrigin + startedAt + dueMs);
      }
    };
    const stream = new ReadableStream<LanguageModelV3StreamPart>(
      {
        async pull(controller) {
          const next = script[position];
          if (!next) return;
          try {
            if (signal?.aborted) throw abortError(signal);
            startedAt ??= clock.now();
            dueMs += next.delayMs * timeScale;
            const wait = dueMs - (clock.now() - startedAt);
            if (wait > 0) await clock.sleep(wait, signal);
            else if (signal?.aborted) throw abortError(signal);
          } catch (error) {
            finish("aborted");
            controller.error(error);
            return;
          }
          send(controller, next.part);
          position += 1;
          // The parts due by now go out together — those of the same moment, and
          // those that came while the reader was busy — as one network read
          // delivers a burst of events: one pull (and its promises) per burst, not per
          // part. The last part waits for a pull of its own, so "completed" still
          // means the reader asked for everything.
          const elapsed = clock.now() - startedAt!;
          while (position < script.length - 1) {
            const following = script[position]!;
            const followingDue = dueMs + following.delayMs * timeScale;
            if (following.delayMs !== 0 && followingDue > elapsed) break;
            dueMs = followingDue;
            send(controller, following.part);
            position += 1;
          }
          if (position === script.length) {
            finish("completed");
            controller.close();
          }
        },
        cancel() {
          finish("cancelled");
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, request: { body: { recording: resolved.recordingId, step: resolved.step } } };
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    if (options.abortSignal?.aborted) throw abortError(options.abortSignal);
    const resolved = this.resolve(options);
    const call = this.session.record({
      recordingId: resolved.recordingId,
      step: resolved.step,
      stepCount: resolved.stepCount,
      prompt: resolved.prompt,
      mode: "generate",
      missingTools: resolved.missingTools,
    });
    call.state = "completed";
    const { plan } = resolved;
    if (plan.errorAfterCharacters !== undefined) {
      throw new ReplayFaultError(plan.errorMessage ?? "The replay provider failed.");
    }
    const content: LanguageModelV3Content[] = [];
    if (plan.text.length > 0) content.push({ type: "text", text: plan.text });
    plan.toolCalls.forEach((toolCall, position) => {
      content.push({
        type: "tool-call",
        toolCallId: `call-${resolved.recordingId}-${call.index}-${position}`,
        toolName: toolCall.toolName,
        input: toolCall.input,
      });
    });
    const outputCharacters = plan.text.length + plan.toolCalls.reduce((sum, toolCall) => sum + toolCall.input.length, 0);
    return {
      content,
      finishReason: { unified: plan.finishReason, raw: plan.finishReason },
      usage: usage(resolved.promptCharacters, outputCharacters),
      warnings: [],
      response: { id: `replay-${resolved.recordingId}-${call.index}`, modelId: this.modelId },
    };
  }

  private firstTokenMs(recording: Recording | null): number {
    const fault = recording?.fault;
    if (fault?.kind === "slow-reply") return fault.firstTokenMs;
    return recording?.pace?.firstTokenMs ?? this.options.pace?.firstTokenMs ?? REPLAY_DEFAULT_FIRST_TOKEN_MS;
  }

  private charactersPerSecond(recording: Recording | null): number {
    return (
      recording?.pace?.charactersPerSecond ??
      this.options.pace?.charactersPerSecond ??
      REPLAY_DEFAULT_CHARACTERS_PER_SECOND
    );
  }

  /** Finds the recording and step a call plays. */
  private resolve(options: LanguageModelV3CallOptions): ResolvedCall {
    const { prompt, step } = readPrompt(options.prompt);
    const promptCharacters = options.prompt.reduce((sum, message) => sum + messageLength(message), 0);
    if (isRepairRequest(prompt)) {
      // A repair request is answered by a recording's repair, or with nothing: never by a reply matched on its words.
      const repairing = this.repairRecording(prompt);
      return {
        recordingId: repairing ? repairPlayId(repairing.id) : DEFAULT_REPLY_ID,
        recording: repairing,
        step,
        stepCount: 1,
        plan: { text: step === 0 ? (repairing?.repair ?? "") : "", toolCalls: [], finishReason: "stop" },
        missingTools: [],
        prompt,
        promptCharacters,
      };
    }
    const selection = this.select(prompt);
    if (selection.kind === "unmatched" || selection.kind === "unmatched-action") {
      const text =
        step === 0
          ? defaultReplyText({
              library: this.library,
              ...(selection.kind === "unmatched-action" ? { envelope: selection.envelope } : {}),
            })
          : "";
      return {
        recordingId: DEFAULT_REPLY_ID,
        recording: null,
        step,
        stepCount: 1,
        plan: { text, toolCalls: [], finishReason: "stop" },
        missingTools: [],
        prompt,
        promptCharacters,
      };
    }
    const recording = selection.recording;
    const offered = offeredToolNames(options);
    const missingTools = [
      ...new Set(recording.steps.flatMap((candidate) => candidate.toolCalls.map((call) => call.toolName))),
    ].filter((name) => !offered.has(name));
    // Without the tools it calls, a recording plays as one step with each
    // call written out as text: what a model does when it has no such tool.
    // An unknown-tool recording calls them anyway: what a model inventing a tool does.
    const steps = missingTools.length > 0 && recording.fault?.kind !== "unknown-tool" ? [flattenSteps(recording)] : recording.steps;
    const current = steps[step];
    const charactersBefore = steps.slice(0, step).reduce((sum, earlier) => sum + earlier.text.length, 0);
    const plan: StepPlan = current
      ? planStep({ recording, step: current, charactersBefore })
      : { text: "", toolCalls: [], finishReason: "stop" };
    return {
      recordingId: recording.id,
      recording,
      step,
      stepCount: steps.length,
      plan,
      missingTools,
      prompt,
      promptCharacters,
    };
  }
}

/** Creates a replay model (see {@link ReplayModelOptions}). */
export function createReplayModel(options: ReplayModelOptions = {}): ReplayLanguageModel {
  return new ReplayLanguageModel(options);
}

function planStep({
  recording,
  step,
  charactersBefore,
}: {
  recording: Recording;
  step: Recording["steps"][number];
  /** Text characters of the steps before this one, where an error offset counts from. */
  charactersBefore: number;
}): StepPlan {
  const fault = recording.fault;
  const plan: StepPlan = {
    text: step.text,
    toolCalls: step.toolCalls,
    finishReason: step.toolCalls.length > 0 ? "tool-calls" : fault?.kind === "truncated-fence" ? "length" : "stop",
  };
  if (fault?.kind === "error-mid-stream") {
    const offset = fault.afterCharacters - charactersBefore;
    if (offset >= 0 && offset <= step.text.length) {
      plan.errorAfterCharacters = offset;
      plan.errorMessage = fault.message;
    }
  }
  if (fault?.kind === "slow-reply") {
    plan.pauses = { everyCharacters: fault.pauseEveryCharacters, pauseMs: fault.pauseMs };
  }
  return plan;
}

function flattenSteps(recording: Recording): Recording["steps"][number] {
  const pieces: string[] = [];
  for (const step of recording.steps) {
    if (step.text.length > 0) pieces.push(step.text.trimEnd());
    for (const call of step.toolCalls) pieces.push(toolCallAsText(call.toolName, call.input));
  }
  return { text: `${pieces.join("\n\n")}\n`, toolCalls: [] };
}

// A render_ui call becomes the equivalent octo-ui fence; any other tool a note.
function toolCallAsText(toolName: string, input: string): string {
  try {
    const parsed: unknown = JSON.parse(input);
    if (toolName === "render_ui" && typeof parsed === "object" && parsed !== null && "spec" in parsed) {
      return `\`\`\`octo-ui\n${JSON.stringify(parsed.spec, null, 2)}\n\`\`\``;
    }
  } catch {
    // Inputs are validated as JSON at load; a note is still better than nothing.
  }
  return `_(I would call the \`${toolName}\` tool here, but it is not available.)_`;
}

function offeredToolNames(options: LanguageModelV3CallOptions): Set<string> {
  if (options.toolChoice?.type === "none") return new Set();
  return new Set((options.tools ?? []).filter((tool) => tool.type === "function").map((tool) => tool.name));
}

/**
 * The last user message's text, and which step of its answer is due: the
 * AI SDK calls the model again after each tool result, with the assistant's
 * earlier steps appended after the user's message.
 */
export function readPrompt(prompt: LanguageModelV3Prompt): { prompt: string; step: number } {
  let lastUser = -1;
  prompt.forEach((message, index) => {
    if (message.role === "user") lastUser = index;
  });
  const user = prompt[lastUser];
  const text =
    user?.role === "user"
      ? user.content
          .filter((part) => part.type === "text")
          .map((part) => part.text)
          .join("\n")
      : "";
  const step = prompt.slice(lastUser + 1).filter((message) => message.role === "assistant").length;
  return { prompt: text, step };
}

function messageLength(message: LanguageModelV3Prompt[number]): number {
  if (typeof message.content === "string") return message.content.length;
  return message.content.reduce((sum, part) => sum + ("text" in part && typeof part.text === "string" ? part.text.length : 0), 0);
}

/**
 * How a replay waits and what time it is: real time by default (and with
 * `realSleep` passed as such); with another injected sleep, `options.now`
 * or a clock advanced by each sleep.
 */
function replayClock(options: Pick<ReplayModelOptions, "sleep" | "now">): { sleep: ReplaySleep; now: () => number } {
  if (options.sleep === undefined || options.sleep === realSleep) return { sleep: realSleep, now: options.now ?? (() => performance.now()) };
  const injected = options.sleep;
  if (options.now !== undefined) return { sleep: injected, now: options.now };
  let slept = 0;
  return {
    sleep: async (milliseconds, signal) => {
      await injected(milliseconds, signal);
      slept += milliseconds;
    },
    now: () => slept,
  };
}
