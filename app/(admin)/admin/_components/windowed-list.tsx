"use client";
/**
 * A list that draws only the rows in view (plus a few either side): rows of
 * one fixed height inside a scrolled box, so 30,000 rows cost what 60 do.
 * No dependency: fixed-height windowing is a scroll offset divided by the
 * row height.
 */
import { useState, type ReactNode } from "react";
import styles from "./admin.module.css";

/** Rows drawn beyond each edge of the view, so a fast scroll does not show blank space. */
const OVERSCAN_ROWS = 12;

/** Props of `WindowedList`. */
export type WindowedListProps = {
  count: number;
  /** Height of every row, in pixels. */
  rowHeight: number;
  /** Height of the box, in pixels (less when the rows need less). */
  maxHeight: number;
  /** What a screen reader calls the box. */
  label: string;
  renderRow: (index: number) => ReactNode;
  /** A key per row that survives re-ordering (default: the index). */
  rowKey?: (index: number) => string;
};

/** Draws `count` rows of `rowHeight`, only those in view (see the file comment). */
export function WindowedList({ count, rowHeight, maxHeight, label, renderRow, rowKey }: WindowedListProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const height = Math.min(maxHeight, Math.max(rowHeight, count * rowHeight));
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN_ROWS);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN_ROWS);
  const rows: ReactNode[] = [];
  for (let index = first; index < last; index += 1) {
    rows.push(
      <div key={rowKey ? rowKey(index) : index} className={styles.windowRow} style={{ top: index * rowHeight, height: rowHeight }} data-row={index}>
        {renderRow(index)}
      </div>,
    );
  }
  return (
    <div
      className={styles.window}
      style={{ height }}
      role="region"
      aria-label={label}
      tabIndex={0}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div style={{ position: "relative", height: count * rowHeight }}>{rows}</div>
    </div>
  );
}
