/**
 * Joining a model's text deltas that arrive together before the AI SDK sees
 * them. Providers (and the replay model at its fastest) deliver many
 * token-sized deltas in one burst — one network read, one paced tick — and
 * every part pays for its trip through `streamText`'s chain of web streams:
 * a dozen promises each, and each promise pays again for every
 * `AsyncLocalStorage` the server keeps (Next.js keeps several). A 200,000
 * character reply is some 70,000 deltas; joined per burst it is a few
 * hundred, and reaches its viewers just as soon.
 *
 * A run of `text-delta` (or `reasoning-delta`, or `tool-input-delta`) parts
 * of the same id is held and grows for `COALESCE_HOLD_MS` after its first
 * delta arrived (at least until the model makes the reader wait a macrotask
 * turn); it is passed on, whole, when that time is up, when another kind of
 * part comes (it goes after the run: nothing is reordered), when the stream
 * ends or fails, or once it holds `COALESCED_DELTA_MAX_CHARACTERS`. A real
 * model sends a token every 10–20 ms, each in a burst of its own, so the
 * hold is what turns dozens of parts a second into a few. The text is
 * exactly the model's; only the cuts between parts move.
 */
import type { LanguageModelV3Middleware, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import type { UiStreamClock } from "@/lib/ui/stream/stream";

/**
 * Most UTF-16 units one joined delta holds: a stream that never makes its
 * reader wait (a test's instant replay, a provider's buffered backlog) is
 * still cut into parts, so previews and viewers see it grow, while 2,048
 * units is a fraction of a second of the fastest real stream.
 */
export const COALESCED_DELTA_MAX_CHARACTERS = 2_048;

type DeltaPart = Extract<LanguageModelV3StreamPart, { type: "text-delta" | "reasoning-delta" | "tool-input-delta" }>;

function isDelta(part: LanguageModelV3StreamPart): part is DeltaPart {
  // A part with provider metadata keeps its own identity: the metadata belongs to it.
  return (part.type === "text-delta" || part.type === "reasoning-delta" || part.type === "tool-input-delta") && part.providerMetadata === undefined;
}

/**
 * Milliseconds a run of deltas is held for more to join it. Every part costs
 * its trip through `streamText`, the live reply, every viewer's channel and
 * the bus, and a server streaming a hundred replies pays that per part; 40 ms
 * is under the 50 ms a viewer's channel gathers text for anyway
 * (`SSE_TEXT_FLUSH_MS`) and a sixth of the 250 ms between previews.
 */
export const COALESCE_HOLD_MS = 40;

/** Marks that the hold is over while the reader waited. */
const HOLD_OVER = Symbol("hold over");

/** The clock a hold is timed by: the chat core's (real time, or a test's simulated time). */
export type HoldClock = Pick<UiStreamClock, "now" | "setTimeout">;

const REAL_TIME: HoldClock = { now: () => performance.now(), setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds) };

/** Resolves when `heldSince + holdMs` has come by `clock`, and never before a macrotask turn has passed. */
function holdOver(clock: HoldClock, heldSince: number, holdMs: number): Promise<typeof HOLD_OVER> {
  const remaining = heldSince + holdMs - clock.now();
  return new Promise((resolve) => (remaining > 0 ? clock.setTimeout(() => resolve(HOLD_OVER), remaining) : setImmediate(() => resolve(HOLD_OVER))));
}

/** Options of `coalesceDeltas`. */
export type CoalesceOptions = {
  /** Milliseconds a run is held (default `COALESCE_HOLD_MS`; 0 joins only what arrived in one burst). */
  holdMs?: number;
  /** What the hold is timed by (default real time). */
  clock?: HoldClock;
};

/** `source` with each run of same-id deltas joined into one part (see the file comment). */
export function coalesceDeltas(source: ReadableStream<LanguageModelV3StreamPart>, options: CoalesceOptions = {}): ReadableStream<LanguageModelV3StreamPart> {
  const holdMs = options.holdMs ?? COALESCE_HOLD_MS;
  const clock = options.clock ?? REAL_TIME;
  const reader = source.getReader();
  let held: DeltaPart | null = null;
  /** When the run held began (`performance.now()`). */
  let heldSince = 0;
  let nextRead: Promise<ReadableStreamReadResult<LanguageModelV3StreamPart>> | null = null;
  // A failure that arrived while a run was held: the run is passed on first, the failure at the next pull.
  let failure: { error: unknown } | null = null;
  return new ReadableStream<LanguageModelV3StreamPart>(
    {
      async pull(controller) {
        if (failure) {
          controller.error(failure.error);
          return;
        }
        let hold: Promise<typeof HOLD_OVER> | null = null;
        for (;;) {
          nextRead ??= reader.read();
          let result: ReadableStreamReadResult<LanguageModelV3StreamPart>;
          try {
            if (held) {
              hold ??= holdOver(clock, heldSince, holdMs);
              const first = await Promise.race([nextRead, hold]);
              if (first === HOLD_OVER) {
                // The hold is over and the model makes us wait: what is held goes now; the read stays pending for the next pull.
                controller.enqueue(held);
                held = null;
                return;
              }
              result = first;
            } else {
              result = await nextRead;
            }
          } catch (caught) {
            nextRead = null;
            if (!held) throw caught;
            controller.enqueue(held);
            held = null;
            failure = { error: caught };
            return;
          }
          nextRead = null;
          if (result.done) {
            if (held) controller.enqueue(held);
            held = null;
            controller.close();
            return;
          }
          const part = result.value;
          if (held && isDelta(part) && part.type === held.type && part.id === held.id) {
            held = { ...held, delta: held.delta + part.delta };
            if (held.delta.length >= COALESCED_DELTA_MAX_CHARACTERS) {
              controller.enqueue(held);
              held = null;
              return;
            }
            continue;
          }
          const previous = held;
          held = null;
          if (previous) controller.enqueue(previous);
          if (isDelta(part)) {
            held = part;
            heldSince = clock.now();
            if (previous) return;
            continue;
          }
          controller.enqueue(part);
          return;
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    // Read the model only as fast as the AI SDK takes parts, as the model's own stream is read.
    { highWaterMark: 0 },
  );
}

/** The AI SDK middleware applying `coalesceDeltas` to every streamed call of a model. */
export function coalesceDeltasMiddleware(options: CoalesceOptions = {}): LanguageModelV3Middleware {
  return {
    specificationVersion: "v3",
    wrapStream: async ({ doStream }) => {
      const result = await doStream();
      return { ...result, stream: coalesceDeltas(result.stream, options) };
    },
  };
}
