/**
 * Where each addressable panel is drawn, and from what. A panel's latest
 * revision lives in the message its record names — often a silent one that is
 * never drawn — and is drawn in place: at the panel's newest occurrence in a
 * visible reply. An older visible occurrence (the panel was re-presented
 * later in the chat) gives way to a short note, so one panel id never shows
 * twice with two copies of its state. A reply that stopped or failed
 * re-presents nothing: a panel id it repeats (which the store did not make a
 * revision, lib/chat/final/final-reply.ts) is a fragment, drawn there as
 * it arrived, and the panel stays where it was.
 */
import { panelSourceIn, type PanelSource } from "@/lib/chat/panels/panel-source";
import type { AssistantMessage, ChatMessage, PanelRecord } from "@/lib/chat/wire";

/** The latest revision of a panel, ready to draw. */
export type { PanelSource };

/** Where every panel of a chat is drawn and what it shows. */
export type PanelPlacement = {
  /** The record of each panel id. */
  records: ReadonlyMap<string, PanelRecord>;
  /** The visible message that draws each panel (its newest visible occurrence). */
  homes: ReadonlyMap<string, string>;
  /** The latest revision of each panel, when its message is in the thread. */
  sources: ReadonlyMap<string, PanelSource>;
  /** For each stopped or failed reply, the panel ids it repeats without being their revision: drawn as they arrived, not as the panel. */
  fragments: ReadonlyMap<string, ReadonlySet<string>>;
};

/** True when the part naming `panelId` in message `messageId` is a fragment, not the panel. */
export function isPanelFragment(placement: PanelPlacement, messageId: string, panelId: string): boolean {
  return placement.fragments.get(messageId)?.has(panelId) === true;
}

/** The panel ids a stored reply shows, by dialect, in reading order. */
function panelIdsOf(message: AssistantMessage): { dialect: PanelRecord["dialect"]; panelId: string }[] {
  const ids: { dialect: PanelRecord["dialect"]; panelId: string }[] = [];
  for (const block of message.ui ?? []) ids.push({ dialect: "ui", panelId: block.id });
  for (const fence of message.genui ?? []) if (fence.panelId !== undefined) ids.push({ dialect: "octo-ui", panelId: fence.panelId });
  for (const card of message.tools ?? []) if (card.name === "render_ui" && card.spec?.id !== undefined) ids.push({ dialect: "render_ui", panelId: card.spec.id });
  return ids;
}

/** Places every panel of a chat; see the module comment. */
export function placePanels(messages: readonly ChatMessage[], panels: readonly PanelRecord[]): PanelPlacement {
  const records = new Map(panels.map((record) => [record.panelId, record]));
  const homes = new Map<string, string>();
  const sources = new Map<string, PanelSource>();
  const fragments = new Map<string, Set<string>>();
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    const ids = panelIdsOf(message);
    for (const { dialect, panelId } of ids) {
      const record = records.get(panelId);
      if (record === undefined || record.dialect !== dialect) continue;
      if (message.status !== "complete" && record.messageId !== message.id) {
        fragments.set(message.id, (fragments.get(message.id) ?? new Set()).add(panelId));
        continue;
      }
      if (!message.silent) homes.set(panelId, message.id);
      if (record.messageId === message.id) {
        const source = panelSourceIn(message, record);
        if (source) sources.set(panelId, source);
      }
    }
  }
  return { records, homes, sources, fragments };
}
