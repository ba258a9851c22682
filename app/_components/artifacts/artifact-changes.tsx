"use client";
/**
 * The changes between two versions of an artifact, as a line diff: the two
 * versions are chosen freely (the one before the shown one, by default),
 * unchanged runs fold to a line of context around each change, and every
 * line says whether it was added or removed in words as well as colour.
 */
import { useId, useMemo, useState } from "react";
import { diffLines, type DiffLine } from "@/lib/artifacts/line-diff";
import { useArtifactContent } from "./use-artifact-data";
import styles from "./artifacts.module.css";

/** Unchanged lines kept on each side of a change. */
const CONTEXT_LINES = 3;

/** Lines drawn at most; a larger diff says how many more there are. */
const MAX_DRAWN_LINES = 2_000;

/** One row of the drawn diff: a line, or a fold standing for unchanged lines. */
export type Row = { kind: "line"; line: DiffLine } | { kind: "fold"; count: number };

/** The diff's rows with long unchanged runs folded. */
export function foldUnchanged(lines: readonly DiffLine[]): Row[] {
  const rows: Row[] = [];
  const changed = lines.map((line) => line.kind !== "same");
  const near = (index: number) => {
    for (let offset = -CONTEXT_LINES; offset <= CONTEXT_LINES; offset += 1) if (changed[index + offset]) return true;
    return false;
  };
  let folded = 0;
  lines.forEach((line, index) => {
    if (line.kind === "same" && !near(index)) {
      folded += 1;
      return;
    }
    if (folded > 0) rows.push({ kind: "fold", count: folded });
    folded = 0;
    rows.push({ kind: "line", line });
  });
  if (folded > 0) rows.push({ kind: "fold", count: folded });
  return rows;
}

const SIGNS = { same: " ", added: "+", removed: "−" } as const;
const WORDS = { same: "", added: "Added: ", removed: "Removed: " } as const;

function VersionSelect({ label, value, count, onChange }: { label: string; value: number; count: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <span className={styles.versionSelect}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {Array.from({ length: count }, (_, index) => index + 1).map((number) => (
          <option key={number} value={number}>
            version {number}
          </option>
        ))}
      </select>
    </span>
  );
}

/** Props of `ArtifactChanges`. */
export type ArtifactChangesProps = { chatId: string; artifactId: string; version: number; count: number };

/** The changes view; see the module comment. */
export function ArtifactChanges({ chatId, artifactId, version, count }: ArtifactChangesProps) {
  const [from, setFrom] = useState(Math.max(1, version - 1));
  const [to, setTo] = useState(version === from ? Math.min(count, version + 1) : version);
  const before = useArtifactContent(chatId, artifactId, from);
  const after = useArtifactContent(chatId, artifactId, to);
  const diff = useMemo(() => (before.value === null || after.value === null ? null : diffLines(before.value, after.value)), [before.value, after.value]);
  const rows = useMemo(() => (diff === null ? [] : foldUnchanged(diff.lines)), [diff]);
  const drawn = rows.slice(0, MAX_DRAWN_LINES);
  const error = before.error ?? after.error;
  return (
    <div className={styles.changes}>
      <div className={styles.changesPick}>
        <VersionSelect label="Compare" value={from} count={count} onChange={setFrom} />
        <VersionSelect label="with" value={to} count={count} onChange={setTo} />
      </div>
      {error !== null ? (
        <p className={styles.notice} role="alert">
          {error}
        </p>
      ) : diff === null ? (
        <p className={styles.notice}>Loading…</p>
      ) : (
        <figure className={styles.diff}>
          <figcaption className={styles.diffSummary}>
            {from === to
              ? "The same version on both sides: nothing changed."
              : diff.added + diff.removed === 0
                ? `Version ${from} and version ${to} are the same.`
                : `From version ${from} to version ${to}: ${plural(diff.added, "line")} added, ${plural(diff.removed, "line")} removed.`}
            {diff.minimal ? "" : " (Too many changes to pair up line by line: the changed part is shown removed, then added.)"}
          </figcaption>
          <div className={styles.diffLines} role="list" aria-label={`Changes from version ${from} to version ${to}`} tabIndex={0}>
            {drawn.map((row, index) =>
              row.kind === "fold" ? (
                <div key={index} role="listitem" className={styles.diffFold}>
                  {plural(row.count, "unchanged line")}
                </div>
              ) : (
                <div key={index} role="listitem" className={styles.diffLine} data-change={row.line.kind}>
                  <span className={styles.diffSign} aria-hidden="true">
                    {SIGNS[row.line.kind]}
                  </span>
                  <span className="visually-hidden">{WORDS[row.line.kind]}</span>
                  <span className={styles.diffText}>{row.line.text === "" ? "\u00a0" : row.line.text}</span>
                </div>
              ),
            )}
            {rows.length > drawn.length ? <div className={styles.diffFold}>{plural(rows.length - drawn.length, "more line")} not shown.</div> : null}
          </div>
        </figure>
      )}
    </div>
  );
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;
}
