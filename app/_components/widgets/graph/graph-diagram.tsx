"use client";

/**
 * A graph drawn from rows as inline SVG, laid out by `graphLayout`: boxes,
 * curved arrows and edge labels as React elements (text escaped by React; no
 * HTML strings, no URLs, no markers referenced by id). Each node is a tab
 * stop whose accessible name says its edges; focusing one highlights them.
 * Colours are the theme's variables, so it reads in both themes.
 */
import { useMemo, useState } from "react";
import { ScrollBox } from "../scroll-box/scroll-box";
import type { WidgetTone } from "../tone/tone";
import toneStyles from "../tone/tone.module.css";
import { graphLayout, type GraphDirection, type GraphLayoutEdge } from "./graph-layout";
import styles from "./graph-diagram.module.css";

/** A node to draw: its id, its label, and an optional kind (a second, quieter line) and tone. */
export type GraphDiagramNode = { id: string; label: string; kind?: string; tone?: WidgetTone };

/** An edge to draw, from one node id to another, with an optional label. */
export type GraphDiagramEdge = { from: string; to: string; label?: string };

/** Props of `GraphDiagram`. */
export type GraphDiagramProps = {
  nodes: readonly GraphDiagramNode[];
  edges: readonly GraphDiagramEdge[];
  /** Shown above the drawing and part of its accessible name. */
  title?: string;
  /** Layers from left to right (default) or from top to bottom. */
  direction?: GraphDirection;
  /** True while its rows are still arriving: no nodes yet is a placeholder, not "No nodes to draw." */
  arriving?: boolean;
};

/** Characters of a node's label drawn in its box (the whole label is its accessible name and tooltip). */
export const GRAPH_LABEL_CHARACTERS = 18;

/** Characters of a node's kind line, and of an edge's label, drawn. */
const SMALL_TEXT_CHARACTERS = 20;

/** Width of one character of an edge label, for the plate behind it: 11 px text averages under this. */
const EDGE_LABEL_CHARACTER_WIDTH = 6.2;

/** `text` cut to `limit` characters with an ellipsis (by code point, so an emoji is never split). */
function cut(text: string, limit: number): string {
  const characters = Array.from(text);
  return characters.length <= limit ? text : `${characters.slice(0, limit - 1).join("")}…`;
}

/** The SVG path of an edge's curve. */
function edgePath(edge: GraphLayoutEdge): string {
  const { start, control1, control2, end } = edge;
  return `M ${start.x} ${start.y} C ${control1.x} ${control1.y}, ${control2.x} ${control2.y}, ${end.x} ${end.y}`;
}

/** A node's edges in words, for its accessible name: "to db (reads), cache; from web". */
function edgeWords(id: string, edges: readonly GraphLayoutEdge[], labels: ReadonlyMap<string, string>): string {
  const named = (other: string, label: string | undefined) => `${labels.get(other) ?? other}${label ? ` (${label})` : ""}`;
  const outgoing = edges.filter((edge) => edge.from === id).map((edge) => named(edge.to, edge.label));
  const incoming = edges.filter((edge) => edge.to === id && edge.from !== id).map((edge) => named(edge.from, edge.label));
  const parts: string[] = [];
  if (outgoing.length > 0) parts.push(`to ${outgoing.join(", ")}`);
  if (incoming.length > 0) parts.push(`from ${incoming.join(", ")}`);
  return parts.length > 0 ? `Edges ${parts.join("; ")}.` : "No edges.";
}

/** The drawing's accessible name: what it is and how to read it. */
export function graphSummary(title: string | undefined, nodes: number, edges: number): string {
  const counts = `${nodes} ${nodes === 1 ? "node" : "nodes"}, ${edges} ${edges === 1 ? "edge" : "edges"}`;
  return `Graph${title ? `: ${title}` : ""}. ${counts}; each node says its edges.`;
}

/** The graph; see the module comment. */
export function GraphDiagram({ nodes, edges, title, direction = "right", arriving = false }: GraphDiagramProps) {
  const layout = useMemo(() => graphLayout({ nodes, edges, direction }), [nodes, edges, direction]);
  const [focused, setFocused] = useState<string | undefined>(undefined);
  const byId = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);
  const labels = useMemo(() => new Map(nodes.map((node) => [node.id, node.label])), [nodes]);
  const empty = layout.nodes.length === 0;
  const left = [
    layout.omittedNodes > 0 ? `${layout.omittedNodes} more ${layout.omittedNodes === 1 ? "node" : "nodes"}` : "",
    layout.omittedEdges > 0 ? `${layout.omittedEdges} ${layout.omittedEdges === 1 ? "edge" : "edges"}` : "",
  ].filter(Boolean);

  return (
    <figure className={styles.graph} data-direction={direction}>
      {title ? <figcaption className={styles.title}>{title}</figcaption> : null}
      {empty && arriving ? (
        <div className={styles.arriving} data-placeholder="">
          <span className="visually-hidden">The graph&apos;s rows are still arriving.</span>
        </div>
      ) : empty ? (
        <p className={styles.note}>No nodes to draw.</p>
      ) : (
        <ScrollBox>
          <svg
            data-graph=""
            className={styles.canvas}
            width={layout.width}
            height={layout.height}
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            role="group"
            aria-label={graphSummary(title, layout.nodes.length, layout.edges.length)}
          >
            <g aria-hidden="true">
              {layout.edges.map((edge, index) => {
                const active = focused !== undefined && (edge.from === focused || edge.to === focused);
                return (
                  <g key={`edge${index}`} className={active ? `${styles.edge} ${styles.active}` : styles.edge} data-edge={`${edge.from}>${edge.to}`}>
                    <path className={styles.line} d={edgePath(edge)} />
                    <polygon className={styles.arrow} points={edge.arrow.map((point) => `${point.x},${point.y}`).join(" ")} />
                  </g>
                );
              })}
              {layout.edges.map((edge, index) => {
                if (!edge.label) return null;
                const text = cut(edge.label, SMALL_TEXT_CHARACTERS);
                const width = Array.from(text).length * EDGE_LABEL_CHARACTER_WIDTH + 8;
                return (
                  <g key={`label${index}`} className={styles.edgeLabel}>
                    <rect x={edge.labelAt.x - width / 2} y={edge.labelAt.y - 8} width={width} height={16} rx={3} />
                    <text x={edge.labelAt.x} y={edge.labelAt.y} dominantBaseline="central" textAnchor="middle">
                      {text}
                    </text>
                  </g>
                );
              })}
            </g>
            {layout.nodes.map((box) => {
              const node = byId.get(box.id);
              const label = node?.label ?? box.id;
              const kind = node?.kind;
              const tone = node?.tone;
              const shown = cut(label, GRAPH_LABEL_CHARACTERS);
              const name = `${label}${kind ? `, ${kind}` : ""}${tone && tone !== "neutral" ? `, ${tone}` : ""}. ${edgeWords(box.id, layout.edges, labels)}`;
              return (
                <g
                  key={box.id}
                  className={tone ? `${styles.node} ${styles.toned} ${toneStyles[tone]}` : styles.node}
                  data-node={box.id}
                  tabIndex={0}
                  role="img"
                  aria-label={name}
                  onFocus={() => setFocused(box.id)}
                  onBlur={() => setFocused((current) => (current === box.id ? undefined : current))}
                >
                  {shown !== label ? <title>{label}</title> : null}
                  <rect className={styles.ring} x={box.x - 3} y={box.y - 3} width={box.width + 6} height={box.height + 6} rx={9} />
                  <rect className={styles.box} x={box.x} y={box.y} width={box.width} height={box.height} rx={6} />
                  <text className={styles.label} x={box.x + box.width / 2} y={box.y + (kind ? box.height / 2 - 7 : box.height / 2)} dominantBaseline="central" textAnchor="middle">
                    {shown}
                  </text>
                  {kind ? (
                    <text className={styles.kind} x={box.x + box.width / 2} y={box.y + box.height / 2 + 10} dominantBaseline="central" textAnchor="middle">
                      {cut(kind, SMALL_TEXT_CHARACTERS)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        </ScrollBox>
      )}
      {left.length > 0 ? <p className={styles.note}>{`Left out to keep the drawing readable: ${left.join(" and ")}.`}</p> : null}
    </figure>
  );
}
