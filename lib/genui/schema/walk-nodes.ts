/**
 * Visiting every node of a parsed spec in document order with its path. The
 * path (`items[0].tabs[1].children[2]`) is also the key of a node's
 * interaction state (selected tab, fold) in `GenuiPanelState`.
 */
import type { GenuiNode } from "./nodes";

/** Calls `visit` for every node under `items`, parents before children, with the node's JSON path. */
export function forEachGenuiNode(items: readonly GenuiNode[], visit: (node: GenuiNode, path: string) => void, path = "items"): void {
  items.forEach((node, index) => {
    const nodePath = `${path}[${index}]`;
    visit(node, nodePath);
    if ("children" in node) forEachGenuiNode(node.children, visit, `${nodePath}.children`);
    if (node.type === "tabs") {
      node.tabs.forEach((tab, tabIndex) => forEachGenuiNode(tab.children, visit, `${nodePath}.tabs[${tabIndex}].children`));
    }
  });
}
