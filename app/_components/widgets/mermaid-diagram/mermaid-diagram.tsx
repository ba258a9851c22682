"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useColorScheme } from "../theme/use-color-scheme";
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
  | { status: "drawn"; svg: string }
  | { status: "failed"; error: string };

/** Drawings started on this page, so every one gets its own element ids. */
let drawings = 0;

/**
 * A mermaid diagram, drawn in the browser once its source is complete and
 * again when the theme changes. While the source streams, or when it cannot
 * be drawn, the source itself is shown (with the error, in place).
 */
export function MermaidDiagram({ source, complete, title }: MermaidDiagramProps) {
  const scheme = useColorScheme();
  const reactId = useId();
  const [state, setState] = useState<DiagramState>({ status: complete ? "drawing" : "waiting" });
  const latest = useRef(0);

  useEffect(() => {
    if (!complete) {
      setState({ status: "waiting" });
      return;
    }
    drawings += 1;
    const drawing = drawings;
    latest.current = drawing;
    // Element ids must be unique on the page and valid in CSS selectors (mermaid queries them).
    const id = `mermaid-${reactId.replace(/[^A-Za-z0-9_-]/g, "")}-${drawing}`;
    setState({ status: "drawing" });
    void renderMermaid({ id, source, scheme }).then((result) => {
      if (latest.current !== drawing) return;
      setState("svg" in result ? { status: "drawn", svg: result.svg } : { status: "failed", error: result.error });
    });
    return () => {
      latest.current = -1;
    };
  }, [source, complete, scheme, reactId]);

  const label = title ?? "Diagram";
  return (
    <figure className={styles.diagram} data-status={state.status}>
      {title ? <figcaption className={styles.caption}>{title}</figcaption> : null}
      {state.status === "drawn" ? (
        <div
          className={styles.canvas}
          role="img"
          aria-label={label}
          // The SVG is mermaid's output in securityLevel "strict" (scripts and handlers removed by its
          // DOMPurify pass), cleaned again by inertSvg so nothing in it loads a URL. It is the only
          // markup we insert as HTML.
          dangerouslySetInnerHTML={{ __html: state.svg }}
        />
      ) : state.status === "failed" ? (
        <div className={styles.error} role="group" aria-label={`${label} could not be drawn`}>
          <p className={styles.errorText}>
            <span aria-hidden="true">✕ </span>
            The diagram could not be drawn: {state.error}
          </p>
          <pre className={styles.source}>{source}</pre>
        </div>
      ) : (
        <div className={styles.pending}>
          <p className={styles.status} role="status">
            {state.status === "waiting" ? "The diagram is drawn when its source is complete." : "Drawing the diagram…"}
          </p>
          <pre className={styles.source}>{source}</pre>
        </div>
      )}
      {state.status === "drawn" ? (
        <details className={styles.details}>
          <summary>Diagram source</summary>
          <pre className={styles.source}>{source}</pre>
        </details>
      ) : null}
    </figure>
  );
}
