/**
 * A `Graph`'s nodes and edges as rows: `<Graph nodes={$rows} edges={…}/>`
 * draws a diagram from data, with no mermaid text to write. A node row is a
 * record with an `id` (or `ref`), a `label` (or `title`), an optional `kind`
 * and `tone`; any other field is ignored. The rows of the project's `nodes`
 * source (`{ref, kind, title, direction, edge}`) work as they are: a row whose
 * `direction` is "outgoing" or "incoming" is linked to the row whose
 * `direction` is "self", labelled by its `edge`. An edge row is
 * `{from, to, label?}`; an endpoint no node row names becomes a node of its own.
 * The renderer, the Markdown fallback and native clients read rows by these
 * same rules.
 */
import type { UiRecord, UiValue } from "../expression/value";
import { UI_PROP_LIMITS } from "./prop-limits";
import { UiToneSchema, type UiTone } from "./tone";

/** One node as drawn: its id (text, a number's digits), the label shown, its kind and tone when given. */
export type UiGraphNode = { id: string; label: string; kind?: string; tone?: UiTone };

/** One edge as drawn: the ids it joins, in its direction, and its label when given. */
export type UiGraphEdge = { from: string; to: string; label?: string };

/** The nodes (first appearance order, each id once) and edges (each once) of a graph. */
export type UiGraph = { nodes: UiGraphNode[]; edges: UiGraphEdge[] };

/** A row's own field (never an inherited one). */
function own(row: UiRecord, name: string): UiValue | undefined {
  return Object.hasOwn(row, name) ? row[name] : undefined;
}

/** An id as text: non-empty text of a label's length, or a finite number's digits; undefined otherwise. */
function idText(value: UiValue | undefined): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === "string" && value.trim() !== "" && value.length <= UI_PROP_LIMITS.label) return value;
  return undefined;
}

/** A node row's id: its `id`, else its `ref`. */
function nodeId(row: UiRecord): string | undefined {
  const id = own(row, "id");
  return id === undefined || id === null ? idText(own(row, "ref")) : idText(id);
}

/** An optional text field: absent or null is none; text longer than a label is refused (undefined result, `false`). */
function optionalText(row: UiRecord, name: string): string | undefined | false {
  const value = own(row, name);
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" && value.length <= UI_PROP_LIMITS.label ? value : false;
}

/** Why a row cannot be a node (the schema's item rule), or undefined when it can. */
export function uiGraphNodeProblem(row: UiRecord): string | undefined {
  if (nodeId(row) === undefined) return "a graph node has an id (or ref): text or a number";
  if (optionalText(row, "label") === false || optionalText(row, "title") === false) return "a graph node's label is short text";
  const tone = own(row, "tone");
  if (tone !== undefined && tone !== null && !UiToneSchema.safeParse(tone).success) return "a graph node's tone is one of the five tones";
  return undefined;
}

/** Why a row cannot be an edge (the schema's item rule), or undefined when it can. */
export function uiGraphEdgeProblem(row: UiRecord): string | undefined {
  if (idText(own(row, "from")) === undefined || idText(own(row, "to")) === undefined) return "a graph edge has a from and a to: node ids";
  if (optionalText(row, "label") === false) return "a graph edge's label is short text";
  return undefined;
}

/** The node a valid row describes. */
function nodeOf(row: UiRecord, id: string): UiGraphNode {
  const label = optionalText(row, "label") || optionalText(row, "title") || id;
  const node: UiGraphNode = { id, label };
  const kind = own(row, "kind");
  if (typeof kind === "string" && kind !== "" && kind.length <= UI_PROP_LIMITS.label) node.kind = kind;
  const tone = UiToneSchema.safeParse(own(row, "tone"));
  if (tone.success) node.tone = tone.data;
  return node;
}

/**
 * The graph of validated `nodes` and `edges` props (see the file comment).
 * Rows the schemas would refuse are skipped, so a renderer given anything
 * still draws what it can. A node named twice keeps its first row's label;
 * an edge given twice (same ends, same label) is drawn once.
 */
export function uiGraph(nodeRows: unknown, edgeRows: unknown): UiGraph {
  const nodes = new Map<string, UiGraphNode>();
  const edges: UiGraphEdge[] = [];
  const seenEdges = new Set<string>();
  const addEdge = (from: string, to: string, label: string | undefined) => {
    const key = JSON.stringify([from, to, label ?? null]);
    if (seenEdges.has(key)) return;
    seenEdges.add(key);
    edges.push(label ? { from, to, label } : { from, to });
  };
  const records = (rows: unknown): UiRecord[] =>
    Array.isArray(rows) ? rows.filter((row): row is UiRecord => typeof row === "object" && row !== null && !Array.isArray(row)) : [];
  const linked: { id: string; direction: "outgoing" | "incoming"; label: string | undefined }[] = [];
  let self: string | undefined;
  for (const row of records(nodeRows)) {
    if (uiGraphNodeProblem(row) !== undefined) continue;
    const id = nodeId(row)!;
    if (!nodes.has(id)) nodes.set(id, nodeOf(row, id));
    const direction = own(row, "direction");
    if (direction === "self") self ??= id;
    else if (direction === "outgoing" || direction === "incoming") {
      const edge = own(row, "edge");
      linked.push({ id, direction, label: typeof edge === "string" && edge !== "" && edge.length <= UI_PROP_LIMITS.label ? edge : undefined });
    }
  }
  if (self !== undefined)
    for (const link of linked)
      if (link.id !== self) addEdge(link.direction === "outgoing" ? self : link.id, link.direction === "outgoing" ? link.id : self, link.label);
  for (const row of records(edgeRows)) {
    if (uiGraphEdgeProblem(row) !== undefined) continue;
    const from = idText(own(row, "from"))!;
    const to = idText(own(row, "to"))!;
    for (const end of [from, to]) if (!nodes.has(end)) nodes.set(end, { id: end, label: end });
    addEdge(from, to, optionalText(row, "label") || undefined);
  }
  return { nodes: [...nodes.values()], edges };
}
