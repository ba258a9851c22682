/**
 * The revisions of a stored reply's panels over time: every reply of the
 * chat whose trees name the same panel id, in order, each with its revision
 * and what changed from the revision before (through lib/tree-diff).
 */
import "server-only";
import { listPanelRevisions } from "@/db/queries/admin-trees";
import { isRenderUiCard } from "@/lib/chat/wire";
import { diffTrees, type DiffNode, type TreeDiff } from "@/lib/tree-diff";
import { replyDiffTree } from "./reply-diff";
import { readReplyParts, type ReplyParts } from "./stored-reply";

/** One revision of a panel. */
export type PanelRevision = {
  messageId: string;
  revision: number;
  createdAt: Date;
  silent: boolean;
  /** What changed from the revision before (null for the first). */
  changes: { total: number; counts: TreeDiff["counts"] } | null;
};

/** A panel of the reply and its revisions. */
export type PanelHistory = { panelId: string; revisions: PanelRevision[] };

/** The ids of the addressable panels a reply holds. */
export function panelIdsOf(messageId: string, parts: ReplyParts): string[] {
  const ids = new Set<string>();
  for (const block of parts.ui) if (!block.id.startsWith(`${messageId}:`)) ids.add(block.id);
  for (const fence of parts.fences) if (fence.spec?.id !== undefined) ids.add(fence.spec.id);
  for (const card of parts.tools.filter(isRenderUiCard)) if (card.spec?.id !== undefined) ids.add(card.spec.id);
  return [...ids];
}

/** The diff tree of one panel in a reply's parts: the part (block, fence or card) that carries its id. */
function panelTree(parts: ReplyParts, panelId: string): { tree: DiffNode[]; revision: number } | null {
  const block = parts.ui.find((candidate) => candidate.id === panelId);
  if (block) return { tree: replyDiffTree({ ui: [block], fences: [], tools: [] }), revision: block.revision ?? 1 };
  const fence = parts.fences.find((candidate) => candidate.spec?.id === panelId);
  if (fence) return { tree: replyDiffTree({ ui: [], fences: [{ ...fence, index: 0 }], tools: [] }), revision: 0 };
  const card = parts.tools.filter(isRenderUiCard).find((candidate) => candidate.spec?.id === panelId);
  if (card) return { tree: replyDiffTree({ ui: [], fences: [], tools: [card] }), revision: 0 };
  return null;
}

/** The histories of the panels a stored reply holds. */
export async function panelRevisions(input: { adminUserId: string; chatId: string; messageId: string; parts: ReplyParts }): Promise<PanelHistory[]> {
  const panelIds = panelIdsOf(input.messageId, input.parts);
  if (panelIds.length === 0) return [];
  const rows = await listPanelRevisions({ adminUserId: input.adminUserId, chatId: input.chatId, panelIds });
  return panelIds.map((panelId) => {
    const revisions: PanelRevision[] = [];
    let previous: DiffNode[] | null = null;
    let count = 0;
    for (const row of rows) {
      const tree = panelTree(readReplyParts({ ui: row.ui, genui: row.genui, diagnostics: null }), panelId);
      if (!tree) continue;
      count += 1;
      // A ```ui block carries its host-assigned revision; a GenUI panel's is its place in the chat's history.
      const revision = tree.revision > 0 ? tree.revision : count;
      const diff = previous ? diffTrees(previous, tree.tree) : null;
      revisions.push({
        messageId: row.messageId,
        revision,
        createdAt: row.createdAt,
        silent: row.silent,
        changes: diff ? { total: diff.changes.length, counts: diff.counts } : null,
      });
      previous = tree.tree;
    }
    return { panelId, revisions };
  });
}
