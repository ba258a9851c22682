/**
 * What a key press in the composer means: Enter sends, Shift+Enter is a
 * newline (the textarea's own behaviour), Esc stops a streaming reply. Enter
 * while an input method is composing (Japanese, Chinese, Korean…) confirms
 * the composition and must never send half a word.
 */

/** The parts of a keyboard event the composer reads. */
export type ComposerKey = {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** True while an input method editor is composing. */
  isComposing: boolean;
};

/** What the composer does with a key: send, stop the reply, or let the textarea have it. */
export type ComposerKeyAction = "send" | "stop" | null;

/** The composer's reading of a key press while a reply is (or is not) streaming. */
export function composerKeyAction(key: ComposerKey, streaming: boolean): ComposerKeyAction {
  if (key.isComposing) return null;
  if (key.key === "Escape") return streaming ? "stop" : null;
  if (key.key !== "Enter" || key.shiftKey || key.altKey || key.ctrlKey || key.metaKey) return null;
  return "send";
}
