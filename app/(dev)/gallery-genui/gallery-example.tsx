"use client";
/**
 * One example of the gallery: the panel, with the host's side made visible —
 * the envelope the last button press would send, and the panel state the
 * chat would store (kept in localStorage here, so a reload restores it).
 */
import { useEffect, useMemo, useState } from "react";
import { emptyPanelState, formatUiAction, GenuiPanelStateSchema, type GenuiPanelState, type UiAction } from "@/lib/genui";
import { GenuiPanelView } from "../../_components/genui/genui-panel-view";
import styles from "./gallery.module.css";
import type { GenuiExample } from "./load-genui-examples";

/** Where an example's state is kept between reloads. */
function storageKey(id: string): string {
  return `genui-gallery:${id}`;
}

function readStoredState(id: string): GenuiPanelState | undefined {
  try {
    const raw = window.localStorage.getItem(storageKey(id));
    if (raw === null) return undefined;
    const checked = GenuiPanelStateSchema.safeParse(JSON.parse(raw));
    return checked.success ? checked.data : undefined;
  } catch {
    return undefined;
  }
}

/** Props of `GalleryExample`. */
export type GalleryExampleProps = {
  example: GenuiExample;
  /** What `parseGenuiSpec` and `genuiLint` reported on the server, as `code at path: message` lines. */
  diagnostics: string[];
};

/** An example panel with its controls for the developer: streaming, reset, last action, state. */
export function GalleryExample({ example, diagnostics }: GalleryExampleProps) {
  const spec = useMemo<unknown>(() => JSON.parse(example.specJson), [example.specJson]);
  const [state, setState] = useState<GenuiPanelState>(emptyPanelState);
  const [streaming, setStreaming] = useState(false);
  const [lastAction, setLastAction] = useState<UiAction | undefined>(undefined);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const stored = readStoredState(example.id);
    if (stored !== undefined) setState(stored);
    setRestored(true);
  }, [example.id]);

  const changeState = (next: GenuiPanelState) => {
    setState(next);
    window.localStorage.setItem(storageKey(example.id), JSON.stringify(next));
  };
  const reset = () => {
    setState(emptyPanelState());
    setLastAction(undefined);
    window.localStorage.removeItem(storageKey(example.id));
  };
  const headingId = `${example.id}-heading`;
  const actionId = `${example.id}-action`;

  return (
    <section id={example.id} className={styles.example} aria-labelledby={headingId} data-restored={restored}>
      <header className={styles.exampleHeader}>
        <h2 id={headingId}>{example.title}</h2>
        <p className="muted">
          <span className={styles.surface}>{example.surface === "tool" ? "render_ui tool card" : "octo-ui fence"}</span> {example.description}
        </p>
        <div className={styles.toolbar}>
          <label className={styles.toggle}>
            <input type="checkbox" checked={streaming} onChange={(event) => setStreaming(event.target.checked)} />
            Show as still streaming
          </label>
          <button type="button" className="button button-secondary button-small" onClick={reset}>
            Reset state
          </button>
        </div>
      </header>
      <GenuiPanelView spec={spec} surface={example.surface} streaming={streaming} state={state} onStateChange={changeState} onAction={setLastAction} />
      <div className={styles.hostSide}>
        <div>
          <h3 id={actionId} className={styles.hostHeading}>
            Last action sent
          </h3>
          <pre className={styles.pre} role="status" aria-labelledby={actionId}>
            {lastAction === undefined ? "(none yet)" : formatUiAction(lastAction)}
          </pre>
        </div>
        <details>
          <summary>Panel state and diagnostics</summary>
          <pre className={styles.pre} aria-label="Panel state">
            {JSON.stringify(state, null, 2)}
          </pre>
          {diagnostics.length === 0 ? (
            <p className="muted">No diagnostics: the spec parsed within every cap.</p>
          ) : (
            <ul className={styles.diagnostics}>
              {diagnostics.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          )}
        </details>
      </div>
    </section>
  );
}
