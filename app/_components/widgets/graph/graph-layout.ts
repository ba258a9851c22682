/**
 * A small, deterministic layered layout for a graph drawn from rows (the
 * `Graph` component): the same nodes and edges always give the same picture,
 * with no layout engine, no randomness and nothing measured in the browser.
 *
 * 1. Cycles are broken by a depth-first walk in node order: an edge back to a
 *    node still on the walk's path is drawn as a "back" edge.
 * 2. Each connected node's layer is its longest path from a source
 *    (forward edges, back edges reversed), so every edge points down the
 *    layers.
 * 3. Within a layer, nodes are ordered by a few barycentre sweeps (the mean
 *    position of their neighbours in the layer before, then after), ties kept
 *    in node order: fewer crossings for little work.
 * 4. Nodes with no edge at all go in a grid after the layers, so a list of
 *    unconnected nodes (the `nodes` source without a `ref`) is not one long
 *    column.
 *
 * Sizes are fixed, in CSS pixels; labels are cut to fit (graph.tsx draws them).
 */

/** Which way edges point: layers from left to right, or from top to bottom. */
export type GraphDirection = "right" | "down";

/** A node to lay out: its id (unique) and what it shows. */
export type GraphLayoutNodeInput = { id: string };

/** An edge to lay out: the ids it joins, in its direction. */
export type GraphLayoutEdgeInput = { from: string; to: string; label?: string };

/** A point in the drawing, in CSS pixels from its top left corner. */
export type GraphPoint = { x: number; y: number };

/** A laid-out node: its box (top left corner and size), its layer (-1 in the grid of unconnected nodes). */
export type GraphLayoutNode = { id: string; x: number; y: number; width: number; height: number; layer: number };

/**
 * A laid-out edge: a cubic curve from `start` through `control1` and
 * `control2` to `end`, where an arrowhead (`arrow`, three corners) points at
 * the target; `labelAt` is the curve's middle. `kind` says how it runs:
 * down the layers, back up them (a cycle), or from a node to itself.
 */
export type GraphLayoutEdge = {
  from: string;
  to: string;
  label?: string;
  kind: "forward" | "back" | "self";
  start: GraphPoint;
  control1: GraphPoint;
  control2: GraphPoint;
  end: GraphPoint;
  labelAt: GraphPoint;
  arrow: readonly [GraphPoint, GraphPoint, GraphPoint];
};

/** A laid-out graph: its size, its nodes in reading order (layer by layer, then the grid) and its edges. */
export type GraphLayout = {
  width: number;
  height: number;
  nodes: GraphLayoutNode[];
  edges: GraphLayoutEdge[];
  /** Nodes left out past `GRAPH_MAX_NODES`. */
  omittedNodes: number;
  /** Edges left out past `GRAPH_MAX_EDGES`, or because an end was left out. */
  omittedEdges: number;
};

/** Nodes drawn: a whole `nodes` query (its row cap is 100); past this a diagram is a table's job, and every node is a tab stop. */
export const GRAPH_MAX_NODES = 100;

/** Edges drawn: two per node on average; past this the picture is a knot. */
export const GRAPH_MAX_EDGES = 200;

/** A node's box: room for about 18 characters of label and a kind line under it. */
export const GRAPH_NODE_WIDTH = 144;

/** See `GRAPH_NODE_WIDTH`. */
export const GRAPH_NODE_HEIGHT = 44;

/** Space between layers along the edges' direction: room for an edge's label between two nodes. */
const LAYER_GAP = { right: 72, down: 56 } as const;

/** Space between two nodes of one layer (and of the grid). */
const NODE_GAP = 20;

/** Space around the drawing, so a focus ring or an arrowhead at the edge is not cut. */
const MARGIN = 8;

/** How far a back edge bows out beside the nodes it joins, and the room a self loop takes above its node. */
const BEND = 32;

/** Barycentre sweeps: crossings stop falling after a few, and each costs a sort per layer. */
const SWEEPS = 4;

/** Columns of the grid of unconnected nodes when nothing else is drawn: fits a chat column, and a phone's with a little scrolling. */
const GRID_COLUMNS = 3;

/** An arrowhead's length and half width. */
const ARROW = { length: 8, halfWidth: 4 } as const;

/** The point at `t` of a cubic curve. */
function curvePoint(p0: GraphPoint, p1: GraphPoint, p2: GraphPoint, p3: GraphPoint, t: number): GraphPoint {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return { x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y };
}

/** An arrowhead at `tip`, pointing away from `from` (or along `fallback` when the two coincide). */
function arrowAt(tip: GraphPoint, from: GraphPoint, fallback: GraphPoint): readonly [GraphPoint, GraphPoint, GraphPoint] {
  let dx = tip.x - from.x;
  let dy = tip.y - from.y;
  let length = Math.hypot(dx, dy);
  if (length === 0) {
    dx = fallback.x;
    dy = fallback.y;
    length = Math.hypot(dx, dy);
  }
  const ux = dx / length;
  const uy = dy / length;
  const base = { x: tip.x - ux * ARROW.length, y: tip.y - uy * ARROW.length };
  return [tip, { x: base.x - uy * ARROW.halfWidth, y: base.y + ux * ARROW.halfWidth }, { x: base.x + uy * ARROW.halfWidth, y: base.y - ux * ARROW.halfWidth }];
}

/** Lays out `nodes` and `edges` (see the file comment); ids repeated after their first node, and edges to unknown ids, are left out. */
export function graphLayout(input: {
  nodes: readonly GraphLayoutNodeInput[];
  edges: readonly GraphLayoutEdgeInput[];
  direction?: GraphDirection;
}): GraphLayout {
  const direction = input.direction ?? "right";
  const index = new Map<string, number>();
  const ids: string[] = [];
  let omittedNodes = 0;
  for (const node of input.nodes) {
    if (index.has(node.id)) continue;
    if (ids.length >= GRAPH_MAX_NODES) {
      omittedNodes += 1;
      continue;
    }
    index.set(node.id, ids.length);
    ids.push(node.id);
  }
  const count = ids.length;
  const edges: { from: number; to: number; label?: string }[] = [];
  for (const edge of input.edges) {
    const from = index.get(edge.from);
    const to = index.get(edge.to);
    if (from === undefined || to === undefined || edges.length >= GRAPH_MAX_EDGES) continue;
    edges.push(edge.label ? { from, to, label: edge.label } : { from, to });
  }
  const omittedEdges = input.edges.length - edges.length;

  // 1. Break cycles: an edge to a node on the current path of a depth-first walk is a back edge.
  const out: number[][] = Array.from({ length: count }, () => []);
  const connected = new Array<boolean>(count).fill(false);
  for (const edge of edges) {
    connected[edge.from] = true;
    connected[edge.to] = true;
    if (edge.from !== edge.to && !out[edge.from]!.includes(edge.to)) out[edge.from]!.push(edge.to);
  }
  const back = new Set<string>();
  const state = new Array<0 | 1 | 2>(count).fill(0);
  for (let root = 0; root < count; root += 1) {
    if (state[root] !== 0) continue;
    const stack: [number, number][] = [[root, 0]];
    state[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [node, next] = top;
      const targets = out[node]!;
      if (next >= targets.length) {
        state[node] = 2;
        stack.pop();
        continue;
      }
      top[1] = next + 1;
      const target = targets[next]!;
      if (state[target] === 1) back.add(`${node}>${target}`);
      else if (state[target] === 0) {
        state[target] = 1;
        stack.push([target, 0]);
      }
    }
  }

  // 2. Longest-path layers over the acyclic edges (back edges reversed), in topological order.
  const successors: number[][] = Array.from({ length: count }, () => []);
  const predecessors: number[][] = Array.from({ length: count }, () => []);
  for (let from = 0; from < count; from += 1)
    for (const to of out[from]!) {
      const [a, b] = back.has(`${from}>${to}`) ? [to, from] : [from, to];
      if (successors[a]!.includes(b)) continue;
      successors[a]!.push(b);
      predecessors[b]!.push(a);
    }
  const layer = new Array<number>(count).fill(0);
  const waiting = predecessors.map((list) => list.length);
  const ready: number[] = [];
  for (let node = 0; node < count; node += 1) if (waiting[node] === 0) ready.push(node);
  while (ready.length > 0) {
    ready.sort((a, b) => a - b);
    const node = ready.shift()!;
    for (const next of successors[node]!) {
      layer[next] = Math.max(layer[next]!, layer[node]! + 1);
      waiting[next]! -= 1;
      if (waiting[next] === 0) ready.push(next);
    }
  }
  const layers: number[][] = [];
  for (let node = 0; node < count; node += 1) {
    if (!connected[node]) continue;
    (layers[layer[node]!] ??= []).push(node);
  }

  // 3. Barycentre sweeps: down the layers by predecessors, then up by successors.
  const position = new Array<number>(count).fill(0);
  const place = (nodes: number[]) => nodes.forEach((node, at) => (position[node] = at));
  layers.forEach(place);
  for (let sweep = 0; sweep < SWEEPS; sweep += 1) {
    const downward = sweep % 2 === 0;
    const order = downward ? layers.map((_, at) => at).slice(1) : layers.map((_, at) => at).reverse().slice(1);
    for (const at of order) {
      const nodes = layers[at]!;
      const neighbourLayer = downward ? at - 1 : at + 1;
      const key = new Map<number, number>();
      for (const node of nodes) {
        const neighbours = (downward ? predecessors[node]! : successors[node]!).filter((other) => layer[other] === neighbourLayer);
        key.set(node, neighbours.length === 0 ? position[node]! : neighbours.reduce((sum, other) => sum + position[other]!, 0) / neighbours.length);
      }
      nodes.sort((a, b) => key.get(a)! - key.get(b)! || position[a]! - position[b]!);
      place(nodes);
    }
  }

  // 4. Coordinates: layers along the direction, centred across it; then the grid of unconnected nodes.
  const across = direction === "right" ? GRAPH_NODE_HEIGHT : GRAPH_NODE_WIDTH;
  const along = direction === "right" ? GRAPH_NODE_WIDTH : GRAPH_NODE_HEIGHT;
  const hasSelfLoop = edges.some((edge) => edge.from === edge.to);
  const top = MARGIN + (hasSelfLoop ? BEND : 0);
  const widest = Math.max(0, ...layers.map((nodes) => nodes.length));
  const extent = (length: number) => (length === 0 ? 0 : length * across + (length - 1) * NODE_GAP);
  const boxes = new Array<GraphLayoutNode | undefined>(count);
  const placed: GraphLayoutNode[] = [];
  layers.forEach((nodes, at) => {
    const offset = (extent(widest) - extent(nodes.length)) / 2;
    nodes.forEach((node, order) => {
      const main = at * (along + LAYER_GAP[direction]);
      const cross = offset + order * (across + NODE_GAP);
      const box: GraphLayoutNode = {
        id: ids[node]!,
        x: MARGIN + (direction === "right" ? main : cross),
        y: top + (direction === "right" ? cross : main),
        width: GRAPH_NODE_WIDTH,
        height: GRAPH_NODE_HEIGHT,
        layer: at,
      };
      boxes[node] = box;
      placed.push(box);
    });
  });
  const hasBack = back.size > 0;
  let right = Math.max(MARGIN, ...placed.map((box) => box.x + box.width)) + (hasBack && direction === "down" ? BEND : 0);
  let bottom = Math.max(top, ...placed.map((box) => box.y + box.height)) + (hasBack && direction === "right" ? BEND : 0);
  const loose = ids.map((_, node) => node).filter((node) => !connected[node]);
  if (loose.length > 0) {
    const fit = placed.length === 0 ? GRID_COLUMNS : Math.floor((right - MARGIN + NODE_GAP) / (GRAPH_NODE_WIDTH + NODE_GAP));
    const columns = Math.min(loose.length, Math.max(fit, Math.min(2, loose.length)));
    const gridTop = placed.length === 0 ? top : bottom + NODE_GAP * 2;
    loose.forEach((node, at) => {
      const box: GraphLayoutNode = {
        id: ids[node]!,
        x: MARGIN + (at % columns) * (GRAPH_NODE_WIDTH + NODE_GAP),
        y: gridTop + Math.floor(at / columns) * (GRAPH_NODE_HEIGHT + NODE_GAP),
        width: GRAPH_NODE_WIDTH,
        height: GRAPH_NODE_HEIGHT,
        layer: -1,
      };
      boxes[node] = box;
      placed.push(box);
    });
    right = Math.max(right, ...placed.map((box) => box.x + box.width));
    bottom = Math.max(bottom, ...placed.map((box) => box.y + box.height));
  }

  // Edges: forward from the side facing the next layer, back edges bowing out beside the layers, self loops above.
  const flow = direction === "right" ? { x: 1, y: 0 } : { x: 0, y: 1 };
  const laidEdges = edges.map((edge): GraphLayoutEdge => {
    const from = boxes[edge.from]!;
    const to = boxes[edge.to]!;
    let start: GraphPoint;
    let end: GraphPoint;
    let control1: GraphPoint;
    let control2: GraphPoint;
    let kind: GraphLayoutEdge["kind"];
    if (edge.from === edge.to) {
      kind = "self";
      start = { x: from.x + from.width * 0.62, y: from.y };
      end = { x: from.x + from.width * 0.38, y: from.y };
      control1 = { x: start.x + BEND / 2, y: from.y - BEND };
      control2 = { x: end.x - BEND / 2, y: from.y - BEND };
    } else if (to.layer > from.layer) {
      kind = "forward";
      start = direction === "right" ? { x: from.x + from.width, y: from.y + from.height / 2 } : { x: from.x + from.width / 2, y: from.y + from.height };
      end = direction === "right" ? { x: to.x, y: to.y + to.height / 2 } : { x: to.x + to.width / 2, y: to.y };
      const half = direction === "right" ? (end.x - start.x) / 2 : (end.y - start.y) / 2;
      control1 = { x: start.x + flow.x * half, y: start.y + flow.y * half };
      control2 = { x: end.x - flow.x * half, y: end.y - flow.y * half };
    } else {
      kind = "back";
      // Out of the far side of both nodes, bowing out past the layers' edge, so it never crosses a node it joins.
      start = direction === "right" ? { x: from.x + from.width / 2, y: from.y + from.height } : { x: from.x + from.width, y: from.y + from.height / 2 };
      end = direction === "right" ? { x: to.x + to.width / 2, y: to.y + to.height } : { x: to.x + to.width, y: to.y + to.height / 2 };
      control1 = direction === "right" ? { x: start.x, y: start.y + BEND } : { x: start.x + BEND, y: start.y };
      control2 = direction === "right" ? { x: end.x, y: end.y + BEND } : { x: end.x + BEND, y: end.y };
    }
    const laid: GraphLayoutEdge = {
      from: ids[edge.from]!,
      to: ids[edge.to]!,
      kind,
      start,
      control1,
      control2,
      end,
      labelAt: curvePoint(start, control1, control2, end, 0.5),
      arrow: arrowAt(end, control2, flow),
    };
    if (edge.label) laid.label = edge.label;
    return laid;
  });

  return {
    width: Math.ceil(right + MARGIN),
    height: Math.ceil(bottom + MARGIN),
    nodes: placed,
    edges: laidEdges,
    omittedNodes,
    omittedEdges,
  };
}
