"use client";
/**
 * Where a reply called an artifact tool: a chip naming the artifact and the
 * version the call wrote (or showed), which opens that version in the
 * Artifacts panel — or, when the call failed, the error the model was shown,
 * folded. Outside a conversation it names the version without opening it.
 */
import type { ArtifactCard } from "@/lib/artifacts/artifact-card";
import { visibleControls } from "@/lib/security/visible-controls";
import { useArtifacts } from "./artifacts-context";
import { ArtifactKindIcon } from "./artifact-kind-icon";
import styles from "./artifacts.module.css";

/** What a chip says the call did. */
function verbOf(card: ArtifactCard): string {
  if (card.name === "edit_file") return "Edited";
  if (card.name === "show_artifact") return "Showed";
  return card.artifact?.version === 1 ? "Created" : "Rewrote";
}

/** What a failed call's chip says it tried. */
function attemptOf(card: ArtifactCard): string {
  if (card.name === "edit_file") return "Could not edit";
  if (card.name === "show_artifact") return "Could not show";
  return "Could not write";
}

/** A reply's artifact chip; see the module comment. */
export function ArtifactChip({ card }: { card: ArtifactCard }) {
  const artifacts = useArtifacts();
  const { artifact } = card;
  if (artifact === null) {
    return (
      <details className={styles.chipFailed}>
        <summary>
          {/* A refused path is the model's, as it wrote it: its invisible and bidi characters show as marks. */}
          {attemptOf(card)} <span className={styles.chipPath}>{visibleControls(card.path) || "an artifact"}</span>
        </summary>
        <p className={styles.chipError}>{card.error}</p>
      </details>
    );
  }
  const label = (
    <>
      <ArtifactKindIcon kind={artifact.kind} />
      <span className={styles.chipVerb}>{verbOf(card)}</span> <span className={styles.chipPath}>{artifact.path}</span>
      <span className={styles.chipVersion}>version {artifact.version}</span>
    </>
  );
  if (artifacts === null) return <span className={styles.chip}>{label}</span>;
  return (
    <button
      type="button"
      className={styles.chip}
      onClick={(event) => artifacts.show({ artifactId: artifact.artifactId, version: artifact.version }, { opener: event.currentTarget })}
    >
      {label}
    </button>
  );
}
