"use client";
/**
 * The Artifacts panel: the chat's artifacts as a list, or one of them with
 * its versions. A region labelled by its heading, which takes focus when the
 * panel opens or switches; Escape (or Close) closes it.
 */
import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import { formatBytes } from "@/lib/artifacts/artifact-content";
import { ARTIFACT_KIND_LABELS } from "./artifact-labels";
import { ArtifactDetailView } from "./artifact-detail-view";
import { ArtifactKindIcon } from "./artifact-kind-icon";
import { useArtifacts, type ArtifactsContextValue } from "./artifacts-context";
import styles from "./artifacts.module.css";

/** The panel's element id, which the toggle controls. */
export const ARTIFACTS_PANEL_ID = "artifacts-panel";

function ArtifactList({ artifacts }: { artifacts: ArtifactsContextValue }) {
  if (artifacts.artifacts === null) {
    if (artifacts.listError !== null) {
      return (
        <div className={styles.notice} role="alert">
          <p>{artifacts.listError}</p>
          <button type="button" className="button button-secondary button-small" onClick={artifacts.reload}>
            Try again
          </button>
        </div>
      );
    }
    return <p className={styles.notice}>Loading artifacts…</p>;
  }
  if (artifacts.artifacts.length === 0) {
    return <p className={styles.notice}>No artifacts yet. When the assistant writes a document, a page or a file for you, it appears here, with every version.</p>;
  }
  return (
    <ul className={styles.list} aria-label="Artifacts of this chat">
      {artifacts.artifacts.map((artifact) => (
        <li key={artifact.artifactId}>
          <button type="button" className={styles.listItem} onClick={() => artifacts.show({ artifactId: artifact.artifactId })}>
            <ArtifactKindIcon kind={artifact.kind} />
            <span className={styles.listPath}>{artifact.path}</span>
            <span className={styles.listMeta}>
              {ARTIFACT_KIND_LABELS[artifact.kind]} · {artifact.latestVersion === 1 ? "1 version" : `${artifact.latestVersion} versions`} · {formatBytes(artifact.sizeBytes)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The panel; rendered by `ArtifactsFrame` while open. */
export function ArtifactsPanel() {
  const artifacts = useArtifacts();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusRequest = artifacts?.focusRequest ?? 0;
  const targetId = artifacts?.target?.artifactId ?? null;
  useEffect(() => {
    if (focusRequest > 0) heading.current?.focus();
  }, [focusRequest, targetId]);
  if (artifacts === null) return null;
  const { target } = artifacts;
  const current = target === null ? undefined : artifacts.artifacts?.find((artifact) => artifact.artifactId === target.artifactId);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    artifacts.close();
  };

  return (
    <section id={ARTIFACTS_PANEL_ID} className={styles.panel} data-sheet={artifacts.sheet || undefined} aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <header className={styles.panelHeader}>
        {target !== null ? (
          <button type="button" className="button button-ghost button-small" onClick={() => artifacts.show(null)}>
            <span aria-hidden="true">‹</span> All artifacts
          </button>
        ) : null}
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.panelTitle}>
          {target === null ? "Artifacts" : (current?.path ?? "Artifact")}
        </h2>
        <button type="button" className={`button button-ghost button-small ${styles.close}`} onClick={artifacts.close}>
          Close<span className="visually-hidden"> artifacts</span>
        </button>
      </header>
      <div className={styles.panelBody}>
        {target === null ? (
          <ArtifactList artifacts={artifacts} />
        ) : (
          <ArtifactDetailView key={target.artifactId} chatId={artifacts.chatId} target={target} revision={artifacts.revision} />
        )}
      </div>
    </section>
  );
}
