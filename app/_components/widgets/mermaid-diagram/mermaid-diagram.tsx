"use client";

import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from "react";
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

/** The enlarged view's zoom steps (1 = the dialog's width); a phone shows a wide diagram's labels readably at 2 or 3. */
const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const;

/** Drawings started on this page, so every one gets its own element ids. */
let drawings = 0;

/** A diagram's source as text; it scrolls in its box, so it takes focus (the keyboard scrolls it too). */
function DiagramSource({ source }: { source: string }) {
  return (
    <pre className={styles.source} tabIndex={0}>
      {source}
    </pre>
  );
}

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
  const zoomDialog = useRef<HTMLDialogElement>(null);
  const zoomCanvas = useRef<HTMLDivElement>(null);
  const enlargeButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [zoomStep, setZoomStep] = useState(0);

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

  // The enlarged view shows another copy of the same cleaned drawing (never a second rendering of the
  // source), put in only while the dialog is open so the page holds one copy of its ids otherwise.
  const enlarge = () => {
    if (state.status !== "drawn" || zoomDialog.current === null || zoomCanvas.current === null) return;
    zoomCanvas.current.replaceChildren(document.importNode(state.svg, true));
    setZoomStep(0);
    zoomDialog.current.showModal();
    // React keeps autoFocus to itself (no attribute for the dialog to find), so focus goes to Close here.
    closeButton.current?.focus();
  };
  const closeZoom = () => zoomDialog.current?.close();
  // A new drawing (the theme changed) while enlarged: the dialog shows it too.
  useLayoutEffect(() => {
    if (state.status === "drawn" && zoomDialog.current?.open && zoomCanvas.current !== null) zoomCanvas.current.replaceChildren(document.importNode(state.svg, true));
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
          <DiagramSource source={source} />
        </div>
      ) : (
        <div key="pending" className={styles.pending}>
          <p className={styles.status} role="status">
            {state.status === "waiting" ? "The diagram is drawn when its source is complete." : "Drawing the diagram…"}
          </p>
          <DiagramSource source={source} />
        </div>
      )}
      {note !== undefined ? (
        <p className={styles.note} role="note">
          {note}
        </p>
      ) : null}
      {state.status === "drawn" ? (
        <div className={styles.actions}>
          <button ref={enlargeButton} type="button" className="button button-secondary button-small" aria-haspopup="dialog" onClick={enlarge}>
            <span aria-hidden="true">⤢ </span>Enlarge
          </button>
          <details className={styles.details}>
            <summary>Diagram source</summary>
            <DiagramSource source={source} />
          </details>
        </div>
      ) : null}
      <dialog
        ref={zoomDialog}
        className={styles.zoom}
        aria-label={`${label}, enlarged`}
        onClose={() => {
          zoomCanvas.current?.replaceChildren();
          enlargeButton.current?.focus();
        }}
      >
        <div className={styles.zoomBar}>
          <p className={styles.zoomTitle}>{label}</p>
          <button type="button" className="button button-secondary button-small" aria-label="Zoom out" disabled={zoomStep === 0} onClick={() => setZoomStep((step) => Math.max(0, step - 1))}>
            −
          </button>
          <output className={styles.zoomLevel} aria-live="polite">{`${Math.round(ZOOM_STEPS[zoomStep]! * 100)}%`}</output>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label="Zoom in"
            disabled={zoomStep === ZOOM_STEPS.length - 1}
            onClick={() => setZoomStep((step) => Math.min(ZOOM_STEPS.length - 1, step + 1))}
          >
            +
          </button>
          <button ref={closeButton} type="button" className="button button-primary button-small" onClick={closeZoom}>
            Close
          </button>
        </div>
        <div className={styles.zoomScroll}>
          <div ref={zoomCanvas} className={styles.zoomCanvas} role="img" aria-label={label} style={{ "--diagram-zoom": ZOOM_STEPS[zoomStep] } as CSSProperties} />
        </div>
      </dialog>
    </figure>
  );
}
