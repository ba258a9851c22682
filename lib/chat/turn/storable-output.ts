/**
 * The model boundary: every string a model sends that the chat may store is
 * made storable (`storable-text.ts`) before the AI SDK, the live reply or the
 * final store see it — text deltas, tool names, tool call ids and tool call
 * inputs (a `render_ui` spec ends up in `jsonb`, which refuses `\u0000`).
 * Viewers are therefore shown exactly the text that is stored, and a card's
 * spec is the one its tool ran on. Reasoning, sources and the deltas of a
 * tool input being streamed are passed as they are: nothing stores them.
 *
 * A surrogate pair may arrive split across two deltas of the same text part,
 * so a delta's trailing high surrogate is held until the next part: joined
 * with a low surrogate it is a character; followed by anything else it was a
 * lone half, and goes on as U+FFFD.
 */
import type { LanguageModelV3Middleware, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { isHighSurrogate, REPLACEMENT_CHARACTER, storableJson, storableText } from "./storable-text";

/** How many UTF-16 units the boundary replaced in one reply (its calls add up). */
export type StorableOutputTally = { replaced: number };

/** `source` with every stored string made storable (see the file comment); replacements are added to `tally`. */
export function storableOutput(source: ReadableStream<LanguageModelV3StreamPart>, tally: StorableOutputTally): ReadableStream<LanguageModelV3StreamPart> {
  // A high surrogate that ended a delta, with the text part it belongs to.
  let held: { id: string; unit: string } | null = null;
  const clean = (text: string): string => {
    const result = storableText(text);
    tally.replaced += result.replaced;
    return result.text;
  };
  const releaseHeld = (controller: TransformStreamDefaultController<LanguageModelV3StreamPart>) => {
    if (!held) return;
    tally.replaced += 1;
    controller.enqueue({ type: "text-delta", id: held.id, delta: REPLACEMENT_CHARACTER });
    held = null;
  };
  return source.pipeThrough(
    new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
      transform(part, controller) {
        if (part.type === "text-delta") {
          let delta = part.delta;
          if (held?.id === part.id) {
            delta = held.unit + delta;
            held = null;
          } else {
            releaseHeld(controller);
          }
          if (delta.length > 0 && isHighSurrogate(delta.charCodeAt(delta.length - 1))) {
            held = { id: part.id, unit: delta.slice(-1) };
            delta = delta.slice(0, -1);
          }
          // A delta that was only the held half waits for its pair (its metadata, if any, still goes on).
          if (delta.length > 0 || part.providerMetadata !== undefined) controller.enqueue({ ...part, delta: clean(delta) });
          return;
        }
        releaseHeld(controller);
        switch (part.type) {
          case "tool-input-start":
            controller.enqueue({ ...part, id: clean(part.id), toolName: clean(part.toolName) });
            return;
          case "tool-input-delta":
          case "tool-input-end":
            controller.enqueue({ ...part, id: clean(part.id) });
            return;
          case "tool-call":
            controller.enqueue({ ...part, toolCallId: clean(part.toolCallId), toolName: clean(part.toolName), input: storableToolInput(part.input, tally) });
            return;
          default:
            controller.enqueue(part);
        }
      },
      flush(controller) {
        releaseHeld(controller);
      },
    }),
  );
}

/**
 * A tool call's JSON-encoded input with every string in it storable. Escapes
 * (`\u0000`, `\ud800`) are characters only once parsed, so the input is
 * parsed, cleaned and encoded again when it holds anything to clean; input
 * that is not JSON (the AI SDK refuses it as such) only has its raw characters replaced.
 */
function storableToolInput(input: string, tally: StorableOutputTally): string {
  if (!/\\u|[\u0000\ud800-\udfff]/.test(input)) return input;
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    const result = storableText(input);
    tally.replaced += result.replaced;
    return result.text;
  }
  const result = storableJson(parsed);
  if (result.replaced === 0) return input;
  tally.replaced += result.replaced;
  return JSON.stringify(result.value);
}

/** The AI SDK middleware applying `storableOutput` to every streamed call of a model, counting into `tally`. */
export function storableOutputMiddleware(tally: StorableOutputTally): LanguageModelV3Middleware {
  return {
    specificationVersion: "v3",
    wrapStream: async ({ doStream }) => {
      const result = await doStream();
      return { ...result, stream: storableOutput(result.stream, tally) };
    },
  };
}
