import { describe, expect, it } from "vitest";
import { GRAPH_MAX_EDGES, GRAPH_MAX_NODES, graphLayout, type GraphLayout, type GraphLayoutNode } from "./graph-layout";

const nodes = (...ids: string[]) => ids.map((id) => ({ id }));
const edge = (from: string, to: string, label?: string) => (label ? { from, to, label } : { from, to });

function box(layout: GraphLayout, id: string): GraphLayoutNode {
  const found = layout.nodes.find((node) => node.id === id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
}

function overlaps(a: GraphLayoutNode, b: GraphLayoutNode): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A fixed pseudo-random graph (a linear congruential walk), so the test sees the same "random" graph every run. */
function scrambled(count: number, edgeCount: number) {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const ids = Array.from({ length: count }, (_, index) => `n${index}`);
  const edges = Array.from({ length: edgeCount }, () => edge(ids[next() % count]!, ids[next() % count]!));
  return { nodes: nodes(...ids), edges };
}

describe("graphLayout", () => {
  it("puts a chain in consecutive layers along its direction, the same way every time", () => {
    const input = { nodes: nodes("web", "api", "db"), edges: [edge("web", "api", "calls"), edge("api", "db")] };
    const right = graphLayout(input);
    expect(right.nodes.map((node) => [node.id, node.layer])).toEqual([["web", 0], ["api", 1], ["db", 2]]);
    expect(box(right, "web").x).toBeLessThan(box(right, "api").x);
    expect(box(right, "api").x).toBeLessThan(box(right, "db").x);
    expect(new Set(right.nodes.map((node) => node.y)).size).toBe(1);
    expect(JSON.stringify(graphLayout(input))).toBe(JSON.stringify(right));

    const down = graphLayout({ ...input, direction: "down" });
    expect(box(down, "web").y).toBeLessThan(box(down, "api").y);
    expect(new Set(down.nodes.map((node) => node.x)).size).toBe(1);
    expect(down.height).toBeGreaterThan(down.width);
    expect(right.width).toBeGreaterThan(right.height);
  });

  it("draws each edge from the side facing the next layer to the target, with the arrowhead's tip at the target", () => {
    const layout = graphLayout({ nodes: nodes("a", "b"), edges: [edge("a", "b", "reads")] });
    const [drawn] = layout.edges;
    const a = box(layout, "a");
    const b = box(layout, "b");
    expect(drawn).toMatchObject({ from: "a", to: "b", label: "reads", kind: "forward" });
    expect(drawn!.start).toEqual({ x: a.x + a.width, y: a.y + a.height / 2 });
    expect(drawn!.end).toEqual({ x: b.x, y: b.y + b.height / 2 });
    expect(drawn!.arrow[0]).toEqual(drawn!.end);
    expect(drawn!.labelAt.x).toBeGreaterThan(a.x + a.width);
    expect(drawn!.labelAt.x).toBeLessThan(b.x);
  });

  it("breaks a cycle with one back edge, and draws a self loop above its node inside the drawing", () => {
    const layout = graphLayout({ nodes: nodes("a", "b", "c"), edges: [edge("a", "b"), edge("b", "c"), edge("c", "a"), edge("b", "b")] });
    expect(layout.nodes.map((node) => node.layer)).toEqual([0, 1, 2]);
    expect(layout.edges.map((drawn) => drawn.kind)).toEqual(["forward", "forward", "back", "self"]);
    const loop = layout.edges[3]!;
    expect(Math.min(loop.control1.y, loop.control2.y)).toBeGreaterThanOrEqual(0);
    const backEdge = layout.edges[2]!;
    expect(Math.max(backEdge.control1.y, backEdge.control2.y)).toBeLessThanOrEqual(layout.height);
  });

  it("orders a layer by its neighbours so that crossing edges uncross", () => {
    const layout = graphLayout({ nodes: nodes("a", "b", "c", "d"), edges: [edge("a", "d"), edge("b", "c")] });
    expect(box(layout, "a").y).toBeLessThan(box(layout, "b").y);
    expect(box(layout, "d").y).toBeLessThan(box(layout, "c").y);
  });

  it("puts nodes without edges in a grid after the layers, not in one long column", () => {
    const lonely = graphLayout({ nodes: nodes("a", "b", "c", "d", "e", "f", "g"), edges: [] });
    expect(lonely.nodes.every((node) => node.layer === -1)).toBe(true);
    expect(new Set(lonely.nodes.map((node) => node.x)).size).toBe(3);
    expect(new Set(lonely.nodes.map((node) => node.y)).size).toBe(3);

    const mixed = graphLayout({ nodes: nodes("x", "a", "b", "y"), edges: [edge("a", "b")] });
    expect(mixed.nodes.map((node) => node.id)).toEqual(["a", "b", "x", "y"]);
    expect(box(mixed, "x").y).toBeGreaterThan(box(mixed, "a").y + box(mixed, "a").height);
  });

  it("never overlaps two nodes, keeps every node and edge inside the drawing, and points forward edges down the layers", () => {
    for (const direction of ["right", "down"] as const) {
      const layout = graphLayout({ ...scrambled(40, 70), direction });
      expect(layout.nodes).toHaveLength(40);
      for (let first = 0; first < layout.nodes.length; first += 1)
        for (let second = first + 1; second < layout.nodes.length; second += 1)
          expect(overlaps(layout.nodes[first]!, layout.nodes[second]!), `${layout.nodes[first]!.id} ${layout.nodes[second]!.id}`).toBe(false);
      for (const node of layout.nodes) {
        expect(node.x).toBeGreaterThanOrEqual(0);
        expect(node.y).toBeGreaterThanOrEqual(0);
        expect(node.x + node.width).toBeLessThanOrEqual(layout.width);
        expect(node.y + node.height).toBeLessThanOrEqual(layout.height);
      }
      for (const drawn of layout.edges) {
        for (const point of [drawn.start, drawn.control1, drawn.control2, drawn.end, ...drawn.arrow]) {
          expect(point.x).toBeGreaterThanOrEqual(0);
          expect(point.y).toBeGreaterThanOrEqual(0);
          expect(point.x).toBeLessThanOrEqual(layout.width);
          expect(point.y).toBeLessThanOrEqual(layout.height);
        }
        if (drawn.kind === "forward") expect(box(layout, drawn.to).layer).toBeGreaterThan(box(layout, drawn.from).layer);
        if (drawn.kind === "back") expect(box(layout, drawn.to).layer).toBeLessThan(box(layout, drawn.from).layer);
      }
    }
  });

  it("caps nodes and edges, counting what it left out, and skips repeated ids and edges to unknown nodes", () => {
    const many = graphLayout(scrambled(GRAPH_MAX_NODES + 30, 20));
    expect(many.nodes).toHaveLength(GRAPH_MAX_NODES);
    expect(many.omittedNodes).toBe(30);
    expect(many.edges.length + many.omittedEdges).toBe(20);

    const ids = nodes(...Array.from({ length: 30 }, (_, index) => `n${index}`));
    const dense = graphLayout({ nodes: ids, edges: Array.from({ length: GRAPH_MAX_EDGES + 5 }, (_, index) => edge(`n${index % 30}`, `n${(index * 7 + 1) % 30}`)) });
    expect(dense.edges).toHaveLength(GRAPH_MAX_EDGES);
    expect(dense.omittedEdges).toBe(5);

    const messy = graphLayout({ nodes: nodes("a", "a", "b"), edges: [edge("a", "ghost"), edge("a", "b")] });
    expect(messy.nodes.map((node) => node.id)).toEqual(["a", "b"]);
    expect(messy.edges.map((drawn) => drawn.to)).toEqual(["b"]);
    expect(messy.omittedEdges).toBe(1);
  });

  it("lays out nothing as an empty drawing", () => {
    expect(graphLayout({ nodes: [], edges: [] })).toMatchObject({ nodes: [], edges: [], omittedNodes: 0, omittedEdges: 0 });
  });
});
