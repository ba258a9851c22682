/**
 * Which stored replies' Markdown waits. A thread opens scrolled to its
 * bottom, so the first render (on the server, and again while the page
 * hydrates) formats only the last stretch of the thread's prose; the prose
 * above it is drawn as plain text and formatted as the reader scrolls up to
 * it, or when the browser is idle. A reopened chat with a megabyte reply
 * then costs that stretch, not the megabyte.
 */
import type { ChatMessage } from "@/lib/chat/wire";

/**
 * Characters of reply text, counted up from the bottom of the thread, that
 * the first render formats: two or three screens of prose (with the chunks
 * they fall in, up to twice as much), some 20 ms of parsing on a laptop —
 * paid twice, on the server and again while the page hydrates.
 */
export const THREAD_FORMATTED_CHARACTERS = 8_000;

/**
 * For each stored reply with prose to wait, the offset in its text before
 * which its Markdown is deferred (`Markdown`'s `deferBefore`); replies not
 * in the map format all of their text at once.
 */
export function deferredMarkdown(messages: readonly ChatMessage[], formattedCharacters = THREAD_FORMATTED_CHARACTERS): Map<string, number> {
  const deferred = new Map<string, number>();
  let budget = formattedCharacters;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message === undefined || message.role !== "assistant" || message.silent) continue;
    const formatted = Math.min(budget, message.text.length);
    budget -= formatted;
    if (formatted < message.text.length) deferred.set(message.id, message.text.length - formatted);
  }
  return deferred;
}
