/**
 * A reply's ```ui blocks as trees to compare: one node per block (keyed by
 * its id, which is the panel id or `<message id>:<index>`), its elements
 * below it keyed by node id (`<block id>:<offset>`, stable while the text is
 * the same). A diagnostic hangs on the node it names, else on its block.
 * Host-assigned revisions and the derived Markdown fallback are not compared.
 */
import type { UiBlock, UiNode } from "@/lib/ui/envelope/schema";
import type { DiffDiagnostic, DiffNode } from "./diff-node";

/** The diff trees of a reply's ```ui blocks. */
export function uiDiffTree(blocks: readonly UiBlock[]): DiffNode[] {
  return blocks.map((block, index) => uiBlockDiffNode(block, index));
}

/** The diff tree of one ```ui block; `index` is its place among the reply's blocks. */
export function uiBlockDiffNode(block: UiBlock, index: number): DiffNode {
  const nodeIds = new Set<string>();
  collectIds(block.nodes, nodeIds);
  const byNode = new Map<string, DiffDiagnostic[]>();
  const ownDiagnostics: DiffDiagnostic[] = [];
  for (const diagnostic of block.diagnostics) {
    const item = { code: diagnostic.code, message: diagnostic.message };
    if (diagnostic.nodeId !== undefined && nodeIds.has(diagnostic.nodeId)) {
      const list = byNode.get(diagnostic.nodeId) ?? [];
      list.push(item);
      byNode.set(diagnostic.nodeId, list);
    } else ownDiagnostics.push(item);
  }
  const props: Record<string, unknown> = { catalog: block.catalog, complete: block.complete };
  for (const declaration of block.declarations) {
    const { range: _range, name, ...rest } = declaration;
    props[`$${name}`] = rest;
  }
  const isPanel = !block.id.includes(":");
  return {
    key: block.id,
    type: "ui block",
    segment: `ui block ${index + 1}${isPanel ? ` (panel ${block.id})` : ""}`,
    id: block.id,
    props,
    diagnostics: ownDiagnostics,
    children: block.nodes.map((node) => uiNodeDiffNode(node, byNode)),
  };
}

function uiNodeDiffNode(node: UiNode, byNode: ReadonlyMap<string, DiffDiagnostic[]>): DiffNode {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(node.props)) props[name] = value;
  for (const [name, source] of Object.entries(node.expressions)) props[`{${name}}`] = source;
  for (const [name, variable] of Object.entries(node.bindings)) props[`bind:${name}`] = variable;
  if (!node.complete) props["#incomplete"] = true;
  return {
    key: node.id,
    type: node.type,
    id: node.id,
    props,
    diagnostics: byNode.get(node.id) ?? [],
    children: node.children.map((child) => uiNodeDiffNode(child, byNode)),
  };
}

function collectIds(nodes: readonly UiNode[], into: Set<string>): void {
  for (const node of nodes) {
    into.add(node.id);
    collectIds(node.children, into);
  }
}
