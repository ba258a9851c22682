// @vitest-environment happy-dom
/**
 * The graph widget as a person meets it: every node is a tab stop with a
 * name that says its edges, focusing one lights up its edges, a long label
 * is cut in its box but whole in its name and tooltip, and what the caps
 * leave out is said under the drawing.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GRAPH_LABEL_CHARACTERS, GraphDiagram, type GraphDiagramProps } from "./graph-diagram";
import { GRAPH_MAX_NODES } from "./graph-layout";

let root: Root | undefined;
let host: HTMLElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = undefined;
});

function draw(props: GraphDiagramProps): HTMLElement {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<GraphDiagram {...props} />));
  return host;
}

const LONG = "checkout-web-frontend-eu-west-1";

describe("GraphDiagram", () => {
  it("lets the keyboard reach every node, and lights up the focused node's edges", () => {
    const drawn = draw({
      nodes: [{ id: "web", label: LONG }, { id: "api", label: "api" }, { id: "db", label: "db" }],
      edges: [{ from: "web", to: "api" }, { from: "api", to: "db", label: "reads" }],
    });
    const nodes = [...drawn.querySelectorAll<SVGGElement>("[data-node]")];
    expect(nodes.map((node) => node.getAttribute("tabindex"))).toEqual(["0", "0", "0"]);
    expect(nodes[0]!.getAttribute("aria-label")).toBe(`${LONG}. Edges to api.`);
    const active = () => [...drawn.querySelectorAll("[data-edge]")].filter((edge) => edge.getAttribute("class")!.split(" ").length > 1).map((edge) => edge.getAttribute("data-edge"));
    expect(active()).toEqual([]);
    act(() => nodes[2]!.dispatchEvent(new FocusEvent("focusin", { bubbles: true })));
    expect(active()).toEqual(["api>db"]);
    act(() => nodes[2]!.dispatchEvent(new FocusEvent("focusout", { bubbles: true })));
    expect(active()).toEqual([]);
  });

  it("cuts a long label in its box and keeps it whole in its tooltip", () => {
    const drawn = draw({ nodes: [{ id: "web", label: LONG }], edges: [] });
    const node = drawn.querySelector("[data-node]")!;
    expect(node.querySelector("title")?.textContent).toBe(LONG);
    const shown = node.querySelector("text")!.textContent!;
    expect(Array.from(shown)).toHaveLength(GRAPH_LABEL_CHARACTERS);
    expect(shown.endsWith("…")).toBe(true);
  });

  it("says what the node cap left out, keeps a frame while rows arrive, and says when there is nothing", () => {
    const many = Array.from({ length: GRAPH_MAX_NODES + 2 }, (_, index) => ({ id: `n${index}`, label: `n${index}` }));
    expect(draw({ nodes: many, edges: [] }).textContent).toContain("Left out to keep the drawing readable: 2 more nodes.");
    act(() => root?.unmount());
    const arriving = draw({ nodes: [], edges: [], arriving: true });
    expect(arriving.querySelector("[data-placeholder]")).not.toBeNull();
    expect(arriving.textContent).not.toContain("No nodes to draw.");
    act(() => root?.unmount());
    expect(draw({ nodes: [], edges: [] }).textContent).toContain("No nodes to draw.");
  });
});
