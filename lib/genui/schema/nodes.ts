/**
 * The zod schema of every GenUI node: the shape `parseGenuiSpec` returns,
 * with the fields of the guide's tables (and of the design page for `text`,
 * `stat`, `badge`, `callout`, `table` and `button`). The parser builds nodes
 * by hand and then validates them with these schemas, so they are the
 * documentation of the output; the guide's node table is printed from them.
 */
import { z } from "zod";
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";
import { GenuiConditionSchema, GenuiFieldNameSchema } from "./condition";

const text = z.string().max(GENUI_LIMITS.stringLength);
const longText = z.string().max(GENUI_LIMITS.longTextLength);
const finite = z.number();

/** What a stat, badge or callout means; the theme picks its colour. */
export const GenuiToneSchema = z.enum(["neutral", "info", "success", "warning", "danger"]);

/** What a stat, badge or callout means. */
export type GenuiTone = z.infer<typeof GenuiToneSchema>;

/** A JSON value inside a button payload. */
export type GenuiJsonValue = string | number | boolean | null | GenuiJsonValue[] | { [key: string]: GenuiJsonValue };

/** A JSON value inside a button payload (depth and width are bounded by the parser). */
export const GenuiJsonValueSchema: z.ZodType<GenuiJsonValue> = z.lazy(() =>
  z.union([z.string(), finite, z.boolean(), z.null(), z.array(GenuiJsonValueSchema), z.record(z.string(), GenuiJsonValueSchema)]),
);

/** A button payload: a JSON object. */
export const GenuiPayloadSchema = z.record(z.string(), GenuiJsonValueSchema);

/** An option of `select`, `radio` and `quiz`. */
export const GenuiOptionSchema = z.object({ label: text, value: text });

/** An option of `select`, `radio` and `quiz`. */
export type GenuiOption = z.infer<typeof GenuiOptionSchema>;

/** A table cell: never a node. */
export const GenuiTableCellSchema = z.union([z.string().max(GENUI_LIMITS.cellLength), finite, z.boolean(), z.null()]);

/** A table cell. */
export type GenuiTableCell = z.infer<typeof GenuiTableCellSchema>;

function isTableCell(cell: unknown): cell is GenuiTableCell {
  return cell === null || typeof cell === "boolean" || (typeof cell === "number" && Number.isFinite(cell)) || (typeof cell === "string" && cell.length <= GENUI_LIMITS.cellLength);
}

function isTableRow(row: unknown): row is GenuiTableCell[] {
  if (!Array.isArray(row) || row.length > GENUI_LIMITS.tableColumns) return false;
  for (let index = 0; index < row.length; index += 1) if (!isTableCell(row[index])) return false;
  return true;
}

/**
 * A table's rows: up to 500 rows of up to 50 cells, each as
 * `GenuiTableCellSchema` describes it. Checked by one loop instead of a zod
 * union per cell: a full table has 25,000 cells, and per-cell unions cost
 * several times the whole rest of the parse.
 */
export const GenuiTableRowsSchema = z.custom<GenuiTableCell[][]>(
  (rows) => {
    if (!Array.isArray(rows) || rows.length > GENUI_LIMITS.tableRows) return false;
    for (let index = 0; index < rows.length; index += 1) if (!isTableRow(rows[index])) return false;
    return true;
  },
  { message: `up to ${GENUI_LIMITS.tableRows} rows of up to ${GENUI_LIMITS.tableColumns} cells, each a string, a number, a boolean or null` },
);

/** One point of a plot series. */
export const GenuiPlotPointSchema = z.object({ label: text, value: finite });

/** One series of a plot. */
export const GenuiPlotSeriesSchema = z.object({
  name: text.optional(),
  points: z.array(GenuiPlotPointSchema).max(GENUI_LIMITS.plotPoints),
});

/** One series of a plot. */
export type GenuiPlotSeries = z.infer<typeof GenuiPlotSeriesSchema>;

/** The kinds of plot. */
export const GenuiPlotKindSchema = z.enum(["bar", "line", "area", "pie"]);

/** A kind of plot. */
export type GenuiPlotKind = z.infer<typeof GenuiPlotKindSchema>;

const visibleWhen = GenuiConditionSchema.optional();

// -- read-only nodes ----------------------------------------------------------

/** `row`: a horizontal flex container. */
export const GenuiRowNodeSchema = z.object({
  type: z.literal("row"),
  gap: finite.min(0).max(GENUI_LIMITS.gapMax).optional(),
  get children(): z.ZodArray<typeof GenuiNodeSchema> {
    return z.array(GenuiNodeSchema);
  },
  visibleWhen,
});

/** `col`: a vertical flex container. */
export const GenuiColNodeSchema = z.object({
  type: z.literal("col"),
  gap: finite.min(0).max(GENUI_LIMITS.gapMax).optional(),
  get children(): z.ZodArray<typeof GenuiNodeSchema> {
    return z.array(GenuiNodeSchema);
  },
  visibleWhen,
});

/** `card`: a bordered group. */
export const GenuiCardNodeSchema = z.object({
  type: z.literal("card"),
  title: text.optional(),
  get children(): z.ZodArray<typeof GenuiNodeSchema> {
    return z.array(GenuiNodeSchema);
  },
  visibleWhen,
});

/** `list`: a bulleted list. */
export const GenuiListNodeSchema = z.object({
  type: z.literal("list"),
  items: z.array(z.union([text, z.object({ label: text, value: text.optional() })])).max(GENUI_LIMITS.listItems),
  visibleWhen,
});

/** `keyvalue`: a two-column definition list. */
export const GenuiKeyValueNodeSchema = z.object({
  type: z.literal("keyvalue"),
  items: z.array(z.object({ label: text, value: text })).max(GENUI_LIMITS.listItems),
  visibleWhen,
});

/** `progress`: a progress bar. */
export const GenuiProgressNodeSchema = z.object({
  type: z.literal("progress"),
  value: finite.min(0).max(GENUI_LIMITS.progressMax),
  label: text.optional(),
  visibleWhen,
});

/** `divider`: a rule between groups. */
export const GenuiDividerNodeSchema = z.object({ type: z.literal("divider"), visibleWhen });

/** `code`: a monospaced excerpt. */
export const GenuiCodeNodeSchema = z.object({ type: z.literal("code"), code: longText, lang: text.optional(), visibleWhen });

/** `link`: the only node carrying a URL (http, https, mailto or tel). */
export const GenuiLinkNodeSchema = z.object({
  type: z.literal("link"),
  text: text.optional(),
  href: z.string().max(GENUI_LIMITS.hrefLength),
  visibleWhen,
});

/** `collapsible`: a foldable section. */
export const GenuiCollapsibleNodeSchema = z.object({
  type: z.literal("collapsible"),
  title: text,
  get children(): z.ZodArray<typeof GenuiNodeSchema> {
    return z.array(GenuiNodeSchema);
  },
  open: z.boolean().optional(),
  visibleWhen,
});

/** `plot`: a bar, line, area or pie chart. */
export const GenuiPlotNodeSchema = z.object({
  type: z.literal("plot"),
  plot: GenuiPlotKindSchema,
  series: z.array(GenuiPlotSeriesSchema).max(GENUI_LIMITS.plotSeries),
  stacked: z.boolean().optional(),
  legend: z.boolean().optional(),
  xLabel: text.optional(),
  yLabel: text.optional(),
  height: finite.min(GENUI_BUDGETS.plotHeightMin).max(GENUI_BUDGETS.plotHeightMax).optional(),
  visibleWhen,
});

/** `mermaid`: a mermaid diagram. */
export const GenuiMermaidNodeSchema = z.object({ type: z.literal("mermaid"), code: longText, visibleWhen });

/** `text`: a paragraph of plain text (no Markdown, no HTML). */
export const GenuiTextNodeSchema = z.object({ type: z.literal("text"), text, visibleWhen });

/** `stat`: a stat card. */
export const GenuiStatNodeSchema = z.object({
  type: z.literal("stat"),
  label: text,
  value: z.union([text, finite]),
  delta: text.optional(),
  tone: GenuiToneSchema.optional(),
  visibleWhen,
});

/** `badge`: a short tag. */
export const GenuiBadgeNodeSchema = z.object({ type: z.literal("badge"), text, tone: GenuiToneSchema.optional(), visibleWhen });

/** `callout`: a highlighted note. */
export const GenuiCalloutNodeSchema = z.object({
  type: z.literal("callout"),
  text,
  title: text.optional(),
  tone: GenuiToneSchema.optional(),
  visibleWhen,
});

/** `table`: columns and rows of scalar cells, optionally filtered by a field and sortable. */
export const GenuiTableNodeSchema = z.object({
  type: z.literal("table"),
  columns: z.array(text).max(GENUI_LIMITS.tableColumns),
  rows: GenuiTableRowsSchema,
  filterBy: z.object({ field: GenuiFieldNameSchema, column: text }).optional(),
  sortable: z.boolean().optional(),
  visibleWhen,
});

// -- interactive nodes (octo-ui fence only) -----------------------------------

const options = z.array(GenuiOptionSchema).max(GENUI_LIMITS.options);

/**
 * `required` (input, textarea, select; an extension to the guide, see
 * design/genui-dialect.md "Extending the dialect"): while such a field shows
 * and holds no text but spaces, every `button` of the fence waits. Absent is
 * the guide's behaviour: a button sends whatever the fields hold.
 */
const required = z.boolean().optional();

/** `input`: a plain text input; there is no type switch. */
export const GenuiInputNodeSchema = z.object({
  type: z.literal("input"),
  field: GenuiFieldNameSchema,
  label: text.optional(),
  placeholder: text.optional(),
  value: text.optional(),
  required,
  visibleWhen,
});

/** `select`: a drop-down of options. */
export const GenuiSelectNodeSchema = z.object({
  type: z.literal("select"),
  field: GenuiFieldNameSchema,
  label: text.optional(),
  options,
  value: text.optional(),
  required,
  visibleWhen,
});

/** `checkbox`: a boolean field. */
export const GenuiCheckboxNodeSchema = z.object({
  type: z.literal("checkbox"),
  field: GenuiFieldNameSchema,
  label: text.optional(),
  checked: z.boolean().optional(),
  visibleWhen,
});

/** `switch`: a boolean field drawn as a toggle. */
export const GenuiSwitchNodeSchema = z.object({
  type: z.literal("switch"),
  field: GenuiFieldNameSchema,
  label: text.optional(),
  checked: z.boolean().optional(),
  visibleWhen,
});

/** `radio`: one of several options. */
export const GenuiRadioNodeSchema = z.object({
  type: z.literal("radio"),
  field: GenuiFieldNameSchema,
  label: text.optional(),
  options,
  value: text.optional(),
  visibleWhen,
});

/** One tab of a `tabs` node. */
export const GenuiTabSchema = z.object({
  label: text,
  get children(): z.ZodArray<typeof GenuiNodeSchema> {
    return z.array(GenuiNodeSchema);
  },
});

/** `tabs`: tabbed sections. */
export const GenuiTabsNodeSchema = z.object({
  type: z.literal("tabs"),
  tabs: z.array(GenuiTabSchema).max(GENUI_LIMITS.tabs),
  visibleWhen,
});

/** `slider`: a number between `min` and `max` (max > min; the parser fills `step`). */
export const GenuiSliderNodeSchema = z.object({
  type: z.literal("slider"),
  field: GenuiFieldNameSchema,
  min: finite,
  max: finite,
  step: finite.positive().optional(),
  label: text.optional(),
  value: finite.optional(),
  visibleWhen,
});

/** `number`: a numeric input. */
export const GenuiNumberNodeSchema = z.object({
  type: z.literal("number"),
  field: GenuiFieldNameSchema,
  min: finite.optional(),
  max: finite.optional(),
  step: finite.positive().optional(),
  label: text.optional(),
  value: finite.optional(),
  visibleWhen,
});

/** `textarea`: long free text. */
export const GenuiTextareaNodeSchema = z.object({
  type: z.literal("textarea"),
  field: GenuiFieldNameSchema,
  label: text.optional(),
  placeholder: text.optional(),
  value: longText.optional(),
  rows: finite.min(GENUI_LIMITS.textareaRowsMin).max(GENUI_LIMITS.textareaRowsMax).optional(),
  required,
  visibleWhen,
});

/** `quiz`: a question scored in the browser. */
export const GenuiQuizNodeSchema = z.object({
  type: z.literal("quiz"),
  field: GenuiFieldNameSchema,
  question: text,
  options,
  correct: text,
  explanation: text.optional(),
  visibleWhen,
});

/** `button`: fires the `[octo-ui-action]` envelope with every field of its fence. */
export const GenuiButtonNodeSchema = z.object({
  type: z.literal("button"),
  label: text,
  action: text.min(1),
  payload: GenuiPayloadSchema.optional(),
  visibleWhen,
});

/** Any GenUI node, discriminated by `type`. */
export const GenuiNodeSchema: z.ZodDiscriminatedUnion<
  [
    typeof GenuiRowNodeSchema,
    typeof GenuiColNodeSchema,
    typeof GenuiCardNodeSchema,
    typeof GenuiListNodeSchema,
    typeof GenuiKeyValueNodeSchema,
    typeof GenuiProgressNodeSchema,
    typeof GenuiDividerNodeSchema,
    typeof GenuiCodeNodeSchema,
    typeof GenuiLinkNodeSchema,
    typeof GenuiCollapsibleNodeSchema,
    typeof GenuiPlotNodeSchema,
    typeof GenuiMermaidNodeSchema,
    typeof GenuiTextNodeSchema,
    typeof GenuiStatNodeSchema,
    typeof GenuiBadgeNodeSchema,
    typeof GenuiCalloutNodeSchema,
    typeof GenuiTableNodeSchema,
    typeof GenuiInputNodeSchema,
    typeof GenuiSelectNodeSchema,
    typeof GenuiCheckboxNodeSchema,
    typeof GenuiSwitchNodeSchema,
    typeof GenuiRadioNodeSchema,
    typeof GenuiTabsNodeSchema,
    typeof GenuiSliderNodeSchema,
    typeof GenuiNumberNodeSchema,
    typeof GenuiTextareaNodeSchema,
    typeof GenuiQuizNodeSchema,
    typeof GenuiButtonNodeSchema,
  ]
> = z.discriminatedUnion("type", [
  GenuiRowNodeSchema,
  GenuiColNodeSchema,
  GenuiCardNodeSchema,
  GenuiListNodeSchema,
  GenuiKeyValueNodeSchema,
  GenuiProgressNodeSchema,
  GenuiDividerNodeSchema,
  GenuiCodeNodeSchema,
  GenuiLinkNodeSchema,
  GenuiCollapsibleNodeSchema,
  GenuiPlotNodeSchema,
  GenuiMermaidNodeSchema,
  GenuiTextNodeSchema,
  GenuiStatNodeSchema,
  GenuiBadgeNodeSchema,
  GenuiCalloutNodeSchema,
  GenuiTableNodeSchema,
  GenuiInputNodeSchema,
  GenuiSelectNodeSchema,
  GenuiCheckboxNodeSchema,
  GenuiSwitchNodeSchema,
  GenuiRadioNodeSchema,
  GenuiTabsNodeSchema,
  GenuiSliderNodeSchema,
  GenuiNumberNodeSchema,
  GenuiTextareaNodeSchema,
  GenuiQuizNodeSchema,
  GenuiButtonNodeSchema,
]);

/** Any GenUI node. */
export type GenuiNode = z.infer<typeof GenuiNodeSchema>;
/** A node's `type`. */
export type GenuiNodeType = GenuiNode["type"];
/** A `row` node. */
export type GenuiRowNode = z.infer<typeof GenuiRowNodeSchema>;
/** A `col` node. */
export type GenuiColNode = z.infer<typeof GenuiColNodeSchema>;
/** A `card` node. */
export type GenuiCardNode = z.infer<typeof GenuiCardNodeSchema>;
/** A `list` node. */
export type GenuiListNode = z.infer<typeof GenuiListNodeSchema>;
/** A `keyvalue` node. */
export type GenuiKeyValueNode = z.infer<typeof GenuiKeyValueNodeSchema>;
/** A `progress` node. */
export type GenuiProgressNode = z.infer<typeof GenuiProgressNodeSchema>;
/** A `divider` node. */
export type GenuiDividerNode = z.infer<typeof GenuiDividerNodeSchema>;
/** A `code` node. */
export type GenuiCodeNode = z.infer<typeof GenuiCodeNodeSchema>;
/** A `link` node. */
export type GenuiLinkNode = z.infer<typeof GenuiLinkNodeSchema>;
/** A `collapsible` node. */
export type GenuiCollapsibleNode = z.infer<typeof GenuiCollapsibleNodeSchema>;
/** A `plot` node. */
export type GenuiPlotNode = z.infer<typeof GenuiPlotNodeSchema>;
/** A `mermaid` node. */
export type GenuiMermaidNode = z.infer<typeof GenuiMermaidNodeSchema>;
/** A `text` node. */
export type GenuiTextNode = z.infer<typeof GenuiTextNodeSchema>;
/** A `stat` node. */
export type GenuiStatNode = z.infer<typeof GenuiStatNodeSchema>;
/** A `badge` node. */
export type GenuiBadgeNode = z.infer<typeof GenuiBadgeNodeSchema>;
/** A `callout` node. */
export type GenuiCalloutNode = z.infer<typeof GenuiCalloutNodeSchema>;
/** A `table` node. */
export type GenuiTableNode = z.infer<typeof GenuiTableNodeSchema>;
/** An `input` node. */
export type GenuiInputNode = z.infer<typeof GenuiInputNodeSchema>;
/** A `select` node. */
export type GenuiSelectNode = z.infer<typeof GenuiSelectNodeSchema>;
/** A `checkbox` node. */
export type GenuiCheckboxNode = z.infer<typeof GenuiCheckboxNodeSchema>;
/** A `switch` node. */
export type GenuiSwitchNode = z.infer<typeof GenuiSwitchNodeSchema>;
/** A `radio` node. */
export type GenuiRadioNode = z.infer<typeof GenuiRadioNodeSchema>;
/** A `tabs` node. */
export type GenuiTabsNode = z.infer<typeof GenuiTabsNodeSchema>;
/** One tab of a `tabs` node. */
export type GenuiTab = z.infer<typeof GenuiTabSchema>;
/** A `slider` node. */
export type GenuiSliderNode = z.infer<typeof GenuiSliderNodeSchema>;
/** A `number` node. */
export type GenuiNumberNode = z.infer<typeof GenuiNumberNodeSchema>;
/** A `textarea` node. */
export type GenuiTextareaNode = z.infer<typeof GenuiTextareaNodeSchema>;
/** A `quiz` node. */
export type GenuiQuizNode = z.infer<typeof GenuiQuizNodeSchema>;
/** A `button` node. */
export type GenuiButtonNode = z.infer<typeof GenuiButtonNodeSchema>;
/** Any node that sets a field (everything interactive but `tabs` and `button`). */
export type GenuiControlNode =
  | GenuiInputNode
  | GenuiSelectNode
  | GenuiCheckboxNode
  | GenuiSwitchNode
  | GenuiRadioNode
  | GenuiSliderNode
  | GenuiNumberNode
  | GenuiTextareaNode
  | GenuiQuizNode;
