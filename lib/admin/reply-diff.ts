/**
 * The structural difference of two forms of a reply — what is stored and
 * what today's compile makes of it — over both dialects, through
 * lib/tree-diff.
 */
import { isRenderUiCard, type GenuiFenceRecord, type RenderUiCard } from "@/lib/chat/wire";
import { diffTrees, genuiDiffTree, uiDiffTree, type DiffNode, type GenuiDiffPart, type TreeDiff } from "@/lib/tree-diff";
import type { ReplyParts } from "./stored-reply";

/** The diff trees of a reply's parts: its ```ui blocks, then its octo-ui fences and `render_ui` cards. */
export function replyDiffTree(parts: Pick<ReplyParts, "ui" | "fences" | "tools">): DiffNode[] {
  return [...uiDiffTree(parts.ui), ...genuiDiffTree([...parts.fences.map(fencePart), ...parts.tools.filter(isRenderUiCard).map(toolPart)])];
}

/** What differs between two forms of a reply, node by node. */
export function diffReplyParts(before: Pick<ReplyParts, "ui" | "fences" | "tools">, after: Pick<ReplyParts, "ui" | "fences" | "tools">): TreeDiff {
  return diffTrees(replyDiffTree(before), replyDiffTree(after));
}

function fencePart(fence: GenuiFenceRecord): GenuiDiffPart {
  return { key: `fence ${fence.index}`, label: `octo-ui fence ${fence.index + 1}`, spec: fence.spec, diagnostics: fence.diagnostics };
}

function toolPart(card: RenderUiCard, index: number): GenuiDiffPart {
  return { key: `tool ${card.id}`, label: `render_ui call ${index + 1}`, spec: card.spec, diagnostics: card.diagnostics };
}
