/**
 * The process's side of its generation worker: a `ReplyStreamer` whose model
 * streams run in a worker thread. A Node process has one event loop; a
 * reply's model stream — the AI SDK's chain of web streams, a dozen promises
 * per part, each paying again for every `AsyncLocalStorage` Next.js keeps —
 * was most of what a streaming reply cost it, and at a few hundred replies
 * at once it filled that loop while the machine's other core idled. In the
 * worker the stream runs beside the loop that serves viewers, and without
 * the request's async context.
 *
 * The worker is started on the first run and again after it died; a death
 * fails the runs under way (each reply ends as failed, its text kept, as
 * for any model error). A run's tools execute here, in the process: the
 * input is validated against the tool's own schema first, as the AI SDK
 * would have done, and a tool that shapes what the model reads
 * (`toModelOutput`) sends that along with its output. An aborted run whose
 * worker does not end it within `ABORT_GRACE_MS` ends here anyway, so the
 * reply is stored with what arrived; if the worker has sent nothing at all
 * for that long (wedged in a loop), it is terminated, and the next run
 * starts a new one.
 */
import { asSchema, InvalidToolInputError, type Tool } from "ai";
import { safeValidateTypes } from "@ai-sdk/provider-utils";
import { errorOfReplyStream, replyStreamError, type ReplyStreamer, type ReplyStreamPart } from "../turn/reply-stream";
import type { CrossingPart, FromWorker, GenerationPort, GenerationToolSpec, ToWorker } from "./generation-protocol";

/**
 * Milliseconds an aborted run waits for the worker to end it: a stream the
 * worker aborts ends within a few milliseconds; a worker that has not
 * answered in this long is not going to, and a stopped reply must not spin.
 */
export const ABORT_GRACE_MS = 5_000;

/** A channel to a worker, and how to learn that it died. */
export type WorkerChannel = GenerationPort<FromWorker, ToWorker> & {
  /** Calls `listener` once if the worker dies (an uncaught error or its exit, `terminate` included). */
  onDeath(listener: (error: Error) => void): void;
  /** Stops the worker whatever it is doing. */
  terminate(): void;
};

/** What a run waits on: the worker's messages, in order. */
type Run = {
  /** The worker it was started on: only that worker's death fails it. */
  channel: WorkerChannel | null;
  tools: Record<string, Tool>;
  signal: AbortSignal;
  deliver: (message: Exclude<FromWorker, { type: "tool-run" }> | { type: "died"; error: Error }) => void;
};

/** Streams replies in a worker started by `startWorker` (see the file comment). */
export class WorkerReplyStreamer {
  private channel: WorkerChannel | null = null;
  /** When the current worker last sent anything (`performance.now()`). */
  private lastHeardAt = 0;
  private readonly runs = new Map<number, Run>();
  private nextRunId = 1;

  constructor(
    private readonly startWorker: () => WorkerChannel,
    private readonly abortGraceMs = ABORT_GRACE_MS,
  ) {}

  /** The streamer for replies by `modelId` (the worker finds the model in its own registry). */
  streamer(modelId: string): ReplyStreamer {
    return (request) => this.run(modelId, request);
  }

  private connect(): WorkerChannel {
    if (this.channel) return this.channel;
    const channel = this.startWorker();
    channel.on("message", (message) => this.receive(channel, message));
    channel.onDeath((error) => {
      if (this.channel === channel) this.channel = null;
      console.error("chat: the generation worker stopped; its replies end as failed", error);
      for (const run of this.runs.values()) if (run.channel === channel) run.deliver({ type: "died", error });
    });
    this.channel = channel;
    this.lastHeardAt = performance.now();
    return channel;
  }

  private receive(channel: WorkerChannel, message: FromWorker): void {
    if (channel === this.channel) this.lastHeardAt = performance.now();
    const run = this.runs.get(message.runId);
    if (message.type !== "tool-run") {
      run?.deliver(message);
      return;
    }
    const reply = (done: ToWorker) => channel.postMessage(done);
    const { runId, callId } = message;
    if (!run) {
      reply({ type: "tool-done", runId, callId, ok: false, error: { name: "AbortError", message: "the reply has ended" } });
      return;
    }
    executeTool(run, message).then(
      (result) => reply({ type: "tool-done", runId, callId, ok: true, ...result }),
      (error: unknown) => reply({ type: "tool-done", runId, callId, ok: false, error: replyStreamError(error) }),
    );
  }

  /** An aborted run's worker did not end it in time: it ends here, and a worker silent all that while is stopped. */
  private graceOver(runId: number, channel: WorkerChannel | null): void {
    this.runs.get(runId)?.deliver({ type: "end", runId });
    if (channel === null || channel !== this.channel || performance.now() - this.lastHeardAt < this.abortGraceMs) return;
    console.error(`chat: the generation worker sent nothing for ${this.abortGraceMs} ms after a stop; stopping it`);
    // The next run starts a new worker at once, not on the one going away.
    this.channel = null;
    channel.terminate();
  }

  private async *run(modelId: string, request: Parameters<ReplyStreamer>[0]): AsyncGenerator<ReplyStreamPart> {
    const runId = this.nextRunId++;
    const inbox: Parameters<Run["deliver"]>[0][] = [];
    let wake: (() => void) | null = null;
    const run: Run = {
      channel: null,
      tools: request.tools,
      signal: request.signal,
      deliver: (message) => {
        inbox.push(message);
        wake?.();
        wake = null;
      },
    };
    this.runs.set(runId, run);
    let channel: WorkerChannel | null = null;
    let ended = false;
    let grace: ReturnType<typeof setTimeout> | null = null;
    const abort = () => {
      channel?.postMessage({ type: "abort", runId });
      grace ??= setTimeout(() => this.graceOver(runId, channel), this.abortGraceMs);
    };
    try {
      channel = this.connect();
      run.channel = channel;
      channel.postMessage({
        type: "start",
        runId,
        modelId,
        system: request.system,
        messages: request.messages,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
        maxSteps: request.maxSteps,
        tools: await toolSpecs(request.tools),
      });
      request.signal.addEventListener("abort", abort, { once: true });
      if (request.signal.aborted) abort();
      for (;;) {
        while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const message = inbox.shift()!;
        if (message.type === "part") yield restored(message.part);
        else if (message.type === "end") {
          ended = true;
          return;
        } else {
          ended = true;
          throw message.type === "died" ? message.error : errorOfReplyStream(message.error);
        }
      }
    } finally {
      request.signal.removeEventListener("abort", abort);
      // A reader that stopped early (it threw, or broke off) leaves nothing running in the worker.
      if (!ended) channel?.postMessage({ type: "abort", runId });
      if (grace !== null) clearTimeout(grace);
      this.runs.delete(runId);
    }
  }
}

/** The tools as the worker offers them: JSON Schemas, computed once per tool object. */
async function toolSpecs(tools: Record<string, Tool>): Promise<GenerationToolSpec[]> {
  return Promise.all(
    Object.entries(tools).map(async ([name, definition]) => ({
      name,
      ...(definition.description !== undefined ? { description: definition.description } : {}),
      inputSchema: await jsonSchemaOf(definition),
      shapesModelOutput: definition.toModelOutput !== undefined,
    })),
  );
}

const jsonSchemas = new WeakMap<object, Promise<GenerationToolSpec["inputSchema"]>>();

function jsonSchemaOf(definition: Tool): Promise<GenerationToolSpec["inputSchema"]> {
  const schema = definition.inputSchema as object;
  let cached = jsonSchemas.get(schema);
  if (!cached) {
    cached = Promise.resolve(asSchema(definition.inputSchema).jsonSchema);
    jsonSchemas.set(schema, cached);
  }
  return cached;
}

/** Runs a tool the worker's model called: the input checked against the tool's own schema, then its `execute`. */
async function executeTool(run: Run, call: Extract<FromWorker, { type: "tool-run" }>): Promise<{ output: unknown; modelOutput?: unknown }> {
  const definition = run.tools[call.toolName];
  if (!definition?.execute) throw new Error(`no tool ${call.toolName} runs here`);
  const validated = await safeValidateTypes({ value: call.input, schema: definition.inputSchema });
  if (!validated.success) throw new InvalidToolInputError({ toolName: call.toolName, toolInput: JSON.stringify(call.input), cause: validated.error });
  const output: unknown = await definition.execute(validated.value, { toolCallId: call.toolCallId, messages: [], abortSignal: run.signal });
  if (!definition.toModelOutput) return { output };
  return { output, modelOutput: await definition.toModelOutput({ toolCallId: call.toolCallId, input: validated.value, output }) };
}

/** A crossed part with its errors as `Error`s again. */
function restored(part: CrossingPart): ReplyStreamPart {
  if (part.type === "error") return { type: "error", error: errorOfReplyStream(part.error) };
  if (part.type === "tool-error") return { ...part, error: errorOfReplyStream(part.error) };
  return part;
}
