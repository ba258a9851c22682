"use client";
/** `plot`: a bar, line, area or pie chart, aligned on one axis by `plotAxis`. */
import { useMemo } from "react";
import { plotAxis, type GenuiPlotNode } from "@/lib/genui";
import { Chart } from "../../widgets/chart/chart";
import { useGenuiPanel } from "../panel-context";
import type { ChartRow, ChartSeries } from "../../widgets/chart/chart-data";

/** The chart's rows and series for a plot: one row per axis label, one field per series (`s0`, `s1`, …). */
export function plotChartData(node: Pick<GenuiPlotNode, "plot" | "series" | "stacked">): { rows: ChartRow[]; series: ChartSeries[] } {
  const axis = plotAxis(node);
  // Series get synthetic field names: a series named "label" or "__proto__" must not become a row key.
  const series = axis.series.map((entry, index) => ({ field: `s${index}`, name: entry.name ?? `Series ${index + 1}` }));
  const rows = axis.labels.map((label, labelIndex) => {
    const row: Record<string, string | number | null> = { label };
    axis.series.forEach((entry, seriesIndex) => {
      row[`s${seriesIndex}`] = entry.values[labelIndex] ?? null;
    });
    return row;
  });
  return { rows, series };
}

/**
 * The chart as the guide says: the x axis is the union of labels in
 * first-appearance order; a gap breaks a line and is zero for bar and area;
 * a pie draws series[0]; `stacked` clamps negatives to zero. Colours come
 * from the theme, never from the spec.
 */
export function PlotNode({ node }: { node: GenuiPlotNode }) {
  const { rows, series } = useMemo(() => plotChartData(node), [node]);
  const { streaming } = useGenuiPanel();
  return (
    <Chart
      kind={node.plot}
      rows={rows}
      series={series}
      stacked={node.stacked === true}
      height={node.height}
      xLabel={node.xLabel}
      yLabel={node.yLabel}
      arriving={streaming}
    />
  );
}
