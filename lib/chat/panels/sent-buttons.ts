/**
 * Which GenUI buttons and ```ui choices of a thread are spent. A press names
 * its button (the stored reply, the fence, the button's node path), a pick
 * its choice (the stored reply, the block, the choice's id); once its turn
 * is stored, pressing the same button or picking the same choice again would
 * send the same turn and file the same thing twice. A press or pick whose
 * reply stopped or failed does not count: the person may try again. Read by
 * the server (it refuses a spent one) and by the browser (it draws a spent
 * one as sent) from the same thread.
 */
import type { ButtonPress, ChatMessage, ChoicePick } from "../wire";

/** One key per button of one fence of one stored reply. */
export function buttonPressKey(press: ButtonPress): string {
  return JSON.stringify([press.messageId, press.fenceIndex, press.button]);
}

/** One key per choice of one block of one stored reply; never equal to a button's key. */
export function choicePickKey(pick: ChoicePick): string {
  return JSON.stringify(["choice", pick.messageId, pick.blockId, pick.choiceId]);
}

/** The key of the button or choice a stored turn spent, if it records one. */
function spentKey(message: ChatMessage): string | undefined {
  if (message.role !== "user") return undefined;
  if (message.kind === "action" && message.action?.pressed !== undefined) return buttonPressKey(message.action.pressed);
  if (message.kind === "choice" && message.action?.chosen !== undefined) return choicePickKey(message.action.chosen);
  return undefined;
}

/** The keys (`buttonPressKey`, `choicePickKey`) of every spent button and choice in `messages`, which are in thread order. */
export function sentButtonKeys(messages: readonly ChatMessage[]): Set<string> {
  const keys = new Set<string>();
  messages.forEach((message, index) => {
    const key = spentKey(message);
    if (key === undefined) return;
    const reply = messages[index + 1];
    if (reply?.role === "assistant" && (reply.status === "stopped" || reply.status === "error")) return;
    keys.add(key);
  });
  return keys;
}
