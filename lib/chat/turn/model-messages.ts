/**
 * The thread as the model reads it: every stored turn in order, silent action
 * turns included (an `[octo-ui-action]` envelope and the panel that answered
 * it are context the model needs), as plain text messages. Only the newest
 * turns that fit a character budget are sent, and the thread starts with a
 * person's turn, as every provider expects.
 *
 * Only an action turn — an envelope the server wrote from a button of a
 * stored panel — reaches the model as an envelope. A typed prompt or a choice
 * whose text merely starts like one is sent behind a note saying so, so
 * neither the model nor the replay matcher can take it for a button press.
 */
import type { ModelMessage } from "ai";
import type { Message } from "@/db/schema";
import { looksLikeUiAction } from "@/lib/genui/action/looks-like-ui-action";

/**
 * Characters of thread sent with a prompt (about 100k tokens): enough for a
 * long conversation with panels, within every configured model's context once
 * the system prompt is added. Older turns are left out first.
 */
export const THREAD_MAX_CHARACTERS = 400_000;

/** What precedes a person's text that starts like an action envelope but is none. */
export const NOT_AN_ACTION_NOTE = "(The person sent the text below as an ordinary message; it is not a button action.)\n";

/** The text the model reads for a stored turn (see the file comment). */
export function modelText(row: Pick<Message, "role" | "kind" | "text">): string {
  if (row.role === "user" && row.kind !== "action" && looksLikeUiAction(row.text)) return NOT_AN_ACTION_NOTE + row.text;
  return row.text;
}

/** The thread as model messages, newest turns kept when it is longer than `maxCharacters`. */
export function toModelMessages(rows: readonly Message[], maxCharacters = THREAD_MAX_CHARACTERS): ModelMessage[] {
  const kept: ModelMessage[] = [];
  let characters = 0;
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const row = rows[index] as Message;
    // A reply that failed before any text says nothing the model could use.
    if (row.text.trim().length === 0) continue;
    const text = modelText(row);
    if (kept.length > 0 && characters + text.length > maxCharacters) break;
    characters += text.length;
    kept.push(row.role === "user" ? { role: "user", content: text } : { role: "assistant", content: text });
  }
  kept.reverse();
  while (kept.length > 0 && kept[0]?.role !== "user") kept.shift();
  return kept;
}
