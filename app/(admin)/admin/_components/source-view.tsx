"use client";
/**
 * A stored reply's text with every block's range and every diagnostic at
 * its range highlighted; picking a diagnostic (or a block) in the list
 * scrolls the source to it and highlights it. Every control, bidi and
 * invisible character of the text is drawn as a mark (`⟨U+202E⟩`), so an
 * admin reads another person's reply in the order it is stored in, not the
 * order an override makes it look (Trojan Source); each mark stands in the
 * segment its character is in, so the highlights stay where they were.
 */
import { useEffect, useRef, useState } from "react";
import type { SourceMark, SourceSegment } from "@/lib/admin/source-marks";
import { visibleControls } from "@/lib/security/visible-controls";
import styles from "./admin.module.css";

/** Props of `SourceView`. */
export type SourceViewProps = { text: string; marks: readonly SourceMark[]; segments: readonly SourceSegment[] };

/** The highlighted source and the lists of its blocks and diagnostics. */
export function SourceView({ text, marks, segments }: SourceViewProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const sourceRef = useRef<HTMLPreElement>(null);
  const kinds = new Map(marks.map((mark) => [mark.id, mark.kind]));

  useEffect(() => {
    if (selected === null) return;
    const target = sourceRef.current?.querySelector(`[data-marks~="${CSS.escape(selected)}"]`);
    target?.scrollIntoView({ block: "center", behavior: "auto" });
  }, [selected]);

  const diagnostics = marks.filter((mark) => mark.kind === "diagnostic");
  const blocks = marks.filter((mark) => mark.kind === "block");
  return (
    <div>
      <pre ref={sourceRef} className={styles.source} tabIndex={0} aria-label="Reply source">
        {segments.map((segment) => {
          const slice = visibleControls(text.slice(segment.start, segment.end));
          if (segment.marks.length === 0) return slice;
          const classes = [
            segment.marks.some((id) => kinds.get(id) === "block") ? styles.markBlock : "",
            segment.marks.some((id) => kinds.get(id) === "diagnostic") ? styles.markDiagnostic : "",
            selected !== null && segment.marks.includes(selected) ? styles.markSelected : "",
          ].filter(Boolean);
          return (
            <span key={segment.start} className={classes.join(" ")} data-marks={segment.marks.join(" ")} data-selected={selected !== null && segment.marks.includes(selected) ? "true" : undefined}>
              {slice}
            </span>
          );
        })}
      </pre>
      <h3 className="visually-hidden">Blocks</h3>
      <ul className={styles.markList} aria-label="Blocks in the source">
        {blocks.map((mark) => (
          <li key={mark.id}>
            <button type="button" className={styles.markButton} aria-pressed={selected === mark.id} onClick={() => setSelected(selected === mark.id ? null : mark.id)}>
              {mark.label}
            </button>
          </li>
        ))}
      </ul>
      <h3>Diagnostics ({diagnostics.length})</h3>
      {diagnostics.length === 0 ? (
        <p className={styles.muted}>No diagnostic: the stored trees kept everything as written.</p>
      ) : (
        <ul className={styles.markList} aria-label="Diagnostics">
          {diagnostics.map((mark) => (
            <li key={mark.id}>
              <button
                type="button"
                className={styles.markButton}
                aria-pressed={selected === mark.id}
                aria-label={`${mark.code} at ${mark.where}`}
                onClick={() => setSelected(selected === mark.id ? null : mark.id)}
              >
                {mark.code}
              </button>
              <span className={styles.muted}>{mark.where}</span>
              <span>{mark.message}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
