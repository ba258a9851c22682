/**
 * The thread as the model reads it: every stored turn in order, silent action
 * turns included (an `[octo-ui-action]` envelope and the panel that answered
 * it are context the model needs), as plain text messages. Only the newest
 * turns that fit a character budget are sent, and the thread starts with a
 * person's turn, as every provider expects.
 */
import type { ModelMessage } from "ai";
import type { Message } from "@/db/schema";

/**
 * Characters of thread sent with a prompt (about 100k tokens): enough for a
 * long conversation with panels, within every configured model's context once
 * the system prompt is added. Older turns are left out first.
 */
export const THREAD_MAX_CHARACTERS = 400_000;

/** The thread as model messages, newest turns kept when it is longer than `maxCharacters`. */
export function toModelMessages(rows: readonly Message[], maxCharacters = THREAD_MAX_CHARACTERS): ModelMessage[] {
  const kept: ModelMessage[] = [];
  let characters = 0;
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const row = rows[index] as Message;
    // A reply that failed before any text says nothing the model could use.
    if (row.text.trim().length === 0) continue;
    if (kept.length > 0 && characters + row.text.length > maxCharacters) break;
    characters += row.text.length;
    kept.push(row.role === "user" ? { role: "user", content: row.text } : { role: "assistant", content: row.text });
  }
  kept.reverse();
  while (kept.length > 0 && kept[0]?.role !== "user") kept.shift();
  return kept;
}
