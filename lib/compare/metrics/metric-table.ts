/**
 * The comparison's summary table: one row per metric, one column per slot
 * (its samples summarized as median and spread), the best value per metric
 * marked, and Markdown and CSV copies of it.
 */
import type { UiDialect } from "@/lib/chat/wire";
import type { PaneMetrics } from "./pane-metrics";
import { summarize } from "./summary-statistics";

/** One metric of the table. */
export type MetricDefinition = {
  key: string;
  label: string;
  /** What the number is in ("ms", "tokens", "USD", "%", …); "" for a plain count. */
  unit: string;
  /** Which way is better; null when neither is (a longer reply is not better or worse). */
  better: "lower" | "higher" | null;
  /** The metric of one pane; null when it was not measured. */
  value: (metrics: PaneMetrics) => number | null;
  /** The value as the table shows it. */
  format: (value: number) => string;
};

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, count) => total + count, 0);

/** Milliseconds under a second as "850 ms", longer as "1.25 s". */
function formatMilliseconds(value: number): string {
  return value < 1000 ? `${trim(value, 0)} ms` : `${trim(value / 1000, 2)} s`;
}

/** A count; a median of an even number of samples may be a half. */
function formatCount(value: number): string {
  return Number.isInteger(value) ? groupThousands(value) : trim(value, 1);
}

function groupThousands(value: number): string {
  const [whole = "0", fraction] = String(Math.round(value * 10) / 10).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Fixed decimals without trailing zeros. */
function trim(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

const dialectLabel: Record<UiDialect, string> = { ui: "ui", "octo-ui": "octo-ui", render_ui: "render_ui" };

const tokensPerNodeMetric = (dialect: UiDialect): MetricDefinition => ({
  key: `uiTokensPerNode.${dialect}`,
  label: `UI tokens per node (${dialectLabel[dialect]})`,
  unit: "tokens/node",
  better: "lower",
  value: (metrics) => metrics.uiTokensPerNode[dialect],
  format: (value) => trim(value, 1),
});

/** The summary rows, in the order the table shows them. */
export const METRICS: readonly MetricDefinition[] = [
  { key: "firstTokenMs", label: "First token", unit: "ms", better: "lower", value: (metrics) => metrics.firstTokenMs, format: formatMilliseconds },
  { key: "firstBlockMs", label: "First rendered block", unit: "ms", better: "lower", value: (metrics) => metrics.firstBlockMs, format: formatMilliseconds },
  { key: "finalMs", label: "Final tree", unit: "ms", better: "lower", value: (metrics) => metrics.finalMs, format: formatMilliseconds },
  { key: "totalMs", label: "Total", unit: "ms", better: "lower", value: (metrics) => metrics.totalMs, format: formatMilliseconds },
  { key: "tokensIn", label: "Tokens in", unit: "tokens", better: null, value: (metrics) => metrics.tokensIn, format: formatCount },
  { key: "tokensOut", label: "Tokens out", unit: "tokens", better: null, value: (metrics) => metrics.tokensOut, format: formatCount },
  { key: "tokensPerSecond", label: "Tokens per second", unit: "tokens/s", better: "higher", value: (metrics) => metrics.tokensPerSecond, format: (value) => trim(value, 1) },
  { key: "costUsd", label: "Cost", unit: "USD", better: "lower", value: (metrics) => metrics.costUsd, format: (value) => `$${value.toFixed(value < 1 ? 4 : 2)}` },
  { key: "compileMs", label: "Compile time", unit: "ms", better: "lower", value: (metrics) => metrics.compileMs, format: (value) => `${trim(value, 1)} ms` },
  { key: "diagnostics", label: "Diagnostics", unit: "", better: "lower", value: (metrics) => sum(metrics.diagnostics), format: formatCount },
  { key: "budgetRefusals", label: "Budget refusals", unit: "", better: "lower", value: (metrics) => sum(metrics.budgetRefusals), format: formatCount },
  { key: "lintFindings", label: "Lint findings", unit: "", better: "lower", value: (metrics) => metrics.lintFindings, format: formatCount },
  // What a chat's repair round would have been sent (a pane is never repaired); null for a pane stored before the checks.
  { key: "dataFindings", label: "Data-check findings", unit: "", better: "lower", value: (metrics) => (metrics.dataFindings ? sum(metrics.dataFindings) : null), format: formatCount },
  { key: "blocks", label: "Blocks", unit: "", better: null, value: (metrics) => metrics.blocks, format: formatCount },
  { key: "nodes", label: "Nodes", unit: "", better: null, value: (metrics) => metrics.nodes, format: formatCount },
  { key: "uiShare", label: "UI share", unit: "%", better: null, value: (metrics) => metrics.uiShare, format: (value) => `${trim(value * 100, 0)}%` },
  tokensPerNodeMetric("ui"),
  tokensPerNodeMetric("octo-ui"),
  tokensPerNodeMetric("render_ui"),
];

/** One cell: the median of the slot's samples, its text, and whether it is the row's best. */
export type MetricCell = { value: number | null; text: string; best: boolean };

/** One row of the table. */
export type MetricRow = { key: string; label: string; unit: string; better: "lower" | "higher" | null; cells: MetricCell[] };

/** The summary table. */
export type MetricTable = { headers: string[]; rows: MetricRow[] };

/** What the table shows where a metric was not measured. */
export const MISSING_CELL_TEXT = "—";

/**
 * The summary table of the slots: each cell is the median of the slot's
 * samples, with "(min–max)" when there are several. The best value of a row
 * is marked on every cell that has it (ties all best) once at least two slots
 * measured it; rows with no better direction, and missing cells, are never best.
 */
export function metricTable(columns: readonly { label: string; metrics: readonly PaneMetrics[] }[]): MetricTable {
  const rows = METRICS.map((metric): MetricRow => {
    const summaries = columns.map((column) => summarize(column.metrics.map((metrics) => metric.value(metrics))));
    const present = summaries.flatMap((summary) => (summary === null ? [] : [summary.median]));
    const target =
      metric.better === null || present.length < 2 ? null : metric.better === "lower" ? Math.min(...present) : Math.max(...present);
    const cells = summaries.map((summary): MetricCell => {
      if (summary === null) return { value: null, text: MISSING_CELL_TEXT, best: false };
      const spreadText = summary.count > 1 ? ` (${metric.format(summary.min)}–${metric.format(summary.max)})` : "";
      return { value: summary.median, text: `${metric.format(summary.median)}${spreadText}`, best: target !== null && summary.median === target };
    });
    return { key: metric.key, label: metric.label, unit: metric.unit, better: metric.better, cells };
  });
  return { headers: ["Metric", ...columns.map((column) => column.label)], rows };
}

/** The table as GitHub Markdown; best cells in bold, pipes and line breaks in text escaped. */
export function tableMarkdown(table: MetricTable): string {
  const escape = (text: string) => text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n|\r/g, " ");
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  const lines = [line(table.headers.map(escape)), line(table.headers.map((_, index) => (index === 0 ? "---" : "---:")))];
  for (const row of table.rows) {
    lines.push(line([escape(row.label), ...row.cells.map((cell) => (cell.best ? `**${escape(cell.text)}**` : escape(cell.text)))]));
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The table as CSV (RFC 4180: CRLF line ends, fields holding a comma, quote
 * or line break quoted, quotes doubled). A field starting with = + - @ (or a
 * tab or carriage return) gets a leading ' so a spreadsheet does not run it as
 * a formula: a column label is a model name a person typed. Cells are the
 * shown text by default, or the median number with `values: "raw"`.
 */
export function tableCsv(table: MetricTable, options: { values?: "text" | "raw" } = {}): string {
  const raw = options.values === "raw";
  const records = [
    [...table.headers.slice(0, 1), "Unit", ...table.headers.slice(1)],
    ...table.rows.map((row) => [row.label, row.unit, ...row.cells.map((cell) => (raw ? (cell.value === null ? "" : String(cell.value)) : cell.text))]),
  ];
  return records.map((record) => record.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** One CSV field, guarded against formula injection and quoted when needed. */
export function csvField(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}
