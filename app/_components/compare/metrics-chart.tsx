"use client";
/**
 * The panes' timings side by side: a grouped bar chart (recharts) of time to
 * first token, first rendered block and final tree, one bar per pane in each
 * group. The drawing is one labelled image whose name reads every value, and
 * a text legend names the colours, so neither colour nor the drawing is the
 * only way to the numbers. Sizes to its box (recharts' `responsive`, as the
 * chart widget does) and takes the theme's colours from CSS variables.
 */
import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { metricTable, type MetricRow, type MetricTable } from "@/lib/compare/metrics/metric-table";
import type { PaneMetrics } from "@/lib/compare/metrics/pane-metrics";
import chartStyles from "../widgets/chart/chart.module.css";
import { chartColor } from "../widgets/chart/chart-data";
import { formatNumber } from "../widgets/format/format-number";
import styles from "./compare.module.css";

/** One pane of the chart. */
export type MetricsChartPane = { label: string; metrics: PaneMetrics };

/** Props of `MetricsChart`: one entry per pane, drawn in this order. */
export type MetricsChartProps = { panes: readonly MetricsChartPane[]; title?: string; height?: number };

/** The timings drawn, in the order of their groups, each with a name under its bars short enough for three to sit side by side on a phone. */
export const CHARTED_METRICS: readonly { key: string; axisLabel: string }[] = [
  { key: "firstTokenMs", axisLabel: "First token" },
  { key: "firstBlockMs", axisLabel: "First block" },
  { key: "finalMs", axisLabel: "Final tree" },
];

/** The table's rows of the charted timings, with their axis names. */
function chartedRows(table: MetricTable): { row: MetricRow; axisLabel: string }[] {
  return CHARTED_METRICS.flatMap((metric) => {
    const row = table.rows.find((candidate) => candidate.key === metric.key);
    return row === undefined ? [] : [{ row, axisLabel: metric.axisLabel }];
  });
}

/** Height of the drawing: three groups of up to six bars read at this size on a phone. */
export const METRICS_CHART_HEIGHT = 260;

/** The text a screen reader hears for the chart: what is drawn and every value. */
export function metricsChartSummary(table: MetricTable, labels: readonly string[]): string {
  const groups = chartedRows(table).map(({ row }) => {
    const values = row.cells.map((cell, index) => `${labels[index] ?? `pane ${index + 1}`} ${cell.value === null ? "not measured" : cell.text}`);
    return `${row.label}: ${values.join(", ")}`;
  });
  const panes = `${labels.length} ${labels.length === 1 ? "pane" : "panes"}`;
  return `Bar chart of time from each pane's start, lower is better, for ${panes}. ${groups.join(". ")}.`;
}

/** The timing chart (see the file comment). */
export function MetricsChart({ panes, title = "Timings", height = METRICS_CHART_HEIGHT }: MetricsChartProps) {
  const columns = useMemo(() => panes.map((pane) => ({ label: pane.label, metrics: [pane.metrics] })), [panes]);
  const table = useMemo(() => metricTable(columns), [columns]);
  const labels = columns.map((column) => column.label);
  const rows = chartedRows(table);
  const points = rows.map(({ row, axisLabel }) => {
    const point: Record<string, string | number | null> = { label: axisLabel };
    row.cells.forEach((cell, index) => {
      point[seriesKey(index)] = cell.value;
    });
    return point;
  });
  // The tooltip shows a value as the table writes it ("1.25 s"), found by group and pane.
  const texts = new Map(rows.flatMap(({ row, axisLabel }) => row.cells.map((cell, index) => [`${axisLabel}\u0000${seriesKey(index)}`, cell.text] as const)));
  const empty = columns.length === 0 || rows.every(({ row }) => row.cells.every((cell) => cell.value === null));
  const tick = { fill: "var(--color-text-muted)", fontSize: 12 };

  return (
    <figure className={`${chartStyles.chart} ${styles.section}`}>
      <figcaption className={styles.chartTitle}>{title}</figcaption>
      {empty ? (
        <p className={styles.note}>No timings measured yet.</p>
      ) : (
        <div className={styles.chartCanvas} role="img" aria-label={metricsChartSummary(table, labels)} style={{ height }}>
          <BarChart data={points} responsive style={{ width: "100%", height }} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
            <XAxis dataKey="label" tick={tick} stroke="var(--color-border)" interval={0} />
            <YAxis tick={tick} stroke="var(--color-border)" width={56} tickFormatter={axisTickText} />
            <Tooltip
              formatter={(value, name, item) => [texts.get(`${String(item.payload?.label)}\u0000${String(item.dataKey)}`) ?? String(value), name]}
              contentStyle={tooltipStyle}
              labelStyle={{ color: "var(--color-text)" }}
              itemStyle={{ color: "var(--color-text)" }}
              cursor={{ fill: "var(--color-surface-muted)" }}
            />
            {columns.map((column, index) => (
              <Bar key={seriesKey(index)} dataKey={seriesKey(index)} name={column.label} fill={chartColor(index)} isAnimationActive={false} />
            ))}
          </BarChart>
        </div>
      )}
      <ul className={styles.legend} aria-label="Legend">
        {columns.map((column, index) => (
          <li key={index}>
            <span className={styles.swatch} style={{ background: chartColor(index) }} aria-hidden="true" />
            {column.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** An axis tick short enough for the axis's width: "500 ms", "1.5 s", "12 s". */
function axisTickText(value: number): string {
  return value < 1000 ? `${formatNumber(value)} ms` : `${formatNumber(Number((value / 1000).toFixed(1)))} s`;
}

/** A pane's key in the points: its position, since labels are free text (a model name may hold a dot, which recharts reads as a path). */
function seriesKey(index: number): string {
  return `pane${index}`;
}

const tooltipStyle = {
  background: "var(--color-surface)",
  border: "1px solid var(--color-border)",
  borderRadius: "var(--radius-small)",
  color: "var(--color-text)",
} as const;
