"use client";
/**
 * A box whose content may be wider than the column it sits in (a table in a
 * reply at phone width): it scrolls sideways inside itself, never the page,
 * and says so — a shadow on each edge that has more behind it, and a
 * "Scroll sideways" hint over it while anything is hidden.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import styles from "./scroll-box.module.css";

/** Props of `ScrollBox`. */
export type ScrollBoxProps = {
  children: ReactNode;
  /** Classes of the outer box (margins). */
  className?: string;
  /** Classes of the scrolling box itself (its border, its height limit). */
  scrollClassName?: string;
};

/** Which edges have content hidden behind them. */
type Edges = { start: boolean; end: boolean };

/** Pixels of scroll that still count as at an edge: subpixel widths leave a fraction over. */
const EDGE_SLACK_PX = 1;

/** The sideways-scrolling box; see the module comment. */
export function ScrollBox({ children, className, scrollClassName }: ScrollBoxProps) {
  const box = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });

  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const start = element.scrollLeft > EDGE_SLACK_PX;
      const end = hidden - element.scrollLeft > EDGE_SLACK_PX;
      setEdges((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    element.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", measure);
    };
  }, []);

  const overflowing = edges.start || edges.end;
  return (
    <div className={className === undefined ? styles.frame : `${styles.frame} ${className}`}>
      {/* Above the box, so it is seen before a tall table's end. */}
      {overflowing ? (
        // Seen, not read: a screen reader reads every column of the table whatever its width.
        <p className={styles.hint} aria-hidden="true">
          {edges.end ? "Scroll sideways for more →" : "← Scroll back for the first columns"}
        </p>
      ) : null}
      <div className={styles.edges} data-more-start={edges.start || undefined} data-more-end={edges.end || undefined}>
        <div ref={box} className={scrollClassName === undefined ? styles.scroll : `${styles.scroll} ${scrollClassName}`}>
          {children}
        </div>
      </div>
    </div>
  );
}
