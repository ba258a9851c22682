/** Reading a `plot`: its kind, up to 8 series of up to 100 points, and its display options. */
import type { GenuiPath } from "../diagnostics/path";
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";
import { GenuiPlotKindSchema, type GenuiPlotNode, type GenuiPlotSeries } from "../schema/nodes";
import { MISSING, NodeFields } from "./node-fields";
import { isRawRecord } from "./raw";
import { readCapped } from "./read-capped";
import { INVALID } from "./read-values";
import type { SpecWalk } from "./spec-walk";

const SERIES_KEYS: ReadonlySet<string> = new Set(["name", "points"]);
const POINT_KEYS: ReadonlySet<string> = new Set(["label", "value"]);

function readPoint(walk: SpecWalk, value: unknown, path: GenuiPath): { label: string; value: number } | typeof INVALID {
  if (!isRawRecord(value)) return INVALID;
  const fields = new NodeFields(walk, value, path);
  const label = fields.requiredText("label");
  const pointValue = fields.requiredNumber("value");
  if (label === MISSING || pointValue === MISSING) return INVALID;
  fields.reportUnknown(POINT_KEYS);
  return { label, value: pointValue };
}

function readSeries(walk: SpecWalk, value: unknown, path: GenuiPath): GenuiPlotSeries | typeof INVALID {
  if (!isRawRecord(value)) return INVALID;
  const fields = new NodeFields(walk, value, path);
  const name = fields.optionalText("name");
  const pointList = fields.requiredList("points");
  if (pointList === MISSING) return INVALID;
  fields.reportUnknown(SERIES_KEYS);
  const options = { cap: GENUI_LIMITS.plotPoints, noun: "points", spendsEntries: true };
  const points = readCapped(walk, pointList, path.child("points"), options, readPoint);
  return name === undefined ? { points } : { name, points };
}

/** Reads a plot's fields; `MISSING` when its kind or its series are unusable. */
export function readPlot(fields: NodeFields): Omit<GenuiPlotNode, "type" | "visibleWhen"> | typeof MISSING {
  const { walk, path } = fields;
  const plot = fields.requiredChoice("plot", GenuiPlotKindSchema.options);
  const seriesList = fields.requiredList("series");
  if (plot === MISSING || seriesList === MISSING) return MISSING;
  const options = { cap: GENUI_LIMITS.plotSeries, noun: "series", spendsEntries: false };
  const series = readCapped(walk, seriesList, path.child("series"), options, readSeries);
  const node: Omit<GenuiPlotNode, "type" | "visibleWhen"> = { plot, series };
  const stacked = fields.optionalBoolean("stacked");
  if (stacked !== undefined) node.stacked = stacked;
  const legend = fields.optionalBoolean("legend");
  if (legend !== undefined) node.legend = legend;
  const xLabel = fields.optionalText("xLabel");
  if (xLabel !== undefined) node.xLabel = xLabel;
  const yLabel = fields.optionalText("yLabel");
  if (yLabel !== undefined) node.yLabel = yLabel;
  const height = fields.optionalNumber("height", { min: GENUI_BUDGETS.plotHeightMin, max: GENUI_BUDGETS.plotHeightMax });
  if (height !== undefined) node.height = height;
  return node;
}
