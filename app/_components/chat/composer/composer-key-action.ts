/**
 * What a key press in the composer means: Enter sends, Shift+Enter is a
 * newline (the textarea's own behaviour), Esc stops a streaming reply (the
 * chat view does too, from anywhere: `chatViewKeyAction`). Enter
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

/** The parts of a key press anywhere in the chat view that decide whether it stops the reply. */
export type ChatViewKey = {
  key: string;
  /** True while an input method editor is composing (its Esc cancels the composition). */
  isComposing: boolean;
  /** True when something on the way handled the key itself (a panel that closes on Esc, the composer's own stop). */
  defaultPrevented: boolean;
  /** True while a dialog or a menu is open, or the key was pressed inside one: its Esc closes it, nothing more. */
  overlayOpen: boolean;
};

/**
 * Esc anywhere in the chat view stops a streaming reply — focus on a
 * panel's button, a link, the page itself — unless it was meant for
 * something else: a dialog or menu that is open, an input method, or a part
 * of the page that already answered it.
 */
export function chatViewKeyAction(key: ChatViewKey, streaming: boolean): "stop" | null {
  if (!streaming || key.key !== "Escape") return null;
  if (key.isComposing || key.defaultPrevented || key.overlayOpen) return null;
  return "stop";
}
