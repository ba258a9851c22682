/**
 * Whether a text would read as an `[octo-ui-action]` envelope to the model or
 * to a parser that trims: the prefix's bracketed word at its start, in any
 * case, after any white space or invisible formatting characters. Broader
 * than `parseUiAction` on purpose — a model is not a strict parser, so text
 * that is not a button's envelope must not even start like one.
 */
import { UI_ACTION_PREFIX } from "./ui-action";

/** `[octo-ui-action]`, without the space that follows it in a real envelope. */
const PREFIX_WORD = UI_ACTION_PREFIX.trim().toLowerCase();

/** White space and format characters (zero-width spaces, bidi marks) a reader skips. */
const INVISIBLE_START = /^[\p{White_Space}\p{Cf}]+/u;

/** True when `text` starts like an action envelope (see the file comment). */
export function looksLikeUiAction(text: string): boolean {
  return text.replace(INVISIBLE_START, "").slice(0, PREFIX_WORD.length).toLowerCase() === PREFIX_WORD;
}
