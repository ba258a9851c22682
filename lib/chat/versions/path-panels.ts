/**
 * Panels as the thread a chat shows has them. A panel's stored row names the
 * message holding its newest revision, which may sit on a version the chat
 * no longer shows (a regenerated reply, the branch before an edit). Seen
 * from the shown thread, such a panel is at its newest revision on that
 * thread, with a fresh state: what the person set on another version is not
 * carried across. A panel that no message of the thread holds is left out.
 * Revisions stay the row's, so the next revision (and a write of the state,
 * which moves the row to the shown version) still counts up.
 */
import type { Panel } from "@/db/schema";
import type { JsonValue } from "@/db/schema/json";
import { carryPanelState } from "@/lib/genui/panel/carry-panel-state";
import { carryUiState } from "../panels/carry-ui-state";
import { readGenuiPanelState, readUiPanelState } from "../panels/panel-state";
import { panelDialect } from "../records/message-record";
import { isRenderUiCard, type AssistantMessage, type ChatMessage } from "../wire";

/** Options of `pathPanels`. */
export type PathPanelsOptions = {
  /**
   * Keep a panel no message of the thread holds, with an empty state (the
   * final store: a reply that presents it again must still count its
   * revision up from the row's, or the write would be refused as stale).
   */
  keepUnheld?: boolean;
};

/** The panels of `rows` as the thread `path` has them (see the file comment). */
export function pathPanels(rows: readonly Panel[], path: readonly ChatMessage[], options: PathPanelsOptions = {}): Panel[] {
  const onPath = new Set(path.map((message) => message.id));
  const kept: Panel[] = [];
  for (const row of rows) {
    if (onPath.has(row.messageId)) {
      kept.push(row);
      continue;
    }
    const holder = newestHolder(path, row.panelId);
    if (holder === null) {
      if (options.keepUnheld) kept.push({ ...row, state: {} });
      continue;
    }
    kept.push({ ...row, messageId: holder.id, state: freshState(holder, row.panelId) });
  }
  return kept;
}

/** The newest reply of the thread holding the panel, a complete one first (a cut one may hold only a fragment). */
function newestHolder(path: readonly ChatMessage[], panelId: string): AssistantMessage | null {
  let fallback: AssistantMessage | null = null;
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const message = path[index];
    if (message?.role !== "assistant" || panelDialect(message, panelId) === null) continue;
    if (message.status === "complete") return message;
    fallback ??= message;
  }
  return fallback;
}

/** The state a panel starts with in `message`, as if it were new there. */
function freshState(message: AssistantMessage, panelId: string): JsonValue {
  const block = message.ui?.find((candidate) => candidate.id === panelId);
  if (block) return carryUiState(readUiPanelState(null), block) as unknown as JsonValue;
  const fence = message.genui?.find((candidate) => candidate.panelId === panelId);
  const card = message.tools?.filter(isRenderUiCard).find((candidate) => candidate.spec?.id === panelId);
  const spec = fence?.spec ?? card?.spec;
  if (spec) return carryPanelState(readGenuiPanelState(null), spec) as unknown as JsonValue;
  return {};
}
