"use client";

import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useColorScheme } from "../theme/use-color-scheme";
import type { DiagramRemoval } from "./clean-diagram-svg";
import { diagramRefusalNote } from "./diagram-refusal-note";
import { renderMermaid } from "./render-mermaid";
import styles from "./mermaid-diagram.module.css";

/** Props of `MermaidDiagram`. */
export type MermaidDiagramProps = {
  /** The mermaid source. */
  source: string;
  /** True once the source can no longer change (its fence or element closed); nothing is drawn before. */
  complete: boolean;
  /** A caption, and the diagram's accessible name. */
  title?: string;
};

type DiagramState =
  | { status: "waiting" }
  | { status: "drawing" }
  | { status: "drawn"; svg: SVGSVGElement; removed: DiagramRemoval[] }
  | { status: "failed"; error: string };

/** Drawings started on this page, so every one gets its own element ids. */
let drawings = 0;

/**
 * A mermaid diagram, drawn in the browser once its source is complete and
 * again when the theme changes. While the source streams, or when it cannot
 * be drawn, the source itself is shown (with the error, in place). mermaid
 * draws in an isolated frame; what comes back is rebuilt from an allowlist,
 * and a note says when images, icons or links were left out.
 */
export function MermaidDiagram({ source, complete, title }: MermaidDiagramProps) {
  const scheme = useColorScheme();
  const reactId = useId();
  const [state, setState] = useState<DiagramState>({ status: complete ? "drawing" : "waiting" });
  const latest = useRef(0);
  const canvas = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!complete) {
      setState({ status: "waiting" });
      return;
    }
    drawings += 1;
    const drawing = drawings;
    latest.current = drawing;
    // The prefix of every id in the drawing: unique on the page, and usable in a selector unescaped.
    const id = `mermaid-${reactId.replace(/[^A-Za-z0-9_-]/g, "")}-${drawing}`;
    setState({ status: "drawing" });
    void renderMermaid({ id, source, scheme }).then((result) => {
      if (latest.current !== drawing) return;
      setState("svg" in result ? { status: "drawn", svg: result.svg, removed: result.removed } : { status: "failed", error: result.error });
    });
    return () => {
      latest.current = -1;
    };
  }, [source, complete, scheme, reactId]);

  // The cleaned SVG is an element of an inert document: a copy of it is put in the page, as a node,
  // never as markup to parse.
  useLayoutEffect(() => {
    if (state.status !== "drawn" || canvas.current === null) return;
    canvas.current.replaceChildren(document.importNode(state.svg, true));
  }, [state]);

  const label = title ?? "Diagram";
  const note = state.status === "drawn" ? diagramRefusalNote(state.removed) : undefined;
  return (
    <figure className={styles.diagram} data-status={state.status}>
      {title ? <figcaption className={styles.caption}>{title}</figcaption> : null}
      {state.status === "drawn" ? (
        // Its own key: React must never reuse this element (with the drawing put in it) for the other states.
        <div key="canvas" className={styles.canvas} role="img" aria-label={label} ref={canvas} />
      ) : state.status === "failed" ? (
        <div key="error" className={styles.error} role="group" aria-label={`${label} could not be drawn`}>
          <p className={styles.errorText}>
            <span aria-hidden="true">✕ </span>
            The diagram could not be drawn: {state.error}
          </p>
          <pre className={styles.source}>{source}</pre>
        </div>
      ) : (
        <div key="pending" className={styles.pending}>
          <p className={styles.status} role="status">
            {state.status === "waiting" ? "The diagram is drawn when its source is complete." : "Drawing the diagram…"}
          </p>
          <pre className={styles.source}>{source}</pre>
        </div>
      )}
      {note !== undefined ? (
        <p className={styles.note} role="note">
          {note}
        </p>
      ) : null}
      {state.status === "drawn" ? (
        <details className={styles.details}>
          <summary>Diagram source</summary>
          <pre className={styles.source}>{source}</pre>
        </details>
      ) : null}
    </figure>
  );
}
