/**
 * The authoritative final form of a reply, from its final text and the
 * chat's stored panels: the ```ui blocks with host-assigned revisions, the
 * octo-ui fences, the `render_ui` cards, the degradation receipt (with what
 * the model boundary replaced or refused), the silent flag, and the panel
 * rows to write, every string in them storable (`storable-text.ts`). A
 * block, fence or card with a panel id becomes that panel's next revision,
 * and the person's interaction state carries over by the dialect's rule
 * (`carryPanelState` for GenUI, `carryUiState` for tag-language blocks).
 * An unfinished re-emission never supersedes: in a reply that was stopped or
 * failed, or in a part left unclosed, a panel id the chat already holds is
 * drawn where it stands, unaddressed, and the panel keeps the revision it
 * had. A stopped or failed answer to a panel action that could still have
 * been a silent update is kept silent (`isInterruptedSilentReply`).
 * Pure: the caller stores it.
 */
import type { JsonValue, MessageStatus, Panel } from "@/db/schema";
import { extractGenuiFences } from "@/lib/genui/fence/extract-genui-fences";
import { carryPanelState } from "@/lib/genui/panel/carry-panel-state";
import type { GenuiSpec } from "@/lib/genui/schema/spec";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { carryUiState } from "../panels/carry-ui-state";
import { readGenuiPanelState, readUiPanelState } from "../panels/panel-state";
import type { BlockDataCheck } from "../turn/block-data-check";
import { storableJson } from "../turn/storable-text";
import type { GenuiFenceRecord, ReceiptEntry, ToolCard, UiDialect } from "../wire";
import type { BoundaryReport } from "./boundary-receipt";
import { degradationReceipt, isPanelBlock } from "./degradation-receipt";
import { isInterruptedSilentReply, isSilentReply } from "./silent-reply";

/** What the final form is built from. */
export type FinalReplyInput = {
  messageId: string;
  text: string;
  /** The final compile of the text (`UiStream.finish`). */
  blocks: readonly UiBlock[];
  tools: readonly ToolCard[];
  /** The panel the prompt's `[octo-ui-action]` envelope named, if any. */
  actionPanelId: string | null;
  /** The chat's stored panels before this reply. */
  currentPanels: readonly Panel[];
  /** How the reply ended (default `complete`): a stopped or failed one moves no existing panel on. */
  status?: MessageStatus;
  /** What the model boundary replaced or refused (none when absent). */
  boundary?: BoundaryReport;
  /** What the data checks found, per ```ui block in the order of `blocks` (lib/chat/turn/reply-data-check.ts). */
  dataChecks?: readonly (BlockDataCheck | null)[];
};

/** One panel row a reply writes. */
export type PanelWrite = { panelId: string; dialect: UiDialect; revision: number; state: JsonValue };

/** A reply's final form. */
export type FinalReply = {
  ui: UiBlock[];
  fences: GenuiFenceRecord[];
  tools: ToolCard[];
  receipt: ReceiptEntry[];
  silent: boolean;
  panels: PanelWrite[];
};

/** One part of the reply that names a panel, where it stands in the text. */
type PanelClaim = { panelId: string; position: number; dialect: UiDialect; block?: UiBlock; spec?: GenuiSpec; unfinished: boolean };

/** The code both dialects give a fence the text ended inside. */
const UNFINISHED_FENCE = "unfinished_fence";

/** The stored records of a reply's octo-ui fences, in order, each with its panel id when its spec names one. */
export function genuiFenceRecords(text: string): GenuiFenceRecord[] {
  return extractGenuiFences(text).map((fence, index) => ({
    index,
    range: fence.range,
    ...(fence.spec?.id !== undefined ? { panelId: fence.spec.id } : {}),
    spec: fence.spec,
    diagnostics: fence.diagnostics,
  }));
}

/** Builds a reply's final form (see the file comment). */
export function buildFinalReply(input: FinalReplyInput): FinalReply {
  // The dialects decode escapes (`\u{0}` in a prop, `\u0000` in JSON), so trees may hold what the text, made storable at the model boundary, does not.
  const storableBlocks = storableJson(input.blocks);
  const storableFences = storableJson(genuiFenceRecords(input.text));
  const storableTools = storableJson(input.tools);
  const blocks = storableBlocks.value;
  const fences = storableFences.value;
  const boundary: BoundaryReport = {
    replacedCharacters: input.boundary?.replacedCharacters ?? 0,
    refusedTools: input.boundary?.refusedTools ?? [],
    replacedInParts: input.boundary?.replacedInParts === true || storableBlocks.replaced + storableFences.replaced + storableTools.replaced > 0,
  };

  const interrupted = (input.status ?? "complete") !== "complete";
  const claims: PanelClaim[] = [];
  for (const block of blocks) {
    if (isPanelBlock(block, input.messageId)) {
      const unfinished = interrupted || block.diagnostics.some((diagnostic) => diagnostic.code === UNFINISHED_FENCE);
      claims.push({ panelId: block.id, position: block.range.start, dialect: "ui", block, unfinished });
    }
  }
  for (const fence of fences) {
    if (fence.spec?.id !== undefined) {
      const unfinished = interrupted || fence.diagnostics.some((diagnostic) => diagnostic.code === UNFINISHED_FENCE);
      claims.push({ panelId: fence.spec.id, position: fence.range.start, dialect: "octo-ui", spec: fence.spec, unfinished });
    }
  }
  for (const card of storableTools.value) {
    if (card.name === "render_ui" && card.spec?.id !== undefined) {
      claims.push({ panelId: card.spec.id, position: card.textOffset, dialect: "render_ui", spec: card.spec, unfinished: interrupted });
    }
  }
  claims.sort((left, right) => left.position - right.position);

  const current = new Map(input.currentPanels.map((panel) => [panel.panelId, panel]));
  const panels: PanelWrite[] = [];
  const revisions = new Map<string, number>();
  const extra: ReceiptEntry[] = [];
  const panelBlocks = new Set<UiBlock>();
  for (const claim of claims) {
    if (revisions.has(claim.panelId)) {
      // The first part naming a panel is the panel; a later one in the same reply is drawn where it stands, unaddressed.
      if (claim.dialect !== "ui") {
        extra.push({
          code: "duplicate_panel_id",
          message: `The panel id "${claim.panelId}" is used more than once in this reply; only its first use is the panel.`,
          where: `${claim.dialect === "octo-ui" ? "octo-ui fence" : "render_ui call"} with panel ${claim.panelId}`,
          dialect: claim.dialect,
          blockId: claim.panelId,
        });
      }
      continue;
    }
    const previous = current.get(claim.panelId);
    // Cut short, a re-emission is a fragment of the panel: the stored revision stays the panel, and the fragment is drawn where it stands.
    if (claim.unfinished && previous !== undefined) continue;
    const revision = (previous?.revision ?? 0) + 1;
    revisions.set(claim.panelId, revision);
    if (claim.block) panelBlocks.add(claim.block);
    const state = claim.block
      ? carryUiState(readUiPanelState(previous?.state), claim.block)
      : carryPanelState(readGenuiPanelState(previous?.state), claim.spec as GenuiSpec);
    panels.push({ panelId: claim.panelId, dialect: claim.dialect, revision, state: state as JsonValue });
  }

  const ui = blocks.map((block) => ({
    ...block,
    // A panel's block carries the panel's new revision; any other block is the first and only revision of itself.
    revision: panelBlocks.has(block) ? (revisions.get(block.id) ?? 1) : 1,
  }));
  const tools = [...storableTools.value];
  // Its entries quote those parts, cut to a bound: a cut may split a pair, so they are made storable too (not counted: they are our words).
  const receipt = storableJson(degradationReceipt({ text: input.text, messageId: input.messageId, blocks: ui, fences, tools, extra, boundary, ...(input.dataChecks ? { dataChecks: input.dataChecks } : {}) })).value;
  const answer = input.actionPanelId === null ? null : { text: input.text, blocks: ui, fences, tools, panelId: input.actionPanelId, messageId: input.messageId };
  const silent = answer !== null && (interrupted ? isInterruptedSilentReply(answer) : isSilentReply(answer));
  return { ui, fences, tools, receipt, silent, panels };
}
