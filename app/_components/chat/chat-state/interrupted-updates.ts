/**
 * Silent panel updates that did not finish: the newest answer to a panel's
 * action was stopped or failed, and was kept silent, so the panel still
 * shows the revision it had (lib/chat/final/final-reply.ts). The panel says
 * so with a short note; a failed one offers Retry, the same press again (a
 * press whose answer stopped or failed is not spent, `sent-buttons.ts`).
 * Read from the thread, so a reload shows the same note.
 */
import { parseUiAction } from "@/lib/genui";
import type { ChatMessage, PanelRecord } from "@/lib/chat/wire";
import type { PanelPress } from "../thread/thread-context";

/** A panel's unfinished update and how to send it again. */
export type InterruptedUpdate = {
  status: "stopped" | "error";
  /** The press that asked for it, with the fields it sent; null when the turn did not record its button. */
  retry: PanelPress | null;
};

/** The unfinished update of each panel, by panel id; see the module comment. */
export function interruptedUpdatesOf(messages: readonly ChatMessage[], panels: readonly PanelRecord[]): Map<string, InterruptedUpdate> {
  const updates = new Map<string, InterruptedUpdate & { sequence: number }>();
  messages.forEach((message, index) => {
    if (message.role !== "user" || message.kind !== "action" || !message.silent) return;
    const envelope = parseUiAction(message.text);
    const reply = messages[index + 1];
    if (envelope?.panel === undefined || reply?.role !== "assistant") return;
    if (!reply.silent || reply.status === "complete") {
      updates.delete(envelope.panel);
      return;
    }
    const pressed = message.action?.pressed;
    const retry = pressed === undefined ? null : { ...pressed, fields: envelope.fields };
    updates.set(envelope.panel, { status: reply.status, retry, sequence: reply.sequence });
  });
  // A panel moved on since (a later reply re-presented it) has nothing left unfinished.
  const sequences = new Map(messages.map((message) => [message.id, message.sequence]));
  const result = new Map<string, InterruptedUpdate>();
  for (const [panelId, { sequence, ...update }] of updates) {
    const record = panels.find((panel) => panel.panelId === panelId);
    if (record === undefined || (sequences.get(record.messageId) ?? 0) > sequence) continue;
    result.set(panelId, record.dialect === "octo-ui" && update.retry !== null ? { ...update, retry: { ...update.retry, revision: record.revision } } : update);
  }
  return result;
}
