/**
 * A reply to a silent action turn (a button's `[octo-ui-action]` envelope
 * that names a panel, written by the server) is meant to be silent: it replaces the panel in place and is never drawn as a message.
 * While it streams, the panel shows that it is updating and the reply stays
 * hidden — unless it starts with prose, which makes it an ordinary reply
 * (the guide's fallback), drawn as one from its first word.
 */
import { parseUiAction } from "@/lib/genui";
import type { ChatSnapshot } from "@/lib/chat/wire";

/** What a streaming reply to a silent turn means for the view. */
export type SilentTurn = {
  /** The panel being updated, or null when the live reply answers no panel action. */
  panelId: string | null;
  /** True while the live reply should stay out of the thread. */
  hideLive: boolean;
};

const NO_SILENT_TURN: SilentTurn = { panelId: null, hideLive: false };

/** True while a reply's text could still be nothing but one fence. */
function couldBeFenceOnly(text: string): boolean {
  const start = text.trimStart();
  return start === "" || start.startsWith("`") || start.startsWith("~");
}

/** Whether the live reply of a snapshot is a silent panel update in progress; see the module comment. */
export function silentTurnOf(snapshot: ChatSnapshot): SilentTurn {
  const live = snapshot.live;
  if (live === null) return NO_SILENT_TURN;
  const prompt = snapshot.messages.find((message) => message.id === live.replyTo);
  if (prompt === undefined || prompt.role !== "user" || prompt.kind !== "action" || !prompt.silent) return NO_SILENT_TURN;
  const panelId = parseUiAction(prompt.text)?.panel ?? null;
  if (panelId === null) return NO_SILENT_TURN;
  return couldBeFenceOnly(live.text) ? { panelId, hideLive: true } : NO_SILENT_TURN;
}
