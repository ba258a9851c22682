/**
 * Whether a reply to a panel action replaces the panel in place without a
 * message of its own: the GenUI guide's rule (`isSilentPanelUpdate`: exactly
 * one closed octo-ui fence carrying the panel's id and nothing else), applied
 * to both dialects — a reply that is exactly one closed ```ui fence with
 * `id=<panel>` is silent too. A `render_ui` card is drawn where it was
 * called, so a reply with one is never silent.
 *
 * A reply stopped or cut by an error is judged by what it could still have
 * become: nothing yet, or a single fence (either dialect) naming the panel
 * or no panel yet, with white space around it. Kept silent, the person never
 * sees the fragment as a turn; the model still reads it with the thread.
 */
import { isSilentPanelUpdate } from "@/lib/genui/panel/is-silent-panel-update";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { isPanelBlock } from "./degradation-receipt";
import type { GenuiFenceRecord, ToolCard } from "../wire";

const WHITE_SPACE_ONLY = /^\s*$/;

/** True when the reply to an action on `panelId` is a silent in-place update. */
export function isSilentReply(input: { text: string; blocks: readonly UiBlock[]; tools: readonly ToolCard[]; panelId: string }): boolean {
  if (input.tools.length > 0) return false;
  return isSilentPanelUpdate(input.text, input.panelId) || isSilentUiPanelUpdate(input.text, input.blocks, input.panelId);
}

/** The tag-language half of the rule: one closed ```ui fence with `id=<panelId>` and only white space around it. */
export function isSilentUiPanelUpdate(text: string, blocks: readonly UiBlock[], panelId: string): boolean {
  if (blocks.length !== 1) return false;
  const block = blocks[0] as UiBlock;
  if (block.id !== panelId || block.diagnostics.some((diagnostic) => diagnostic.code === "unfinished_fence")) return false;
  return WHITE_SPACE_ONLY.test(text.slice(0, block.range.start)) && WHITE_SPACE_ONLY.test(text.slice(block.range.end));
}

/** True when a stopped or failed reply to an action on `panelId` could still have been its silent update (see the file comment). */
export function isInterruptedSilentReply(input: {
  text: string;
  blocks: readonly UiBlock[];
  fences: readonly GenuiFenceRecord[];
  tools: readonly ToolCard[];
  panelId: string;
  /** The reply's id: a block without `id=` is named after it. */
  messageId: string;
}): boolean {
  if (input.tools.length > 0) return false;
  const parts = [
    ...input.blocks.map((block) => ({ range: block.range, panelId: isPanelBlock(block, input.messageId) ? block.id : undefined })),
    ...input.fences.map((fence) => ({ range: fence.range, panelId: fence.panelId })),
  ];
  // Nothing but white space, or the first characters of a fence not yet recognised as one.
  if (parts.length === 0) return WHITE_SPACE_ONLY.test(input.text) || FENCE_OPENING.test(input.text);
  if (parts.length !== 1) return false;
  const part = parts[0] as (typeof parts)[number];
  if (part.panelId !== undefined && part.panelId !== input.panelId) return false;
  return WHITE_SPACE_ONLY.test(input.text.slice(0, part.range.start)) && WHITE_SPACE_ONLY.test(input.text.slice(part.range.end));
}

/** A text that is, so far, only the start of a fence's opening line. */
const FENCE_OPENING = /^\s*(`{1,3}|~{1,3})[^\n]*$/;
