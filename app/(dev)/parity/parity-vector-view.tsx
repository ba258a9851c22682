"use client";
/**
 * One vector on the parity page: whether the browser's run matched the
 * expected JSON (`data-parity`), the final tree drawn by the app's one
 * renderer of each dialect, and the vector itself for the curious. An
 * octo-ui panel's buttons work: the envelope a press sends is shown, so a
 * browser spec can compare it with the vector's.
 */
import { useState } from "react";
import { formatUiAction, type GenuiPanelState } from "@/lib/genui";
import { GenuiPanelView } from "../../_components/genui/genui-panel-view";
import { UiBlockView } from "../../_components/ui-block/ui-block-view";
import type { ParityVector } from "./parity-vector";
import type { ParityVectorRun } from "./run-parity-vector";
import styles from "./parity.module.css";

/** Props of `ParityVectorView`. */
export type ParityVectorViewProps = {
  id: string;
  vector: ParityVector;
  /** The browser's run; undefined until it has run (before hydration). */
  run: ParityVectorRun | undefined;
  /** Why the run could not happen at all. */
  error: string | undefined;
};

/** The octo-ui panel with its own state (starting from the run's final state) and the last envelope it sent. */
function GenuiParityPanel({ run, surface, id }: { run: Extract<ParityVectorRun, { dialect: "octo-ui" }>["run"]; surface: "fence" | "tool"; id: string }) {
  const [state, setState] = useState<GenuiPanelState>(run.state);
  const [envelope, setEnvelope] = useState<string | undefined>(undefined);
  const envelopeId = `${id}-envelope`;
  const hasButton = run.result.nodes.some((node) => node.type === "button");
  return (
    <>
      <GenuiPanelView spec={run.rawSpec} surface={surface} state={state} onStateChange={setState} onAction={(action) => setEnvelope(formatUiAction(action))} />
      {hasButton ? (
        <div className={styles.envelope}>
          <h3 id={envelopeId} className={styles.smallHeading}>
            Action sent
          </h3>
          <pre className={styles.pre} role="status" aria-labelledby={envelopeId}>
            {envelope ?? "(none yet)"}
          </pre>
        </div>
      ) : null}
    </>
  );
}

function statusText(run: ParityVectorRun | undefined, error: string | undefined): string {
  if (error !== undefined) return `Fails: ${error}`;
  if (run === undefined) return "Running…";
  return run.difference === undefined ? "Passes" : `Fails: differs at ${run.difference}`;
}

/** See the module comment. */
export function ParityVectorView({ id, vector, run, error }: ParityVectorViewProps) {
  const status = error !== undefined ? "fail" : run === undefined ? "pending" : run.difference === undefined ? "pass" : "fail";
  const headingId = `${id}-heading`;
  return (
    <section id={id} className={styles.vector} aria-labelledby={headingId} data-vector={id} data-parity={status}>
      <header className={styles.vectorHeader}>
        <h2 id={headingId} className={styles.vectorTitle}>
          {id}
        </h2>
        <p className={styles.status} data-status={status}>
          {statusText(run, error)}
        </p>
        <p className="muted">{vector.description}</p>
      </header>
      <div className={styles.render} data-parity-render="">
        {run?.dialect === "ui" ? <UiBlockView block={run.run.block} state={run.run.state} /> : null}
        {run?.dialect === "octo-ui" ? <GenuiParityPanel run={run.run} surface={run.surface} id={id} /> : null}
      </div>
      <details className={styles.details}>
        <summary>The vector{status === "fail" ? " and what the browser computed" : ""}</summary>
        <h3 className={styles.smallHeading}>{vector.dialect === "ui" ? "Block source" : vector.surface === "fence" ? "Reply" : "Tool argument"}</h3>
        <pre className={styles.pre}>{vector.dialect === "ui" ? vector.source : vector.surface === "fence" ? vector.reply : JSON.stringify(vector.spec, null, 2)}</pre>
        <h3 className={styles.smallHeading}>Steps</h3>
        <pre className={styles.pre}>{JSON.stringify(vector.steps, null, 2)}</pre>
        <h3 className={styles.smallHeading}>Expected</h3>
        <pre className={styles.pre}>{JSON.stringify(vector.expected, null, 2)}</pre>
        {status === "fail" && run !== undefined ? (
          <>
            <h3 className={styles.smallHeading}>Computed in this browser</h3>
            <pre className={styles.pre} data-parity-actual="">
              {JSON.stringify(run.actual, null, 2)}
            </pre>
          </>
        ) : null}
      </details>
    </section>
  );
}
