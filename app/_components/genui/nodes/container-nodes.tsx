"use client";
/** The layout nodes: `row` and `col` (flex with a gap) and `card` (a bordered group). */
import type { GenuiCardNode, GenuiColNode, GenuiRowNode } from "@/lib/genui";
import styles from "../genui.module.css";
import { GenuiNodeList } from "../genui-node-list";

/** Gap used when a row or col names none, in pixels: the space between cards elsewhere in the panel. */
const DEFAULT_GAP_PIXELS = 12;

/** `row` / `col`: children side by side (wrapping on narrow screens) or stacked; `gap` is already clamped to 0–64. */
export function FlexNode({ node, path }: { node: GenuiRowNode | GenuiColNode; path: string }) {
  return (
    <div className={node.type === "row" ? styles.row : styles.col} style={{ gap: `${node.gap ?? DEFAULT_GAP_PIXELS}px` }}>
      <GenuiNodeList nodes={node.children} path={`${path}.children`} bare />
    </div>
  );
}

/** `card`: a bordered group with an optional title. */
export function CardNode({ node, path }: { node: GenuiCardNode; path: string }) {
  return (
    <section className={styles.card}>
      {node.title !== undefined ? <h4 className={styles.cardTitle}>{node.title}</h4> : null}
      <GenuiNodeList nodes={node.children} path={`${path}.children`} />
    </section>
  );
}
