/**
 * A plot's x axis and aligned values. The axis is the union of every
 * series' labels in first-appearance order, so series need not agree on
 * labels or length. A label a series has no point for is a gap: `null` for
 * `line` (the line breaks there), zero for `bar` and `area`. `pie` uses
 * `series[0]` only. Under `stacked`, negative values become zero, and a pie
 * slice is never negative either. A label repeated within one series keeps
 * its first point.
 */
import type { GenuiPlotNode } from "../schema/nodes";

/** The axis labels and, per series, one value (or gap) per label. */
export type GenuiPlotAxis = {
  /** The x axis, in first-appearance order. */
  labels: string[];
  /** Each drawn series, its values aligned with `labels`. */
  series: { name?: string; values: (number | null)[] }[];
};

/** Aligns a plot's series on one axis, with gaps as the plot kind draws them. */
export function plotAxis(plot: Pick<GenuiPlotNode, "plot" | "series" | "stacked">): GenuiPlotAxis {
  const drawn = plot.plot === "pie" ? plot.series.slice(0, 1) : plot.series;
  const labels: string[] = [];
  const seen = new Set<string>();
  for (const series of drawn) {
    for (const point of series.points) {
      if (!seen.has(point.label)) {
        seen.add(point.label);
        labels.push(point.label);
      }
    }
  }
  const gap = plot.plot === "line" ? null : 0;
  const clampNegative = plot.stacked === true || plot.plot === "pie";
  return {
    labels,
    series: drawn.map((series) => {
      const byLabel = new Map<string, number>();
      for (const point of series.points) if (!byLabel.has(point.label)) byLabel.set(point.label, point.value);
      const values = labels.map((label) => {
        const value = byLabel.get(label);
        if (value === undefined) return gap;
        return clampNegative && value < 0 ? 0 : value;
      });
      return series.name === undefined ? { values } : { name: series.name, values };
    }),
  };
}
