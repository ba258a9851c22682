"use client";
/**
 * One artifact in the panel: its versions (‹ n of m ›), a view chosen by
 * kind (the rendered document, the sandboxed page, the inert image or the
 * table — and the source), the changes between any two versions, and
 * Download (the exact bytes) and Copy.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { formatBytes } from "@/lib/artifacts/artifact-content";
import { artifactExtension, type ArtifactKind } from "@/lib/artifacts/artifact-kind";
import { artifactPaths, type ArtifactVersionInfo } from "@/lib/artifacts/artifact-listing";
import { artifactFileName } from "@/lib/artifacts/artifact-path";
import { CodeView } from "../widgets/code-view/code-view";
import { ArtifactChanges } from "./artifact-changes";
import { ArtifactPreview } from "./artifact-preview";
import type { ArtifactTarget } from "./artifacts-context";
import { useArtifactContent, useArtifactDetail } from "./use-artifact-data";
import styles from "./artifacts.module.css";

/** How an artifact is shown. */
type ViewMode = "preview" | "source" | "changes";

/** The views a kind offers, with their names, in order. */
function modesOf(kind: ArtifactKind): { mode: ViewMode; label: string }[] {
  const changes = { mode: "changes" as const, label: "Changes" };
  switch (kind) {
    case "markdown":
      return [{ mode: "preview", label: "Document" }, { mode: "source", label: "Source" }, changes];
    case "html":
      return [{ mode: "preview", label: "Page" }, { mode: "source", label: "Source" }, changes];
    case "svg":
      return [{ mode: "preview", label: "Image" }, { mode: "source", label: "Source" }, changes];
    case "csv":
    case "json":
      return [{ mode: "preview", label: "Table" }, { mode: "source", label: "Source" }, changes];
    case "code":
      return [{ mode: "source", label: "Code" }, changes];
    case "text":
      return [{ mode: "source", label: "Text" }, changes];
  }
}

/** How long "Copied" stays on the button. */
const COPIED_NOTICE_MS = 2_000;

function useCopy(text: string | null): { copy: () => void; status: "idle" | "copied" | "failed" } {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(() => {
    const done = (result: "copied" | "failed") => {
      setStatus(result);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setStatus("idle"), COPIED_NOTICE_MS);
    };
    if (text === null || typeof navigator === "undefined" || !navigator.clipboard) return done("failed");
    navigator.clipboard.writeText(text).then(
      () => done("copied"),
      () => done("failed"),
    );
  }, [text]);
  return { copy, status };
}

function versionLine(info: ArtifactVersionInfo | undefined): string {
  if (!info) return "";
  const when = new Date(info.createdAt);
  const time = Number.isNaN(when.getTime()) ? "" : ` · ${when.toLocaleString(undefined, { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}`;
  return `${info.tool === "edit_file" ? "Edited" : "Written"} · ${formatBytes(info.sizeBytes)}${time}`;
}

/** Props of `ArtifactDetailView`. */
export type ArtifactDetailViewProps = {
  chatId: string;
  /** What was asked for; a new object (a chip, a reply bringing it forward) selects its version again. */
  target: ArtifactTarget;
  /** Changes when a reply wrote something: the versions are read again. */
  revision: string;
};

/** One artifact; see the module comment. */
export function ArtifactDetailView({ chatId, target, revision }: ArtifactDetailViewProps) {
  const { artifactId } = target;
  const detail = useArtifactDetail(chatId, artifactId, revision);
  const [chosen, setChosen] = useState<number | undefined>(target.version);
  useEffect(() => setChosen(target.version), [target]);
  const [mode, setMode] = useState<ViewMode>("preview");

  const artifact = detail.value?.artifact;
  const versions = detail.value?.versions ?? [];
  const latest = artifact?.latestVersion ?? null;
  const version = chosen ?? latest;
  const info = versions.find((candidate) => candidate.version === version);
  const kind = info?.kind ?? artifact?.kind ?? "text";
  const modes = modesOf(kind);
  const shown = modes.some((candidate) => candidate.mode === mode) ? mode : (modes[0]?.mode ?? "source");
  // The page view loads in its frame; every other view reads the text.
  const needsText = shown === "source" || (shown === "preview" && kind !== "html");
  const content = useArtifactContent(chatId, artifactId, version);
  const { copy, status } = useCopy(content.value);

  if (detail.error !== null && artifact === undefined) return <p className={styles.notice} role="alert">{detail.error}</p>;
  if (artifact === undefined || version === null) return <p className={styles.notice}>Loading…</p>;

  const count = Math.max(latest ?? 1, version);
  const path = artifact.path;
  return (
    <div className={styles.detail}>
      <div className={styles.toolbar}>
        <div className={styles.versions} role="group" aria-label="Versions">
          <button type="button" className="button button-ghost button-small" aria-label="Previous version" disabled={version <= 1} onClick={() => setChosen(version - 1)}>
            ‹
          </button>
          <span className={styles.versionCount} aria-live="polite">
            Version {version} of {count}
          </span>
          <button type="button" className="button button-ghost button-small" aria-label="Next version" disabled={version >= count} onClick={() => setChosen(version + 1)}>
            ›
          </button>
        </div>
        <div className={styles.modes} role="group" aria-label="View">
          {modes.map((candidate) => (
            <button
              key={candidate.mode}
              type="button"
              className={styles.mode}
              aria-pressed={shown === candidate.mode}
              disabled={candidate.mode === "changes" && count < 2}
              onClick={() => setMode(candidate.mode)}
            >
              {candidate.label}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.versionBar}>
        <p className={styles.versionMeta}>{versionLine(info)}</p>
        <div className={styles.actions}>
          <a className="button button-secondary button-small" href={artifactPaths.content(chatId, artifactId, version)} download={artifactFileName(path)}>
            Download<span className="visually-hidden"> version {version} of {path}</span>
          </a>
          <button type="button" className="button button-secondary button-small" onClick={copy} disabled={content.value === null}>
            {status === "copied" ? "Copied" : status === "failed" ? "Copy failed" : "Copy"}
            <span className="visually-hidden"> the text of {path}</span>
          </button>
          <span className="visually-hidden" role="status">
            {status === "copied" ? "Text copied to the clipboard" : status === "failed" ? "Could not copy the text" : ""}
          </span>
        </div>
      </div>
      <div className={styles.viewer} data-mode={shown} data-kind={kind}>
        {shown === "changes" ? (
          <ArtifactChanges key={version} chatId={chatId} artifactId={artifactId} version={version} count={count} />
        ) : needsText && content.value === null ? (
          <p className={styles.notice} role={content.error ? "alert" : undefined}>
            {content.error ?? "Loading…"}
          </p>
        ) : shown === "source" ? (
          <CodeView code={content.value ?? ""} language={kind === "text" ? undefined : artifactExtension(path) || kind} title={path} />
        ) : (
          <ArtifactPreview kind={kind} path={path} content={content.value ?? ""} pageUrl={artifactPaths.page(chatId, artifactId, version)} />
        )}
      </div>
    </div>
  );
}
