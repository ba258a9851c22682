"use client";
/**
 * The conversation header's button that opens and closes the Artifacts
 * panel, with the number of artifacts the chat holds. Focus comes back to it
 * when the panel closes.
 */
import { useArtifacts } from "./artifacts-context";
import { ARTIFACTS_PANEL_ID } from "./artifacts-panel";
import styles from "./artifacts.module.css";

/** The toggle; renders nothing outside a conversation. */
export function ArtifactsToggle() {
  const artifacts = useArtifacts();
  if (artifacts === null) return null;
  const count = artifacts.artifacts?.length ?? 0;
  return (
    <button
      ref={artifacts.toggleRef}
      type="button"
      className={`button button-secondary button-small ${styles.toggle}`}
      aria-expanded={artifacts.open}
      aria-controls={artifacts.open ? ARTIFACTS_PANEL_ID : undefined}
      onClick={() => (artifacts.open ? artifacts.close() : artifacts.show(artifacts.target, { opener: null }))}
    >
      Artifacts
      {count > 0 ? (
        <span className={styles.count}>
          <span className="visually-hidden">(</span>
          {count}
          <span className="visually-hidden">)</span>
        </span>
      ) : null}
    </button>
  );
}
