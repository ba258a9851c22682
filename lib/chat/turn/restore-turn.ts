/**
 * The turn that restores an earlier version of a panel, written by the host
 * from the stored thread — nothing of it comes from the browser but which
 * version. The person's side is a silent note the model reads (what was
 * restored, and that nothing needs answering); the reply's side is the
 * earlier version's own part, re-emitted as it was stored: the ```ui block or
 * octo-ui fence as its reply wrote it, or the `render_ui` card. Stored
 * through the same final store as a model's reply, it becomes the panel's
 * next revision, with the person's state carried over.
 */
import { AppError } from "@/lib/errors";
import { panelVersions } from "../panels/panel-versions";
import type { ActionSummary, ChatMessage, PanelRecord, RenderUiCard } from "../wire";

/** What a restore of a version that is not one of the panel's (or not of this thread) is told. */
export const NO_SUCH_PANEL_VERSION_MESSAGE = "That version is not part of this panel's history.";

/** What a restore of the version already shown is told. */
export const ALREADY_CURRENT_VERSION_MESSAGE = "That version is the panel's current one already.";

/** The earlier version's part, as the restoring reply re-emits it. */
export type RestoredPart = {
  /** The reply's text: the block or fence source (empty for a card). */
  text: string;
  /** The `render_ui` card to show again (a card panel), with a fresh id. */
  cards: RenderUiCard[];
};

/** A restore turn, ready to store. */
export type RestoreTurn = {
  /** What the model reads for the person's side. */
  text: string;
  summary: ActionSummary;
  part: RestoredPart;
};

/** The restore turn for bringing back the version of `panel` held by reply `messageId`, on the shown thread `path`. */
export function restoreTurn(input: { path: readonly ChatMessage[]; panel: Pick<PanelRecord, "panelId" | "dialect" | "messageId">; messageId: string }): RestoreTurn {
  const { panel } = input;
  const versions = panelVersions({ messages: input.path, panelId: panel.panelId, dialect: panel.dialect, currentMessageId: panel.messageId });
  const chosen = versions.find((version) => version.message.id === input.messageId);
  if (chosen === undefined) throw new AppError("not_found:message", { message: NO_SUCH_PANEL_VERSION_MESSAGE, detail: `message ${input.messageId} holds no version of panel ${panel.panelId}` });
  if (chosen.message.id === panel.messageId) throw new AppError("bad_request:panel", { message: ALREADY_CURRENT_VERSION_MESSAGE });
  const { source, message } = chosen;
  const part: RestoredPart =
    source.dialect === "ui"
      ? { text: message.text.slice(source.block.range.start, source.block.range.end), cards: [] }
      : source.dialect === "octo-ui"
        ? { text: message.text.slice(source.fence.range.start, source.fence.range.end), cards: [] }
        : { text: "", cards: [{ ...source.card, id: `restore-${crypto.randomUUID()}`, textOffset: 0 }] };
  return {
    text: `(The person restored panel "${panel.panelId}" to its version ${chosen.version}, as an earlier reply showed it. The reply after this note is that version, now the panel's current one; there is nothing to answer.)`,
    summary: { label: `Restored version ${chosen.version}`, fields: [], restored: { messageId: message.id, version: chosen.version } },
    part,
  };
}
