"use client";

import styles from "./ui-block.module.css";

/** Components drawn as a box: their placeholder is a block of their rough shape, anything else a short line. */
const BOX_PLACEHOLDERS: Readonly<Record<string, string>> = {
  Stat: "stat",
  Stats: "stat",
  Table: "table",
  Chart: "chart",
  Diagram: "chart",
  Callout: "box",
  Card: "box",
  Tabs: "box",
  EntityList: "table",
  Checklist: "table",
};

/**
 * What stands where an element still arriving cannot be drawn yet (its props
 * are not all there): a quiet shape of the component — a stat's box, a
 * table's rows, a chart's frame — never an error card. It is replaced by the
 * element once the element is complete (or by its fallback, if it is broken).
 */
export function NodePlaceholder({
  type,
  inline,
  liveState,
  label,
}: {
  type: string;
  inline: boolean;
  /** Set when the element is whole but waits for query data (`loading`) or cannot get it here (`unavailable`). */
  liveState?: "loading" | "unavailable";
  /** What a screen reader hears instead of "A Stat is still arriving". */
  label?: string;
}) {
  const shape = inline ? "inline" : (BOX_PLACEHOLDERS[type] ?? "line");
  const Element = inline ? "span" : "div";
  return (
    <Element className={styles.placeholder} data-placeholder={shape} data-shape={shape} data-live-state={liveState}>
      <span className="visually-hidden">{label ?? `A ${type} is still arriving`}</span>
    </Element>
  );
}
