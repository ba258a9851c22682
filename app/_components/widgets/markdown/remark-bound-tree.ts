/**
 * The check after parsing: a remark plugin that walks the Markdown tree
 * without recursion (an explicit stack, so the check itself cannot overflow)
 * and refuses a tree deeper or larger than the renderer's limits, before the
 * recursive stages (mdast-util-to-hast, hast-util-to-jsx-runtime, React)
 * see it. It holds whatever the pre-scan (`split-markdown.ts`) let through.
 */
import type { Root } from "mdast";
import { MARKDOWN_MAX_NODES, MARKDOWN_MAX_TREE_DEPTH, type MarkdownLimit } from "./markdown-limits";

/**
 * Thrown by the plugin and caught by the Markdown widget, which shows the
 * text plain instead; it never leaves the widget, so it is not an `AppError`.
 */
export class MarkdownLimitError extends Error {
  constructor(readonly limit: MarkdownLimit) {
    super(`The Markdown tree passes the ${limit} limit.`);
    this.name = "MarkdownLimitError";
  }
}

/** A node of any tree, as far as the walk needs to know. */
type WalkedNode = { type: string; children?: readonly WalkedNode[] } | { type: string };

/** The limit a tree passes, or `null`: its depth against `MARKDOWN_MAX_TREE_DEPTH`, its node count against `MARKDOWN_MAX_NODES`. */
export function treeLimit(tree: WalkedNode): MarkdownLimit | null {
  const nodes: WalkedNode[] = [tree];
  const depths: number[] = [1];
  let count = 0;
  while (nodes.length > 0) {
    const node = nodes.pop() as WalkedNode;
    const depth = depths.pop() as number;
    count += 1;
    if (depth > MARKDOWN_MAX_TREE_DEPTH) return "nesting";
    if (count > MARKDOWN_MAX_NODES) return "nodes";
    if (!("children" in node) || node.children === undefined) continue;
    const children = node.children;
    for (let index = children.length - 1; index >= 0; index -= 1) {
      nodes.push(children[index] as WalkedNode);
      depths.push(depth + 1);
    }
  }
  return null;
}

/** The remark plugin: throws a `MarkdownLimitError` for a tree past a limit. */
export function remarkBoundTree() {
  return (tree: Root) => {
    const limit = treeLimit(tree);
    if (limit !== null) throw new MarkdownLimitError(limit);
  };
}
