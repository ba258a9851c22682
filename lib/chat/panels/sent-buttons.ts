/**
 * Which GenUI buttons of a thread are spent. A press names its button (the
 * stored reply, the fence, the button's node path); once its action turn is
 * stored, pressing the same button again would send the same turn and file
 * the same thing twice. A press whose reply stopped or failed does not count:
 * the person may try again. Read by the server (it refuses a spent button)
 * and by the browser (it draws a spent button as sent) from the same thread.
 */
import type { ButtonPress, ChatMessage } from "../wire";

/** One key per button of one fence of one stored reply. */
export function buttonPressKey(press: ButtonPress): string {
  return JSON.stringify([press.messageId, press.fenceIndex, press.button]);
}

/** The keys (`buttonPressKey`) of every spent button in `messages`, which are in thread order. */
export function sentButtonKeys(messages: readonly ChatMessage[]): Set<string> {
  const keys = new Set<string>();
  messages.forEach((message, index) => {
    if (message.role !== "user" || message.kind !== "action" || message.action?.pressed === undefined) return;
    const reply = messages[index + 1];
    if (reply?.role === "assistant" && (reply.status === "stopped" || reply.status === "error")) return;
    keys.add(buttonPressKey(message.action.pressed));
  });
  return keys;
}
