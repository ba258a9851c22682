"use client";
/**
 * A panel's versions, under the panel: "Version 3 of 3" opens the list —
 * newest first, each with what made it (the person's message, a button, a
 * choice, a restore) and when — and from there any earlier version can be
 * compared with the current one (lib/tree-diff's structural diff, read as
 * the admin view and the comparison read it) or restored. A restore is a new
 * version (the server's `restorePanel`); nothing is rewritten.
 */
import { useId, useMemo, useState } from "react";
import { changeCountsText, TreeChangeList } from "@/app/(admin)/admin/_components/tree-change-list";
import type { PanelSource } from "@/lib/chat/panels/panel-source";
import type { PanelVersion, PanelVersionCause } from "@/lib/chat/panels/panel-versions";
import { diffTrees, genuiDiffTree, uiDiffTree, type DiffNode } from "@/lib/tree-diff";
import styles from "./panel-history.module.css";

/** Props of `PanelHistory`. */
export type PanelHistoryProps = {
  versions: readonly PanelVersion[];
  /** The reply holding the version shown now. */
  currentMessageId: string;
  /** Restores the version held by a reply; undefined while nothing may be sent (a reply streams). */
  onRestore: ((messageId: string) => void) | undefined;
};

/** The diff tree of one version of a panel. */
function diffTreeOf(source: PanelSource): DiffNode[] {
  if (source.dialect === "ui") return uiDiffTree([source.block]);
  const part = source.dialect === "octo-ui" ? source.fence : source.card;
  return genuiDiffTree([{ key: "panel", label: "panel", spec: part.spec, diagnostics: part.diagnostics }]);
}

/** What made a version, in the person's words. */
export function causeText(cause: PanelVersionCause, version: number): string {
  switch (cause.kind) {
    case "prompt":
      return version === 1 ? "First shown" : "Shown again by a reply";
    case "press":
      return `After “${cause.label}”`;
    case "choice":
      return `After choosing “${cause.label}”`;
    case "restore":
      return `Restored version ${cause.version}`;
  }
}

/** `13:04`, in the person's own clock. */
function timeText(createdAt: string): string {
  return new Date(createdAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** The versions of one panel (see the file comment); nothing for a panel with one version. */
export function PanelHistory({ versions, currentMessageId, onRestore }: PanelHistoryProps) {
  const [open, setOpen] = useState(false);
  const [compared, setCompared] = useState<string | null>(null);
  const listId = useId();
  const current = versions.find((version) => version.message.id === currentMessageId) ?? versions.at(-1);
  const other = versions.find((version) => version.message.id === compared && version !== current);
  const diff = useMemo(() => (other && current ? diffTrees(diffTreeOf(other.source), diffTreeOf(current.source)) : null), [other, current]);
  if (versions.length < 2 || current === undefined) return null;
  return (
    <div className={styles.history}>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        Version {current.version} of {versions.length}
        <span aria-hidden="true" className={styles.caret}>
          {open ? "▴" : "▾"}
        </span>
      </button>
      <section id={listId} hidden={!open} aria-label="Versions of this panel" className={styles.panel}>
        <ol className={styles.versions} reversed>
          {[...versions].reverse().map((version) => {
            const isCurrent = version === current;
            return (
              <li key={version.message.id} className={styles.version} aria-current={isCurrent ? "true" : undefined}>
                <span className={styles.label}>
                  <strong>Version {version.version}</strong>
                  {isCurrent ? <span className={styles.currentMark}>current</span> : null}
                </span>
                <span className={styles.cause}>
                  {causeText(version.cause, version.version)} · <time dateTime={version.message.createdAt}>{timeText(version.message.createdAt)}</time>
                </span>
                {isCurrent ? null : (
                  <span className={styles.buttons}>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      aria-pressed={compared === version.message.id}
                      aria-label={`Compare version ${version.version} with the current one`}
                      onClick={() => setCompared((value) => (value === version.message.id ? null : version.message.id))}
                    >
                      Compare
                    </button>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={onRestore === undefined}
                      aria-label={`Restore version ${version.version}`}
                      onClick={() => onRestore?.(version.message.id)}
                    >
                      Restore
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ol>
        {other && diff ? (
          <div className={styles.diff} role="region" aria-label={`Changes from version ${other.version} to version ${current.version}`}>
            <p className={styles.diffSummary}>
              {diff.changes.length === 0
                ? `Version ${other.version} and version ${current.version} show the same components with the same values.`
                : `From version ${other.version} to version ${current.version}: ${diff.changes.length} ${diff.changes.length === 1 ? "change" : "changes"} (${changeCountsText(diff.counts)}).`}
            </p>
            {diff.changes.length > 0 ? <TreeChangeList changes={diff.changes} label={`Changes from version ${other.version} to version ${current.version}`} /> : null}
          </div>
        ) : null}
      </section>
    </div>
  );
}
