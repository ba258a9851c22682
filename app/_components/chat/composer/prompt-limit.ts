/**
 * How close a prompt is to the longest one the server accepts: the composer
 * shows a counter in the last tenth before the limit and refuses to send past
 * it (instead of cutting the text silently, which stored messages that ended
 * mid-sentence).
 */
import { PROMPT_MAX_LENGTH } from "@/lib/chat/wire";

/** Where a prompt stands against the limit, as the composer shows it. */
export type PromptLimit = {
  /** True once the prompt is within the last tenth of the limit (or past it). */
  showCounter: boolean;
  /** True past the limit: sending is refused. */
  over: boolean;
  /** "31,250 / 32,000". */
  counter: string;
  /** What to do, past the limit; null otherwise. */
  problem: string | null;
};

/** Digits grouped the same way on server and browser, so the first render matches. */
const NUMBER_FORMAT = new Intl.NumberFormat("en-US");

/** Where a prompt of `length` UTF-16 units stands against `max` (the server's limit unless told). */
export function promptLimit(length: number, max: number = PROMPT_MAX_LENGTH): PromptLimit {
  const over = length > max;
  const excess = length - max;
  return {
    showCounter: length >= max * 0.9,
    over,
    counter: `${NUMBER_FORMAT.format(length)} / ${NUMBER_FORMAT.format(max)}`,
    problem: over
      ? `This message is ${NUMBER_FORMAT.format(excess)} ${excess === 1 ? "character" : "characters"} too long to send: a message can be at most ${NUMBER_FORMAT.format(max)} characters. Shorten it, or split it over several messages.`
      : null,
  };
}
