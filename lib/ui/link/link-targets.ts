import { z } from "zod";
import { checkUiInput } from "../choice/check-input";
import { requireUiStoredBlock } from "../choice/stored-block";
import type { UiBlock } from "../envelope/schema";
import { evaluateUiBlock } from "../evaluate/evaluate-block";
import type { UiEvaluation, UiViewNode } from "../evaluate/view-node";
import { toUiFailure, UiFailure } from "../failure";
import { UiState } from "../state/ui-state";
import { uiTableCellTargets } from "./cell-targets";
import { UI_LINK_COMPONENTS, UiLinkTargetSchema } from "./target";

/** One visible link element of an evaluated block: what a host resolves into a chip or plain text. */
export const UiLinkTargetEntrySchema = z.object({
  /** The evaluated node id (with `#` suffixes inside `Each`). */
  nodeId: z.string(),
  /** The compiled node's id when `nodeId` carries `Each` suffixes. */
  sourceId: z.string().optional(),
  /** What the element names. */
  target: UiLinkTargetSchema,
  /** The element's own `label`, when it has one. */
  label: z.string().optional(),
});
/** One visible link element of an evaluated block. */
export type UiLinkTargetEntry = z.infer<typeof UiLinkTargetEntrySchema>;

/** The link target a visible `File`/`Diff`/`Commit`/`Node` names, from its validated props. */
function targetOf(node: UiViewNode): UiLinkTargetEntry | undefined {
  if (!Object.hasOwn(UI_LINK_COMPONENTS, node.type)) return undefined;
  const kind = UI_LINK_COMPONENTS[node.type as keyof typeof UI_LINK_COMPONENTS];
  const { label, ...fields } = node.props;
  const parsed = UiLinkTargetSchema.safeParse({ kind, ...fields });
  if (!parsed.success) return undefined;
  const entry: UiLinkTargetEntry = { nodeId: node.id, target: parsed.data };
  if (node.sourceId !== undefined) entry.sourceId = node.sourceId;
  if (typeof label === "string") entry.label = label;
  return entry;
}

/**
 * Lists the visible `File`, `Diff`, `Commit` and `Node` targets of a stored,
 * completed block, in document order, by evaluated node id (inside `Each`,
 * one per iteration), and the cells of chip columns (`cell-targets.ts`) by
 * `<column id>@<row index>`. `stateOrValues` is the block's `UiState` or submitted
 * input values, which are checked first as `uiValidatedState` does. Targets
 * hidden by `Show` or inside an invalid element are not listed. Throws
 * `UiFailure`: `unsupported_catalog`, `unfinished_block`, `other_block` (a
 * state of another block) and the input refusals.
 */
export function uiLinkTargets(block: UiBlock, stateOrValues?: UiState | unknown): UiLinkTargetEntry[] {
  try {
    requireUiStoredBlock(block);
    let evaluation: UiEvaluation;
    if (stateOrValues instanceof UiState) {
      if (stateOrValues.blockId !== String(block.id)) throw new UiFailure("other_block", stateOrValues.blockId);
      evaluation = evaluateUiBlock(block, stateOrValues);
    } else {
      evaluation = checkUiInput(block, stateOrValues).evaluation;
    }
    const targets: UiLinkTargetEntry[] = [];
    const pending = [...evaluation.nodes].reverse();
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      const entry = targetOf(node);
      if (entry) targets.push(entry);
      // A table's chip cells come right after the table, before anything inside it.
      if (node.type === "Table") targets.push(...uiTableCellTargets(node));
      for (let index = node.children.length - 1; index >= 0; index -= 1) pending.push(node.children[index] as UiViewNode);
    }
    return targets;
  } catch (caught) {
    throw toUiFailure(caught);
  }
}
