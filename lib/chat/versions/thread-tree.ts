/**
 * A chat's messages as a tree of versions. Every message names the one it
 * follows (`parentId`); siblings are versions of one turn — a regenerated
 * reply is another child of the same prompt, an edited prompt another child
 * of the same parent. The chat stores its active leaf; what the chat shows,
 * and what the model reads, is the path from the root down to that leaf.
 * Nothing is ever deleted: switching versions only moves the leaf.
 */
import type { VersionGroup } from "../wire";

/** What the tree needs of a message. */
export type TreeNode = { id: string; parentId: string | null; sequence: number };

/**
 * Messages a path may hold before it is cut: a guard against a cycle a
 * corrupted row could make, far above any chat a person writes.
 */
export const THREAD_PATH_MAX_MESSAGES = 100_000;

/**
 * The path from the root to `leafId`, oldest first. A leaf the chat does not
 * hold (null for a chat stored before versions, or a dangling pointer) reads
 * as the newest message, so a chat always shows its latest turn.
 */
export function activePath<Node extends TreeNode>(nodes: readonly Node[], leafId: string | null): Node[] {
  if (nodes.length === 0) return [];
  const byId = new Map(nodes.map((node) => [node.id, node]));
  let current: Node | undefined = leafId !== null ? byId.get(leafId) : undefined;
  current ??= newest(nodes);
  const path: Node[] = [];
  const seen = new Set<string>();
  while (current !== undefined && !seen.has(current.id) && path.length < THREAD_PATH_MAX_MESSAGES) {
    seen.add(current.id);
    path.push(current);
    current = current.parentId !== null ? byId.get(current.parentId) : undefined;
  }
  return path.reverse();
}

/** The children of every message (and of the root, under `null`), oldest first. */
export function childrenOf<Node extends TreeNode>(nodes: readonly Node[]): Map<string | null, Node[]> {
  const children = new Map<string | null, Node[]>();
  for (const node of [...nodes].sort((left, right) => left.sequence - right.sequence)) {
    const siblings = children.get(node.parentId) ?? [];
    siblings.push(node);
    children.set(node.parentId, siblings);
  }
  return children;
}

/**
 * The leaf a chat shows when a person picks the version `messageId`: from it
 * down, always the newest child, so the version comes back with the turns
 * that followed it.
 */
export function newestLeafUnder<Node extends TreeNode>(nodes: readonly Node[], messageId: string): Node | null {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const children = childrenOf(nodes);
  let current = byId.get(messageId);
  if (current === undefined) return null;
  const seen = new Set<string>();
  while (!seen.has(current.id)) {
    seen.add(current.id);
    const next: Node | undefined = children.get(current.id)?.at(-1);
    if (next === undefined) break;
    current = next;
  }
  return current;
}

/**
 * The version groups a path shows a switcher for: for each message on the
 * path whose parent has more than one child that `counts` (visible turns:
 * a silent action turn is never a version of a typed one), its siblings in
 * the order they were written.
 */
export function versionGroups<Node extends TreeNode>(nodes: readonly Node[], path: readonly Node[], counts: (node: Node) => boolean = () => true): VersionGroup[] {
  const children = childrenOf(nodes);
  const groups: VersionGroup[] = [];
  for (const node of path) {
    const siblings = (children.get(node.parentId) ?? []).filter(counts);
    if (siblings.length > 1 && siblings.some((sibling) => sibling.id === node.id)) {
      groups.push({ parentId: node.parentId, messageIds: siblings.map((sibling) => sibling.id) });
    }
  }
  return groups;
}

function newest<Node extends TreeNode>(nodes: readonly Node[]): Node | undefined {
  let found: Node | undefined;
  for (const node of nodes) if (found === undefined || node.sequence > found.sequence) found = node;
  return found;
}
