import { describe, expect, it } from "vitest";
import type { UiRecord } from "../expression/value";
import { uiGraph, uiGraphEdgeProblem, uiGraphNodeProblem } from "./graph-items";

/** Rows as the project's `nodes` source returns them for one ref. */
const NEIGHBOURHOOD = [
  { ref: "service:billing", kind: "service", title: "billing-api", direction: "self", edge: "" },
  { ref: "db:ledger", kind: "database", title: "ledger", direction: "outgoing", edge: "writes" },
  { ref: "web:checkout", kind: "web", title: "checkout-web", direction: "incoming", edge: "calls" },
  // A neighbour both called and calling comes twice, once per edge.
  { ref: "db:ledger", kind: "database", title: "ledger", direction: "incoming", edge: "notifies" },
];

describe("uiGraph", () => {
  it("reads nodes-source rows as they are: the self row joined to each neighbour by its edge, a neighbour named twice drawn once", () => {
    expect(uiGraph(NEIGHBOURHOOD, undefined)).toEqual({
      nodes: [
        { id: "service:billing", label: "billing-api", kind: "service" },
        { id: "db:ledger", label: "ledger", kind: "database" },
        { id: "web:checkout", label: "checkout-web", kind: "web" },
      ],
      edges: [
        { from: "service:billing", to: "db:ledger", label: "writes" },
        { from: "web:checkout", to: "service:billing", label: "calls" },
        { from: "db:ledger", to: "service:billing", label: "notifies" },
      ],
    });
  });

  it("draws every node of the source without a ref, unconnected", () => {
    const all = NEIGHBOURHOOD.map((row) => ({ ...row, direction: "self", edge: "" }));
    expect(uiGraph(all, null)).toEqual({ nodes: expect.any(Array), edges: [] });
    expect(uiGraph(all, null).nodes).toHaveLength(3);
  });

  it("reads id/label records and {from, to, label} edges, adding a node an edge names, and each edge once", () => {
    const graph = uiGraph(
      [{ id: "web", label: "Web", tone: "danger" }, { id: 2 }],
      [{ from: "web", to: 2 }, { from: "web", to: "2" }, { from: 2, to: "cache", label: "reads" }, { from: "web", to: "web" }],
    );
    expect(graph.nodes).toEqual([{ id: "web", label: "Web", tone: "danger" }, { id: "2", label: "2" }, { id: "cache", label: "cache" }]);
    expect(graph.edges).toEqual([{ from: "web", to: "2" }, { from: "2", to: "cache", label: "reads" }, { from: "web", to: "web" }]);
  });

  it("skips what the schemas refuse, so a renderer given anything draws what it can", () => {
    expect(uiGraph("nodes", 3)).toEqual({ nodes: [], edges: [] });
    expect(uiGraph([null, [1], { label: "no id" }, { id: "ok", tone: "red" }, { id: "a" }], [{ from: "a" }, "a->b"])).toEqual({ nodes: [{ id: "a", label: "a" }], edges: [] });
  });
});

describe("the item rules", () => {
  it("take a node with an id or a ref and refuse one without, or with a bad label or tone", () => {
    expect(uiGraphNodeProblem({ ref: "x" })).toBeUndefined();
    expect(uiGraphNodeProblem({ id: 0, tone: null, label: null })).toBeUndefined();
    expect(uiGraphNodeProblem({ id: null, ref: "x" })).toBeUndefined();
    const refused: UiRecord[] = [{}, { id: "" }, { id: " " }, { id: false }, { id: "a", label: 1 }, { id: "a", tone: "red" }, { id: "x".repeat(201) }];
    for (const row of refused)
      expect(uiGraphNodeProblem(row), JSON.stringify(row)).toBeDefined();
  });

  it("take an edge with both ends and refuse one without, or with a bad label", () => {
    expect(uiGraphEdgeProblem({ from: "a", to: 1, label: null, weight: 3 })).toBeUndefined();
    const refused: UiRecord[] = [{ from: "a" }, { to: "a" }, { from: "", to: "a" }, { from: "a", to: "b", label: ["x"] }];
    for (const row of refused)
      expect(uiGraphEdgeProblem(row), JSON.stringify(row)).toBeDefined();
  });
});
