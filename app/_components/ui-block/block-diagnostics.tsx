"use client";

import type { UiDiagnostic } from "@/lib/ui/envelope/schema";
import styles from "./ui-block.module.css";

/** Diagnostics listed under a block: enough to see what went wrong, few enough to read. */
export const BLOCK_DIAGNOSTICS_SHOWN = 20;

/** The block's diagnostics in a small expandable list (closed by default: they are for the curious, not the reader). */
export function BlockDiagnostics({ diagnostics }: { diagnostics: readonly UiDiagnostic[] }) {
  if (diagnostics.length === 0) return null;
  const shown = diagnostics.slice(0, BLOCK_DIAGNOSTICS_SHOWN);
  const more = diagnostics.length - shown.length;
  return (
    <details className={styles.diagnostics} data-diagnostics={diagnostics.length}>
      <summary>{diagnostics.length === 1 ? "1 note on this block" : `${diagnostics.length} notes on this block`}</summary>
      <ul>
        {shown.map((diagnostic, index) => (
          <li key={index}>
            <code>{diagnostic.code}</code> {diagnostic.message}
          </li>
        ))}
        {more > 0 ? <li>{`and ${more} more`}</li> : null}
      </ul>
    </details>
  );
}

/**
 * Compile and evaluation diagnostics together, each once: the same code about
 * the same node counts once (compiling and evaluating both report an unknown
 * component, in different words).
 */
export function mergeDiagnostics(...lists: readonly (readonly UiDiagnostic[])[]): UiDiagnostic[] {
  const seen = new Set<string>();
  const merged: UiDiagnostic[] = [];
  for (const list of lists) {
    for (const diagnostic of list) {
      const key =
        diagnostic.nodeId !== undefined
          ? `${diagnostic.code}\u0000node\u0000${diagnostic.nodeId}`
          : `${diagnostic.code}\u0000${diagnostic.message}\u0000${diagnostic.range.start}`;
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(diagnostic);
    }
  }
  return merged;
}
