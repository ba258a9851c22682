/**
 * GenUI specs as trees to compare: one node per part of a reply (an octo-ui
 * fence or a `render_ui` card, keyed by its panel id when it has one), its
 * nodes below it with their fields as props. A field node is keyed by its
 * `field` (the name the panel's state and its action envelope use); any other
 * node is matched by its place. A diagnostic hangs on the deepest node its
 * JSON path names, else on the part.
 */
import type { GenuiDiagnostic } from "@/lib/genui/diagnostics/diagnostic";
import type { GenuiNode } from "@/lib/genui/schema/nodes";
import type { GenuiSpec } from "@/lib/genui/schema/spec";
import type { DiffDiagnostic, DiffNode } from "./diff-node";

/** One GenUI part of a reply to compare. */
export type GenuiDiffPart = {
  /** What identifies the part among its reply's parts (`fence 0`, `tool call_1`); a panel id is preferred when the spec has one. */
  key: string;
  /** How the part is named in paths (`octo-ui fence 1`). */
  label: string;
  /** The parsed spec (null: nothing could be rendered). */
  spec: GenuiSpec | null;
  diagnostics: readonly GenuiDiagnostic[];
};

/** The diff trees of a reply's GenUI parts. */
export function genuiDiffTree(parts: readonly GenuiDiffPart[]): DiffNode[] {
  return parts.map(genuiPartDiffNode);
}

/** The diff tree of one GenUI part. */
export function genuiPartDiffNode(part: GenuiDiffPart): DiffNode {
  const spec = part.spec;
  const paths: string[] = [];
  if (spec) collectPaths(spec.items, "items", paths);
  const byPath = diagnosticsByOwner(part.diagnostics, paths);
  const children = spec ? spec.items.map((node, index) => genuiNodeDiffNode(node, `items[${index}]`, byPath)) : [];
  const props: Record<string, unknown> = { rendered: spec !== null };
  if (spec?.title !== undefined) props.title = spec.title;
  if (spec?.id !== undefined) props.id = spec.id;
  return {
    key: spec?.id !== undefined ? `panel:${spec.id}` : part.key,
    type: "genui part",
    segment: part.label,
    id: part.key,
    props,
    diagnostics: byPath.get("") ?? [],
    children,
  };
}

/** The diagnostics of each node path: each goes to the deepest path that prefixes its own ("" for the part). */
function diagnosticsByOwner(diagnostics: readonly GenuiDiagnostic[], paths: readonly string[]): Map<string, DiffDiagnostic[]> {
  const byPath = new Map<string, DiffDiagnostic[]>();
  for (const diagnostic of diagnostics) {
    let owner = "";
    for (const path of paths) {
      const owns = diagnostic.path === path || diagnostic.path.startsWith(`${path}.`) || diagnostic.path.startsWith(`${path}[`);
      if (owns && path.length > owner.length) owner = path;
    }
    const list = byPath.get(owner) ?? [];
    list.push({ code: diagnostic.code, message: diagnostic.message });
    byPath.set(owner, list);
  }
  return byPath;
}

function collectPaths(nodes: readonly GenuiNode[], prefix: string, into: string[]): void {
  nodes.forEach((node, index) => {
    const path = `${prefix}[${index}]`;
    into.push(path);
    if ("children" in node && Array.isArray(node.children)) collectPaths(node.children, `${path}.children`, into);
    if (node.type === "tabs") {
      node.tabs.forEach((tab, tabIndex) => {
        into.push(`${path}.tabs[${tabIndex}]`);
        collectPaths(tab.children, `${path}.tabs[${tabIndex}].children`, into);
      });
    }
  });
}

function genuiNodeDiffNode(node: GenuiNode, path: string, byPath: ReadonlyMap<string, DiffDiagnostic[]>): DiffNode {
  const props: Record<string, unknown> = {};
  let children: DiffNode[] = [];
  for (const [name, value] of Object.entries(node)) {
    if (name === "type" || value === undefined) continue;
    if (name === "children" && Array.isArray(value)) {
      children = (value as GenuiNode[]).map((child, index) => genuiNodeDiffNode(child, `${path}.children[${index}]`, byPath));
      continue;
    }
    if (name === "tabs" && node.type === "tabs") {
      children = node.tabs.map((tab, tabIndex) => {
        const tabPath = `${path}.tabs[${tabIndex}]`;
        return {
          type: "tab",
          segment: `tabs[${tabIndex}]`,
          id: tabPath,
          props: { label: tab.label },
          diagnostics: byPath.get(tabPath) ?? [],
          children: tab.children.map((child, index) => genuiNodeDiffNode(child, `${tabPath}.children[${index}]`, byPath)),
        };
      });
      continue;
    }
    props[name] = value;
  }
  const field = "field" in node && typeof node.field === "string" ? node.field : undefined;
  const diffNode: DiffNode = {
    type: node.type,
    segment: `${path.slice(path.lastIndexOf(".") + 1)} ${node.type}`,
    id: path,
    props,
    diagnostics: byPath.get(path) ?? [],
    children,
  };
  if (field !== undefined) diffNode.key = `field:${field}`;
  return diffNode;
}
