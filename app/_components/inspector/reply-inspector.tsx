"use client";
/**
 * A reply's inspector: one disclosure under a stored reply — "Notes: 2 parts
 * could not be shown, 1 value was adjusted" — that opens the list of every
 * finding of the reply, grouped by the part it is about, each in plain words
 * first, then its code, place and message, and the source around it with the
 * place marked. Everything model-written is drawn as text, its controls,
 * bidi and invisible characters as marks (`⟨U+202E⟩`), so the source reads
 * in the order it is stored in. Escape closes it.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { ReplyRepair } from "@/lib/chat/final/reply-repair";
import type { GenuiFenceRecord, ReceiptEntry, ToolCard } from "@/lib/chat/wire";
import { visibleControls } from "@/lib/security/visible-controls";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { dataCheckLabel, dataCheckNote } from "./finding-words";
import { inspectReply, type InspectorFinding, type InspectorGroup } from "./inspect-reply";
import { useEvaluatedDiagnostics } from "./inspector-scope";
import { RepairRecord, repairSummary } from "./repair-record";
import type { SourceExcerpt } from "./source-excerpt";
import styles from "./inspector.module.css";

/** Props of `ReplyInspector`: a stored reply's text, parts and receipt. */
export type ReplyInspectorProps = {
  text: string;
  blocks: readonly UiBlock[];
  fences: readonly GenuiFenceRecord[];
  tools: readonly ToolCard[];
  receipt: readonly ReceiptEntry[];
  /** The reply's repair round, when one ran: what a repaired version fixed, or why an original's repair failed. */
  repair?: ReplyRepair;
  /** Shown when there are no findings (default: nothing is drawn). */
  empty?: string;
};

/** The inspector of one stored reply (see the file comment). */
export function ReplyInspector({ text, blocks, fences, tools, receipt, repair, empty }: ReplyInspectorProps) {
  const evaluated = useEvaluatedDiagnostics();
  const inspection = useMemo(() => inspectReply({ text, blocks, fences, tools, receipt, evaluated }), [text, blocks, fences, tools, receipt, evaluated]);
  const details = useRef<HTMLDetailsElement>(null);
  // The list is drawn only while open: closed, the reply's source must not stand in the page twice (finding its text, a reader or a test meets it once).
  const [open, setOpen] = useState(false);
  if (inspection.total === 0 && repair === undefined) return empty === undefined ? null : <p className={styles.empty}>{empty}</p>;
  const summary = [repair ? repairSummary(repair) : null, inspection.total > 0 ? inspection.summary : null].filter((part) => part !== null).join(", ");
  const close = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const element = details.current;
    if (event.key !== "Escape" || element === null || !element.open) return;
    event.preventDefault();
    event.stopPropagation();
    element.open = false;
    element.querySelector("summary")?.focus();
  };
  return (
    <details ref={details} className={styles.inspector} data-inspector="" data-diagnostics={inspection.total} onKeyDown={close} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={styles.summary}>
        <span className={styles.label}>Notes:</span> {summary}
      </summary>
      {open ? (
        <div className={styles.panel}>
          <p className={styles.intro}>Everything the app noticed or changed while showing this reply, part by part. Codes and messages are the ones the model is told.</p>
          {repair ? <RepairRecord repair={repair} /> : null}
          {inspection.groups.map((group) => (
            <Group key={group.key} group={group} />
          ))}
        </div>
      ) : null}
    </details>
  );
}

function Group({ group }: { group: InspectorGroup }) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className={styles.group} data-group={group.key}>
      <p id={titleId} className={styles.groupTitle}>
        {group.title}
        {group.dialect ? (
          <>
            {" "}
            <span className={styles.dialect}>{group.dialect}</span>
          </>
        ) : null}
      </p>
      <ol className={styles.findings}>
        {group.findings.map((finding, index) => (
          <Finding key={index} finding={finding} />
        ))}
        {group.more > 0 ? <li className={styles.more}>{`and ${group.more} more`}</li> : null}
      </ol>
    </div>
  );
}

function Finding({ finding }: { finding: InspectorFinding }) {
  return (
    <li className={styles.finding} data-kind={finding.kind} data-code={finding.code}>
      <p className={styles.sentence}>{finding.sentence}</p>
      <p className={styles.facts}>
        <code className={styles.code}>{finding.code}</code> <span className={styles.place}>{finding.place}</span>
        {finding.check !== undefined ? (
          <>
            {" "}
            <span className={styles.check} data-check={finding.check}>
              {dataCheckLabel(finding.check)}
            </span>
          </>
        ) : null}
      </p>
      {finding.check !== undefined ? <p className={styles.checkNote}>{dataCheckNote(finding.check)}</p> : null}
      <p className={styles.message}>{visibleControls(finding.message)}</p>
      {finding.excerpt ? <Excerpt excerpt={finding.excerpt} /> : null}
    </li>
  );
}

function Excerpt({ excerpt }: { excerpt: SourceExcerpt }) {
  const first = excerpt.lines[0]?.number ?? 1;
  const last = excerpt.lines.at(-1)?.number ?? first;
  return (
    <pre className={styles.excerpt} role="figure" aria-label={first === last ? `Source, line ${first}` : `Source, lines ${first} to ${last}`}>
      <code>
        {excerpt.lines.map((line) => {
          const mark = line.mark;
          return (
            <span key={line.number} className={styles.line}>
              <span className={styles.lineNumber} aria-hidden="true">
                {line.number}
              </span>
              <span className={styles.lineText}>
                {line.cutBefore ? "…" : ""}
                {visibleControls(mark ? line.text.slice(0, mark.start) : line.text)}
                {mark ? <mark className={mark.start === mark.end ? `${styles.mark} ${styles.emptyMark}` : styles.mark}>{visibleControls(line.text.slice(mark.start, mark.end))}</mark> : null}
                {mark ? visibleControls(line.text.slice(mark.end)) : ""}
                {line.cutAfter ? "…" : ""}
              </span>
            </span>
          );
        })}
        {excerpt.markCut ? (
          <span className={styles.line}>
            <span className={styles.lineNumber} aria-hidden="true" />
            <span className={styles.lineText}>…</span>
          </span>
        ) : null}
      </code>
    </pre>
  );
}
