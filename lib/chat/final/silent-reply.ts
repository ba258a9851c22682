/**
 * Whether a reply to a panel action replaces the panel in place without a
 * message of its own: the GenUI guide's rule (`isSilentPanelUpdate`: exactly
 * one closed octo-ui fence carrying the panel's id and nothing else), applied
 * to both dialects — a reply that is exactly one closed ```ui fence with
 * `id=<panel>` is silent too. A `render_ui` card is drawn where it was
 * called, so a reply with one is never silent.
 */
import { isSilentPanelUpdate } from "@/lib/genui/panel/is-silent-panel-update";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { ToolCard } from "../wire";

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
