/**
 * The title a new chat gets from its first prompt: the prompt's first line,
 * flattened and cut to fit a sidebar. A panel action is not a topic, so it
 * gets a plain title instead of its JSON.
 */
import { parseUiAction } from "@/lib/genui/action/parse-ui-action";

/** Longest generated title, in characters: one line of a sidebar; the stored limit (200) is for titles people type. */
export const CHAT_TITLE_MAX_LENGTH = 80;

/** The title of a chat nobody named and whose first prompt says nothing usable. */
export const DEFAULT_CHAT_TITLE = "New chat";

/** The title of a chat started by an `[octo-ui-action]` envelope. */
export const ACTION_CHAT_TITLE = "Panel action";

/** A chat title taken from a prompt. */
export function chatTitleFromPrompt(prompt: string): string {
  if (parseUiAction(prompt.trim())) return ACTION_CHAT_TITLE;
  const firstLine = prompt.split(/\r?\n/).find((line) => line.trim().length > 0) ?? "";
  // Markdown heading and quote markers say nothing about the topic.
  const flat = firstLine
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
    .replace(/^\s*(#{1,6}|>)\s*/, "")
    .replace(/\s+/g, " ")
    .trim();
  if (flat.length === 0) return DEFAULT_CHAT_TITLE;
  const characters = Array.from(flat);
  if (characters.length <= CHAT_TITLE_MAX_LENGTH) return flat;
  return `${characters.slice(0, CHAT_TITLE_MAX_LENGTH - 1).join("").trimEnd()}…`;
}
