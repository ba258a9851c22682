"use client";

import { useMemo, type ReactNode } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatNumber } from "../format/format-number";
import { chartColor, chartData, chartMarks, type ChartData, type ChartKind, type ChartMark, type ChartRow, type ChartSeries } from "./chart-data";
import styles from "./chart.module.css";

/** Props of `Chart`. */
export type ChartProps = {
  /** bar, line, area or pie. */
  kind: ChartKind;
  /** Records with a `label` (the x axis or slice name) and numeric fields. */
  rows: readonly ChartRow[];
  /** The fields to draw, with legend names (default: every numeric field; a pie draws the first only). */
  series?: readonly ChartSeries[];
  /** The chart's title, shown above it and part of its accessible name. */
  title?: string;
  /** Unit of the values (axis, tooltip and table). */
  unit?: string;
  /** Stacks bars or areas. */
  stacked?: boolean;
  /** Height in CSS pixels (default `CHART_DEFAULT_HEIGHT`). */
  height?: number;
  /** Name of the x axis, when it needs one. */
  xLabel?: string;
  /** Name of the y axis, when it needs one. */
  yLabel?: string;
  /** True while its data is still arriving: no data yet draws an empty frame of the chart's height, not "No data to draw." */
  arriving?: boolean;
  /** What a chart with nothing to draw says (default "No data to draw."). */
  emptyText?: string;
  /** Reference lines at an x label (a release day) or a y value (a threshold); a pie draws none. */
  marks?: readonly ChartMark[];
};

/** Height of a chart without one: fits a chat column without scrolling. */
export const CHART_DEFAULT_HEIGHT = 260;

const KIND_NAMES: Record<ChartKind, string> = { bar: "Bar chart", line: "Line chart", area: "Area chart", pie: "Pie chart" };

/** A value as text with its unit; a gap as "no value". */
function valueText(value: unknown, unit: string | undefined): string {
  if (typeof value !== "number") return "no value";
  return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
}

/** A mark in words: "v2.1 at Tue", "SLO at 500 ms". */
export function chartMarkText(mark: ChartMark, unit: string | undefined): string {
  const at = "y" in mark ? valueText(mark.y, unit) : String(mark.x);
  return mark.label ? `${mark.label} at ${at}` : `a line at ${at}`;
}

/** The one-sentence description of a chart that screen readers hear, with its drawn marks. */
export function chartSummary(kind: ChartKind, data: ChartData, title: string | undefined, marks: readonly ChartMark[] = [], unit?: string): string {
  const points = data.points.length;
  const names = data.series.map((entry) => entry.name).join(", ");
  const subject = kind === "pie" ? `${points} ${points === 1 ? "slice" : "slices"}` : `${points} ${points === 1 ? "point" : "points"}`;
  const marked = marks.length > 0 ? ` Marked: ${marks.map((mark) => chartMarkText(mark, unit)).join("; ")}.` : "";
  return `${KIND_NAMES[kind]}${title ? `: ${title}` : ""}. ${subject}${names ? ` of ${names}` : ""}.${marked} The values are in the table that follows.`;
}

/**
 * A bar, line, area or pie chart (recharts) in the theme's colours, with an
 * accessible summary: the drawing is one labelled image, and a visually
 * hidden table carries every value.
 */
export function Chart({ kind, rows, series, title, unit, stacked = false, height = CHART_DEFAULT_HEIGHT, xLabel, yLabel, arriving = false, marks = [], emptyText }: ChartProps) {
  const data = useMemo(() => chartData({ kind, rows, series, stacked }), [kind, rows, series, stacked]);
  const marking = useMemo(() => (kind === "pie" ? { drawn: [], offAxis: [] } : chartMarks(marks, data.points)), [kind, marks, data.points]);
  const summary = chartSummary(kind, data, title, marking.drawn, unit);
  const empty = data.points.length === 0 || data.series.length === 0;
  const formatter = (value: unknown) => valueText(value, unit);
  const tick = { fill: "var(--color-text-muted)", fontSize: 12 };
  const stackId = stacked ? "stack" : undefined;
  const size = { width: "100%", height } as const;

  let drawing: ReactNode = null;
  if (!empty) {
    const axes = (
      <>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
        <XAxis
          dataKey="label"
          tick={tick}
          stroke="var(--color-border)"
          label={xLabel ? { value: xLabel, position: "insideBottom", offset: -2, fill: "var(--color-text-muted)" } : undefined}
        />
        <YAxis
          tick={tick}
          stroke="var(--color-border)"
          width={56}
          tickFormatter={(value: number) => formatNumber(value)}
          label={
            yLabel || unit
              ? { value: yLabel ?? unit, angle: -90, position: "insideLeft", fill: "var(--color-text-muted)" }
              : undefined
          }
        />
        <Tooltip formatter={formatter} contentStyle={tooltipStyle} labelStyle={{ color: "var(--color-text)" }} />
        {data.series.length > 1 ? <Legend /> : null}
        {marking.drawn.map((mark, index) => (
          <ReferenceLine
            key={`mark${index}`}
            {...("y" in mark ? { y: mark.y, ifOverflow: "extendDomain" as const } : { x: String(mark.x) })}
            stroke="var(--color-text-muted)"
            strokeDasharray="4 4"
            strokeWidth={1.5}
            label={mark.label ? { value: mark.label, position: "y" in mark ? "insideTopRight" : "insideTopLeft", fill: "var(--color-text)", fontSize: 12 } : undefined}
          />
        ))}
      </>
    );
    if (kind === "bar") {
      drawing = (
        <BarChart data={data.points} responsive style={size} accessibilityLayer={false}>
          {axes}
          {data.series.map((entry) => (
            <Bar key={entry.key} dataKey={entry.key} name={entry.name} fill={entry.color} stackId={stackId} isAnimationActive={false} />
          ))}
        </BarChart>
      );
    } else if (kind === "line") {
      drawing = (
        <LineChart data={data.points} responsive style={size} accessibilityLayer={false}>
          {axes}
          {data.series.map((entry) => (
            <Line
              key={entry.key}
              dataKey={entry.key}
              name={entry.name}
              stroke={entry.color}
              strokeWidth={2}
              dot={{ r: 3, fill: entry.color }}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      );
    } else if (kind === "area") {
      drawing = (
        <AreaChart data={data.points} responsive style={size} accessibilityLayer={false}>
          {axes}
          {data.series.map((entry) => (
            <Area
              key={entry.key}
              dataKey={entry.key}
              name={entry.name}
              stroke={entry.color}
              fill={entry.color}
              fillOpacity={0.25}
              stackId={stackId}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      );
    } else {
      const slice = data.series[0];
      drawing = slice ? (
        <PieChart responsive style={size} accessibilityLayer={false}>
          <Pie data={data.points} dataKey={slice.key} nameKey="label" name={slice.name} outerRadius="80%" isAnimationActive={false} label>
            {data.points.map((point, index) => (
              <Cell key={`${index}:${point.label}`} fill={chartColor(index)} stroke="var(--color-surface)" />
            ))}
          </Pie>
          <Tooltip formatter={formatter} contentStyle={tooltipStyle} />
          <Legend />
        </PieChart>
      ) : null;
    }
  }

  return (
    <figure className={styles.chart} data-kind={kind}>
      {title ? <figcaption className={styles.title}>{title}</figcaption> : null}
      {empty && arriving ? (
        <div className={styles.arriving} style={{ height }} data-placeholder="">
          <span className="visually-hidden">The chart&apos;s data is still arriving.</span>
        </div>
      ) : empty ? (
        <p className={styles.empty} data-live-state="empty">
          {emptyText ?? "No data to draw."}
        </p>
      ) : (
        <div className={styles.canvas} role="img" aria-label={summary} style={{ height }}>
          {drawing}
        </div>
      )}
      {!empty && marking.offAxis.length > 0 ? (
        <p className={styles.note}>{`Not on the x axis: ${marking.offAxis.map((mark) => chartMarkText(mark, unit)).join("; ")}.`}</p>
      ) : null}
      {data.omittedRows > 0 ? (
        <p className={styles.note}>{`The first ${data.points.length} rows are drawn; ${data.omittedRows} more are left out.`}</p>
      ) : null}
      {!empty ? (
        <table className="visually-hidden">
          <caption>{title ?? KIND_NAMES[kind]}</caption>
          <thead>
            <tr>
              <th scope="col">Label</th>
              {data.series.map((entry) => (
                <th key={entry.key} scope="col">
                  {entry.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.points.map((point, index) => (
              <tr key={index}>
                <th scope="row">{point.label}</th>
                {data.series.map((entry) => (
                  <td key={entry.key}>{valueText(point[entry.key], unit)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </figure>
  );
}

const tooltipStyle = {
  background: "var(--color-surface)",
  border: "1px solid var(--color-border)",
  borderRadius: "var(--radius-small)",
  color: "var(--color-text)",
} as const;
