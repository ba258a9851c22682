"use client";
/**
 * The comparison's summary table: one row per metric, one column per pane
 * (or per slot, its samples shown as median and spread), the best value of
 * each row marked, and buttons that copy it as Markdown or CSV. The table
 * scrolls sideways inside its own box, so a phone's page never does.
 */
import { useId, useMemo, useState } from "react";
import { metricTable, MISSING_CELL_TEXT, tableCsv, tableMarkdown, type MetricRow } from "@/lib/compare/metrics/metric-table";
import type { PaneMetrics } from "@/lib/compare/metrics/pane-metrics";
import styles from "./compare.module.css";

/** One column of the table: a pane, or a slot with all its samples. */
export type MetricsColumn = { label: string; metrics: readonly PaneMetrics[] };

/** Props of `MetricsTable`. */
export type MetricsTableProps = { columns: readonly MetricsColumn[] };

/** Rows whose value comes from the token counts, so an estimate of those counts makes the cell an estimate. */
const TOKEN_COUNT_ROWS: ReadonlySet<string> = new Set(["tokensIn", "tokensOut", "tokensPerSecond", "costUsd"]);

/** Rows that are always an estimate: the host counts UI tokens itself, whatever the provider reports. */
const ALWAYS_ESTIMATED_PREFIX = "uiTokensPerNode.";

/** Whether a cell shows an estimate rather than a provider's count. */
export function isEstimatedCell(row: Pick<MetricRow, "key">, column: MetricsColumn): boolean {
  if (row.key.startsWith(ALWAYS_ESTIMATED_PREFIX)) return true;
  return TOKEN_COUNT_ROWS.has(row.key) && column.metrics.some((metrics) => metrics.tokensEstimated);
}

type CopyState = { kind: "idle" } | { kind: "copied"; format: string } | { kind: "failed"; format: string; text: string };

/** The summary table (see the file comment). */
export function MetricsTable({ columns }: MetricsTableProps) {
  const table = useMemo(() => metricTable(columns), [columns]);
  const [copy, setCopy] = useState<CopyState>({ kind: "idle" });
  const fallbackId = useId();
  const anyEstimated = table.rows.some((row) => row.cells.some((cell, index) => cell.text !== MISSING_CELL_TEXT && isEstimatedCell(row, columns[index] ?? { label: "", metrics: [] })));

  const copyAs = async (format: "Markdown" | "CSV") => {
    const text = format === "Markdown" ? tableMarkdown(table) : tableCsv(table);
    try {
      // Absent outside a secure context (plain http), and it rejects without permission.
      if (typeof navigator === "undefined" || navigator.clipboard === undefined) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      setCopy({ kind: "copied", format });
    } catch {
      setCopy({ kind: "failed", format, text });
    }
  };

  if (columns.length === 0) return <p className={styles.note}>No panes to measure yet.</p>;

  return (
    <div className={styles.section}>
      <div className={styles.toolbar}>
        <button type="button" className="button button-secondary button-small" onClick={() => void copyAs("Markdown")}>
          Copy as Markdown
        </button>
        <button type="button" className="button button-secondary button-small" onClick={() => void copyAs("CSV")}>
          Copy as CSV
        </button>
        <p role="status" aria-live="polite" className={`${styles.status} ${copy.kind === "failed" ? styles.statusError : ""}`}>
          {copy.kind === "copied" ? `Copied the table as ${copy.format}.` : copy.kind === "failed" ? `Could not copy to the clipboard — the ${copy.format} is below to copy by hand.` : ""}
        </p>
      </div>
      {copy.kind === "failed" ? (
        <div className={styles.fallback}>
          <label htmlFor={fallbackId}>The table as {copy.format}</label>
          <textarea id={fallbackId} readOnly value={copy.text} onFocus={(event) => event.currentTarget.select()} />
        </div>
      ) : null}
      {/* Focusable so a keyboard can scroll it sideways; labelled by the table's caption. */}
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Metrics table">
        <table className={styles.table}>
          <caption>Metrics</caption>
          <thead>
            <tr>
              {table.headers.map((header, index) => (
                <th key={index} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  {row.label}
                  {row.better !== null ? <span className="visually-hidden">{` (${row.better} is better)`}</span> : null}
                </th>
                {row.cells.map((cell, index) => {
                  const column = columns[index];
                  const estimated = column !== undefined && cell.text !== MISSING_CELL_TEXT && isEstimatedCell(row, column);
                  return (
                    <td key={index} className={cell.best ? styles.best : undefined}>
                      {cell.text === MISSING_CELL_TEXT ? (
                        <>
                          <span aria-hidden="true">{MISSING_CELL_TEXT}</span>
                          <span className="visually-hidden">not measured</span>
                        </>
                      ) : (
                        cell.text
                      )}
                      {estimated ? (
                        <abbr className={styles.estimated} title="estimated">
                          est.
                        </abbr>
                      ) : null}
                      {cell.best ? (
                        <span className={styles.bestTag}>
                          <span className="visually-hidden">, </span>best
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>
        The best value of each row is marked <strong>best</strong> (ties share it; rows where neither direction is better have none).{" "}
        {columns.some((column) => column.metrics.length > 1) ? "A column with several samples shows their median, and the smallest–largest in brackets. " : ""}
        {MISSING_CELL_TEXT} means not measured.
        {anyEstimated ? " est.: estimated on this server — token counts when the provider reported none, UI tokens per node always." : ""}
      </p>
    </div>
  );
}
