/**
 * A chart's rows as the drawing needs them: one point per row with its label
 * and one value per series, gaps filled by the chart kind's rule — `line`
 * breaks at a missing value (null), `bar` and `area` draw it as zero, `pie`
 * draws one series. Under `stacked`, and in a pie, a negative value is drawn
 * as zero (stacks and slices of a negative size mean nothing).
 */
import type { UiChartMark } from "@/lib/ui/catalog/chart-marks";
import { UI_PROP_LIMITS } from "@/lib/ui/catalog/prop-limits";

/** What kind of chart. */
export type ChartKind = "bar" | "line" | "area" | "pie";

/** One drawn series: the row field it reads and its name in the legend (default: the field). */
export type ChartSeries = { field: string; name?: string };

/** One row of a chart: a `label` and numeric fields. */
export type ChartRow = Readonly<Record<string, unknown>>;

/** One point of the drawing: its label and a value (or gap) per series key. */
export type ChartPoint = { label: string } & { [seriesKey: string]: string | number | null };

/** A series as drawn: its key in the points, the field it came from, its shown name and colour. */
export type ChartDrawnSeries = { key: string; field: string; name: string; color: string };

/** The drawing of a chart. */
export type ChartData = {
  points: ChartPoint[];
  series: ChartDrawnSeries[];
  /** Rows left out past `CHART_MAX_POINTS`. */
  omittedRows: number;
};

/** Points drawn: more cannot be told apart on a panel's width, and recharts slows down well before a reply's 10,000 rows. */
export const CHART_MAX_POINTS = 500;

/** Series drawn: more is unreadable as colours (the catalog's own cap). */
export const CHART_MAX_SERIES = 12;

/** Colours of the theme (chart.module.css defines them for light and dark); series take them in turn. */
export const CHART_PALETTE_SIZE = 8;

/** The theme colour of the series or slice at `index`. */
export function chartColor(index: number): string {
  return `var(--chart-color-${(index % CHART_PALETTE_SIZE) + 1})`;
}

/** A row's own field (never an inherited one). */
function field(row: ChartRow, name: string): unknown {
  return Object.hasOwn(row, name) ? row[name] : undefined;
}

/** The label of a row: its `label` field as text, or its position. */
function rowLabel(row: ChartRow, index: number): string {
  const label = field(row, "label");
  if (typeof label === "string") return label;
  if (typeof label === "number" && Number.isFinite(label)) return String(label);
  return `#${index + 1}`;
}

/** Every field holding a finite number in some row, `label` aside, in first-appearance order. */
export function numericFields(rows: readonly ChartRow[]): string[] {
  const fields: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const [name, value] of Object.entries(row)) {
      if (name === "label" || seen.has(name) || typeof value !== "number" || !Number.isFinite(value)) continue;
      seen.add(name);
      fields.push(name);
    }
  }
  return fields;
}

/** Prepares `rows` for drawing by the kind's gap rule (see the file comment). */
export function chartData(options: {
  kind: ChartKind;
  rows: readonly ChartRow[];
  series?: readonly ChartSeries[];
  stacked?: boolean;
}): ChartData {
  const { kind, rows } = options;
  const requested: readonly ChartSeries[] =
    options.series && options.series.length > 0 ? options.series : numericFields(rows).map((name) => ({ field: name }));
  const drawn = requested.slice(0, kind === "pie" ? 1 : CHART_MAX_SERIES);
  const series = drawn.map((entry, index) => ({
    key: `series${index}`,
    field: entry.field,
    name: entry.name ?? entry.field,
    color: chartColor(index),
  }));
  const gap = kind === "line" ? null : 0;
  const clampNegative = kind === "pie" || (options.stacked === true && kind !== "line");
  const kept = rows.slice(0, CHART_MAX_POINTS);
  const points = kept.map((row, index) => {
    const point: ChartPoint = { label: rowLabel(row, index) };
    for (const entry of series) {
      const value = field(row, entry.field);
      if (typeof value !== "number" || !Number.isFinite(value)) point[entry.key] = gap;
      else point[entry.key] = clampNegative && value < 0 ? 0 : value;
    }
    return point;
  });
  return { points, series, omittedRows: rows.length - kept.length };
}

/** A reference mark: a line at one x value (a row's label) or at one y value, with an optional label (the catalog's shape). */
export type ChartMark = UiChartMark;

/** Marks drawn on one chart: the catalog's own cap; past it, lines hide the data. */
export const CHART_MAX_MARKS = UI_PROP_LIMITS.chartMarks;

/** The marks a chart can draw: y marks always (the axis grows to hold them), x marks at a drawn point's label; the rest are off the axis. */
export function chartMarks(marks: readonly ChartMark[], points: readonly ChartPoint[]): { drawn: ChartMark[]; offAxis: ChartMark[] } {
  const labels = new Set(points.map((point) => point.label));
  const drawn: ChartMark[] = [];
  const offAxis: ChartMark[] = [];
  for (const mark of marks.slice(0, CHART_MAX_MARKS)) {
    if ("y" in mark || labels.has(String(mark.x))) drawn.push(mark);
    else offAxis.push(mark);
  }
  return { drawn, offAxis };
}
