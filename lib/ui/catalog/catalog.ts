/**
 * The catalog: every component a UI block may use, defined once. The compiler
 * reads prop names, child/parent rules, bindable and action props from it;
 * the evaluator validates evaluated props with each `schema`; the texts a
 * model reads (text.ts) are generated from the same entries.
 */
import { z } from "zod";
import type { UiRecord, UiValue } from "../expression/value";
import { uiChartMarkProblem } from "./chart-marks";
import { uiChecklistAccepts, uiChecklistItem, uiChecklistItems } from "./checklist-items";
import type { UiCatalogEntry } from "./entry";
import { uiGraphEdgeProblem, uiGraphNodeProblem } from "./graph-items";
import { uiJsonListSchema } from "./json-list";
import { UI_PROP_LIMITS } from "./prop-limits";
import {
  uiBooleanProp,
  uiNumberProp,
  uiNumericString,
  UiAttachmentIdSchema,
  UiFieldNameSchema,
  UiHrefSchema,
  UiIdentifierSchema,
  UiLabelSchema,
  UiLanguageSchema,
  UiLineSchema,
  UiLocalNameSchema,
  UiNodeReferenceSchema,
  UiPathSchema,
  UiRevisionSchema,
  UiRowsSchema,
  UiSentenceSchema,
  UiSeriesSchema,
  UiShaSchema,
  UiTokenSchema,
} from "./prop-schemas";
import { UiToneSchema } from "./tone";
import { UI_CHIP_PRESENTATIONS } from "../link/cell-targets";

export { UiToneSchema, type UiTone } from "./tone";

/** The version of this catalog; a fence's `catalog=` names the one it was written for. */
export const UI_CATALOG_VERSION = "1";

/** The info-string word that marks a UI fence (```ui). */
export const UI_FENCE_LANGUAGE = "ui";

/** The host-link chips: they may stand inline in running text (an `Entry`'s too). */
const HOST_LINKS = ["File", "Diff", "Commit", "Node"] as const;

/**
 * What may stand inline in the running text of `Summary`, `Callout`, `Step`
 * and `Entry`: a `Tag` and the host-link chips. Models write them there at once
 * ("fails since <Commit sha=…/>"), and dropping them lost the very facts the
 * sentence was about.
 */
const INLINE_CHIPS = ["Tag", ...HOST_LINKS] as const;

/** How the text components' descriptions name what they take inline. */
const INLINE_CHIPS_TEXT = "inline <Tag>, <File>, <Diff>, <Commit> and <Node>";

/**
 * A progress value: numbers (or numeric strings) outside 0–100 are clamped,
 * not refused; null (a query still loading) is drawn as "—".
 */
const PercentSchema = z.preprocess((input) => {
  const value = uiNumericString(input);
  return typeof value === "number" ? Math.min(100, Math.max(0, value)) : value;
}, z.number().nullable());

/** A delta written as text: a number with an optional sign or arrow first and a unit after ("+12%", "-3 ms", "▲ 4"). */
const DELTA_TEXT = /^[-+\u2212\u25b2\u25bc\u2191\u2193]?\s*\d/;

/**
 * A stat's change: a number (a numeric text such as "+12" becomes one) or a
 * numeric text such as "+12%" whose leading sign gives its direction; null is
 * no change shown. A model writes "+12%" as often as 12, and a refused delta
 * used to sink the whole figure, so anything else (a list, "up", a long
 * text) is dropped and the stat still shows its value.
 */
const StatDeltaSchema = z
  .preprocess(uiNumericString, z.union([z.number(), UiTokenSchema.regex(DELTA_TEXT)]).nullable())
  .catch(null);

/** A chart height in pixels, clamped to what a panel can show. */
const ChartHeightSchema = z.preprocess((input) => {
  const value = uiNumericString(input);
  return typeof value === "number"
    ? Math.min(UI_PROP_LIMITS.chartHeightMax, Math.max(UI_PROP_LIMITS.chartHeightMin, value))
    : value;
}, z.number());

/** Chart rows: records, each with a `label` (text or number) and its values; `null` counts as empty. */
const ChartRowsSchema = uiJsonListSchema<UiRecord>({
  items: "records",
  itemRule: (row) => (typeof row.label === "string" || typeof row.label === "number" ? undefined : "every chart row has a label (text or number)"),
});

/** `Chart.marks`: a short list of `{x, label?}` or `{y, label?}` (chart-marks.ts); null (a query loading) is none. */
const ChartMarksSchema = uiJsonListSchema<UiRecord>({ items: "records", itemRule: uiChartMarkProblem }).refine(
  (marks) => marks.length <= UI_PROP_LIMITS.chartMarks,
  `a chart has at most ${UI_PROP_LIMITS.chartMarks} marks`,
);

/** `Graph.nodes`: records with an id or ref (graph-items.ts); null (a query loading) is no nodes. */
const GraphNodesSchema = uiJsonListSchema<UiRecord>({ items: "records", itemRule: uiGraphNodeProblem });

/** `Graph.edges`: records `{from, to, label?}` (graph-items.ts); null is none. */
const GraphEdgesSchema = uiJsonListSchema<UiRecord>({ items: "records", itemRule: uiGraphEdgeProblem });

/** `Checklist.items`: text, numbers or records with a `label` (and an `id`); null (a query loading) is no items. */
const ChecklistItemsSchema = uiJsonListSchema<UiValue>({
  items: "values",
  itemRule: (item) => (uiChecklistItem(item) ? undefined : "a checklist item is text, a number or a record with a label"),
});

/** `Checklist.value`: the ids of the checked items (the schema's refinement checks they are the items'). */
const ChecklistValueSchema = z.array(z.union([z.number(), UiLabelSchema])).max(UI_PROP_LIMITS.rows);

/** A value of a `Segmented` or its `Option`s: text or a number. */
const ChoiceValueSchema = z.union([z.number(), UiLabelSchema]);

/** Every component, by name. */
export const UI_CATALOG = {
  // -- Status -----------------------------------------------------------------
  Summary: {
    schema: z.strictObject({}),
    description:
      `A short paragraph that sums up the answer. Takes text, with {expression} interpolations and ${INLINE_CHIPS_TEXT}.`,
    group: "Status",
    children: { kind: "content", text: true, components: INLINE_CHIPS },
  },
  Callout: {
    schema: z.strictObject({ tone: UiToneSchema, title: UiLabelSchema.optional() }),
    description:
      `A highlighted note (a warning, an error, a tip); \`title\` is a bold first line. Takes text, with ${INLINE_CHIPS_TEXT}.`,
    group: "Status",
    children: { kind: "content", text: true, components: INLINE_CHIPS },
  },
  Tag: {
    schema: z.strictObject({ tone: UiToneSchema.optional() }),
    description:
      "A small coloured label (a state, a category), on its own or inline in running text. Takes text: one or two words.",
    group: "Status",
    children: { kind: "content", text: true, components: [] },
  },
  Progress: {
    schema: z.strictObject({
      value: PercentSchema,
      label: UiLabelSchema.optional(),
      tone: UiToneSchema.optional(),
    }),
    description:
      "A progress bar: `value` is a percentage 0–100 (clamped). No children.",
    group: "Status",
    children: { kind: "none" },
  },
  Steps: {
    schema: z.strictObject({ title: UiLabelSchema.optional() }),
    description: "An ordered list of steps (a plan, a pipeline). Takes only <Step> children.",
    group: "Status",
    children: { kind: "content", text: false, components: ["Step"] },
  },
  Step: {
    schema: z.strictObject({
      title: UiLabelSchema,
      status: z.enum(["pending", "active", "done", "failed"]).optional(),
    }),
    description:
      `One step; \`status\` defaults to pending. Takes text: a detail line, with ${INLINE_CHIPS_TEXT}.`,
    group: "Status",
    children: { kind: "content", text: true, components: INLINE_CHIPS },
    parents: ["Steps"],
  },
  // -- Data -------------------------------------------------------------------
  Stats: {
    schema: z.strictObject({}),
    description: "A row of key figures. Takes only <Stat> children.",
    group: "Data",
    children: { kind: "content", text: false, components: ["Stat"] },
  },
  Stat: {
    schema: z.strictObject({
      label: UiLabelSchema,
      // Null while a query loads: the card shows "—" rather than an error.
      value: z.union([z.number(), UiLabelSchema]).nullable(),
      unit: UiTokenSchema.optional(),
      delta: StatDeltaSchema.optional(),
      tone: UiToneSchema.optional(),
      better: z.enum(["higher", "lower"]).optional(),
    }),
    description:
      "One figure: `value` is a number or text, `delta` a number or signed text (\"+12%\"), `better` says which way the delta is good. No children.",
    group: "Data",
    children: { kind: "none" },
    parents: ["Stats"],
  },
  EntityList: {
    schema: z.strictObject({ title: UiLabelSchema.optional() }),
    description: "A list of things (issues, people, services, files). Takes only <Entry> children.",
    group: "Data",
    children: { kind: "content", text: false, components: ["Entry"] },
  },
  Entry: {
    schema: z.strictObject({
      title: UiLabelSchema,
      subtitle: UiSentenceSchema.optional(),
      tone: UiToneSchema.optional(),
    }),
    description:
      `One item. Takes text with ${INLINE_CHIPS_TEXT}.`,
    group: "Data",
    children: { kind: "content", text: true, components: INLINE_CHIPS },
    parents: ["EntityList"],
  },
  Table: {
    schema: z.strictObject({
      rows: UiRowsSchema,
      title: UiLabelSchema.optional(),
      caption: UiSentenceSchema.optional(),
      sortable: uiBooleanProp().optional(),
      filterable: uiBooleanProp().optional(),
    }),
    description:
      "A table of `rows` (a list of records); `sortable` lets a person sort by a column, `filterable` adds a filter box; `title` above, `caption` below. Takes only <Column> children, one per shown field, in order.",
    group: "Data",
    children: { kind: "content", text: false, components: ["Column"] },
  },
  Column: {
    schema: z.strictObject({
      field: UiFieldNameSchema,
      title: UiLabelSchema.optional(),
      unit: UiTokenSchema.optional(),
      presentation: z.enum(["text", "number", "percent", "date", "code", "tag", ...UI_CHIP_PRESENTATIONS]).optional(),
    }),
    description:
      "One column: the record `field` it shows; `presentation` commit, file or node draws chips. No children.",
    group: "Data",
    children: { kind: "none" },
    parents: ["Table"],
  },
  Chart: {
    schema: z
      .strictObject({
        kind: z.enum(["bar", "line", "area", "pie"]),
        rows: ChartRowsSchema,
        series: UiSeriesSchema.optional(),
        title: UiLabelSchema.optional(),
        unit: UiTokenSchema.optional(),
        stacked: uiBooleanProp().optional(),
        height: ChartHeightSchema.optional(),
        marks: ChartMarksSchema.optional(),
      })
      .superRefine((props, context) => {
        if (props.rows.length === 0) return;
        const numericFields = new Set<string>();
        for (const row of props.rows)
          for (const [field, value] of Object.entries(row))
            if (field !== "label" && typeof value === "number") numericFields.add(field);
        if (props.series === undefined) {
          if (numericFields.size === 0)
            context.addIssue({ code: "custom", path: ["rows"], message: "chart rows need at least one numeric field" });
          return;
        }
        for (const name of props.series) {
          const usable = props.rows.every((row) => {
            const value = row[name];
            return value === undefined || value === null || typeof value === "number";
          });
          if (!usable || !numericFields.has(name))
            context.addIssue({ code: "custom", path: ["series"], message: `series "${name}" is not a numeric field` });
        }
      }),
    description:
      `A chart. \`rows\` are records: the \`label\` field is the x value (or pie slice), numeric fields are series; \`series\` picks fields (a list or "a, b"); \`stacked\` stacks bars or areas; \`height\` in px; \`marks\` draws up to ${UI_PROP_LIMITS.chartMarks} reference lines: {x: a label, label?} or {y: number, label?}. No children.`,
    group: "Data",
    children: { kind: "none" },
  },
  // -- Structure --------------------------------------------------------------
  Tabs: {
    schema: z.strictObject({}),
    description: "Tabs, one visible at a time. Takes only <Tab> children.",
    group: "Structure",
    children: { kind: "content", text: false, components: ["Tab"] },
  },
  Tab: {
    schema: z.strictObject({ label: UiLabelSchema }),
    description: "One tab, named by `label`. Takes any components (and text).",
    group: "Structure",
    children: { kind: "content", text: true, components: "any" },
    parents: ["Tabs"],
  },
  Sections: {
    schema: z.strictObject({}),
    description: "Collapsible sections stacked vertically. Takes only <Section> children.",
    group: "Structure",
    children: { kind: "content", text: false, components: ["Section"] },
  },
  Section: {
    schema: z.strictObject({ title: UiLabelSchema, open: uiBooleanProp().optional() }),
    description: "One collapsible section; `open` shows it expanded. Takes any components (and text).",
    group: "Structure",
    children: { kind: "content", text: true, components: "any" },
    parents: ["Sections"],
  },
  // -- Content ----------------------------------------------------------------
  CodeBlock: {
    schema: z.strictObject({
      code: z.string().max(UI_PROP_LIMITS.code).default(""),
      lang: UiLanguageSchema.optional(),
      title: UiLabelSchema.optional(),
    }),
    description:
      "Code highlighted by `lang` (ts, python, sql, …); `title` is a file name. Its content is literal up to </CodeBlock>: tags and braces inside are not parsed.",
    group: "Content",
    children: { kind: "literal" },
  },
  Diagram: {
    schema: z.strictObject({
      code: z.string().max(UI_PROP_LIMITS.code).default(""),
      title: UiLabelSchema.optional(),
    }),
    description:
      "A diagram from mermaid source (flowchart, sequenceDiagram, …). Its content is literal mermaid up to </Diagram>.",
    group: "Content",
    children: { kind: "literal" },
  },
  Graph: {
    schema: z.strictObject({
      nodes: GraphNodesSchema,
      edges: GraphEdgesSchema.optional(),
      title: UiLabelSchema.optional(),
      direction: z.enum(["right", "down"]).optional(),
    }),
    description:
      "A diagram laid out from rows: `nodes` are records with `id` (or `ref`), `label` (or `title`), `tone`; `edges` are {from, to, label?}. Rows of @Query(\"nodes\") work as is. No children.",
    group: "Content",
    children: { kind: "none" },
  },
  Image: {
    schema: z
      .strictObject({
        attachment: UiAttachmentIdSchema.optional(),
        generated: z.literal("latest").optional(),
        alt: UiSentenceSchema.optional(),
        caption: UiSentenceSchema.optional(),
      })
      .refine((props) => (props.attachment === undefined) !== (props.generated === undefined), {
        message: "an image has exactly one of attachment or generated=\"latest\"",
      }),
    description:
      "An image from this conversation: `attachment` (an attached file's id) or generated=\"latest\" (the last generated image), never a URL or a path; `caption` shows below. No children.",
    group: "Content",
    children: { kind: "none" },
  },
  Sources: {
    schema: z.strictObject({}),
    description: "The sources an answer relies on. Takes only <Source> children.",
    group: "Content",
    children: { kind: "content", text: false, components: ["Source"] },
  },
  Source: {
    schema: z.strictObject({ title: UiLabelSchema, href: UiHrefSchema.optional() }),
    description:
      "One source; `href` is an http(s) URL. Takes text: a short note or quote.",
    group: "Content",
    children: { kind: "content", text: true, components: [] },
    parents: ["Sources"],
  },
  // -- Host links -------------------------------------------------------------
  File: {
    schema: z.strictObject({
      path: UiPathSchema,
      line: uiNumberProp(UiLineSchema).optional(),
      label: UiLabelSchema.optional(),
    }),
    description:
      "A chip that opens a project file: `path` from the project root. No children.",
    group: "Host links",
    children: { kind: "none" },
  },
  Diff: {
    schema: z.strictObject({
      path: UiPathSchema.optional(),
      base: UiRevisionSchema.optional(),
      head: UiRevisionSchema.optional(),
      label: UiLabelSchema.optional(),
    }),
    description:
      "A chip that opens a diff: of one `path` (or the whole change), between `base` and `head` revisions (default: the working change). No children.",
    group: "Host links",
    children: { kind: "none" },
  },
  Commit: {
    schema: z.strictObject({ sha: UiShaSchema, label: UiLabelSchema.optional() }),
    description: "A chip that opens a commit by its `sha` (abbreviated or full). No children.",
    group: "Host links",
    children: { kind: "none" },
  },
  Node: {
    schema: z.strictObject({ ref: UiNodeReferenceSchema, label: UiLabelSchema.optional() }),
    description: "A chip that opens a project model node by its id `ref`. No children.",
    group: "Host links",
    children: { kind: "none" },
  },
  // -- Local inputs -----------------------------------------------------------
  Checklist: {
    schema: z
      .strictObject({
        title: UiLabelSchema.optional(),
        items: ChecklistItemsSchema.optional(),
        value: ChecklistValueSchema.optional(),
      })
      .superRefine((props, context) => {
        const items = uiChecklistItems(props.items);
        if (items.length > UI_PROP_LIMITS.checklistItems)
          context.addIssue({ code: "custom", path: ["items"], message: `a checklist has at most ${UI_PROP_LIMITS.checklistItems} items` });
        else if (new Set(items.map((item) => item.id)).size !== items.length)
          context.addIssue({ code: "custom", path: ["items"], message: "checklist items have distinct ids" });
        else if (props.value !== undefined && !uiChecklistAccepts(items, props.value))
          context.addIssue({ code: "custom", path: ["value"], message: "a checklist's value lists ids of its items, each once" });
      }),
    description:
      "Items to tick off: <Item> children, or items={list of text or {id, label}} with value={$done} bound to a list ($done = []); @Count($done) counts ticks.",
    group: "Local inputs",
    children: { kind: "content", text: false, components: ["Item"] },
    bindable: ["value"],
  },
  Item: {
    schema: z.strictObject({ label: UiLabelSchema, checked: uiBooleanProp().optional() }),
    description:
      "One item: `checked` may be bound to a boolean variable (checked={$done}). No children.",
    group: "Local inputs",
    children: { kind: "none" },
    parents: ["Checklist"],
    bindable: ["checked"],
  },
  Switch: {
    schema: z.strictObject({ label: UiLabelSchema, value: uiBooleanProp() }),
    description: "An on/off switch: `value` bound to a boolean variable (value={$on}). No children.",
    group: "Local inputs",
    children: { kind: "none" },
    bindable: ["value"],
  },
  Slider: {
    schema: z
      .strictObject({
        label: UiLabelSchema,
        min: uiNumberProp(),
        max: uiNumberProp(),
        step: uiNumberProp(z.number().positive()).optional(),
        value: uiNumberProp(),
        unit: UiTokenSchema.optional(),
      })
      .superRefine((props, context) => {
        if (!(props.min < props.max)) {
          context.addIssue({ code: "custom", path: ["max"], message: "a slider's min is below its max" });
          return;
        }
        if (props.value < props.min || props.value > props.max)
          context.addIssue({ code: "custom", path: ["value"], message: "a slider's value lies between min and max" });
        if (props.step !== undefined && props.step > props.max - props.min)
          context.addIssue({ code: "custom", path: ["step"], message: "a slider's step is no larger than max - min" });
      }),
    description:
      "A slider: `value` bound to a number variable between `min` < `max` (value={$limit}). No children.",
    group: "Local inputs",
    children: { kind: "none" },
    bindable: ["value"],
  },
  Segmented: {
    schema: z.strictObject({ value: ChoiceValueSchema, label: UiLabelSchema.optional() }),
    description:
      "A one-of-a-few picker: `value` bound to a string or number variable (value={$period}). Takes only <Option> children.",
    group: "Local inputs",
    children: { kind: "content", text: false, components: ["Option"] },
    bindable: ["value"],
  },
  Option: {
    schema: z.strictObject({ value: ChoiceValueSchema, label: UiLabelSchema }),
    description:
      "One option: the `value` it sets. A static value=\"7\" is text; write value={7} when the variable holds a number. No children.",
    group: "Local inputs",
    children: { kind: "none" },
    parents: ["Segmented"],
  },
  NumberField: {
    schema: z
      .strictObject({
        label: UiLabelSchema,
        value: uiNumberProp(),
        min: uiNumberProp().optional(),
        max: uiNumberProp().optional(),
        step: uiNumberProp(z.number().positive()).optional(),
        unit: UiTokenSchema.optional(),
      })
      .superRefine((props, context) => {
        if (props.min !== undefined && props.max !== undefined && props.min > props.max) {
          context.addIssue({ code: "custom", path: ["max"], message: "a number field's min is not above its max" });
          return;
        }
        if ((props.min !== undefined && props.value < props.min) || (props.max !== undefined && props.value > props.max))
          context.addIssue({ code: "custom", path: ["value"], message: "a number field's value lies between min and max" });
      }),
    description:
      "A typed number: `value` bound to a number variable (value={$budget}), kept within `min`–`max` and on `step`. No children.",
    group: "Local inputs",
    children: { kind: "none" },
    bindable: ["value"],
  },
  TextField: {
    schema: z.strictObject({
      label: UiLabelSchema,
      value: z.string().max(UI_PROP_LIMITS.textFieldValue),
      placeholder: UiSentenceSchema.optional(),
      multiline: uiBooleanProp().optional(),
    }),
    description:
      "A text input: `value` bound to a string variable (value={$note}); `multiline` for several lines. No children.",
    group: "Local inputs",
    children: { kind: "none" },
    bindable: ["value"],
  },
  Show: {
    schema: z.strictObject({ when: z.boolean() }),
    description:
      "Shows its children only while `when` is true (a boolean expression: when={$failedOnly}). Invisible itself: its children must fit where <Show> stands. Takes any components (and text).",
    group: "Local inputs",
    children: { kind: "content", text: true, components: "any" },
    transparent: true,
  },
  Each: {
    schema: z.strictObject({
      items: uiJsonListSchema<UiValue>({ items: "values" }),
      as: UiLocalNameSchema,
    }),
    description:
      "Repeats its children once per element of `items` (a list expression), with the element bound to the local name `as` (as=\"run\", then run.name). Invisible itself: its children must fit where <Each> stands. Takes any components (and text).",
    group: "Local inputs",
    children: { kind: "content", text: true, components: "any" },
    transparent: true,
  },
  // -- Choices ----------------------------------------------------------------
  Choices: {
    schema: z.strictObject({ title: UiLabelSchema.optional() }),
    description: "Buttons offering the next step; put them last. Takes only <Choice> children.",
    group: "Choices",
    children: { kind: "content", text: false, components: ["Choice"] },
  },
  Choice: {
    schema: z.strictObject({
      id: UiIdentifierSchema,
      label: UiLabelSchema,
      context: UiSentenceSchema.optional(),
      disabled: uiBooleanProp().optional(),
      run: z.string().max(UI_PROP_LIMITS.sentence).optional(),
    }),
    description:
      "One button: a stable `id` (letters, digits, _ and -); `context` is sent to you when picked; `disabled` greys it out; `run` takes an action (run={@Set($x, 1)}). No children.",
    group: "Choices",
    children: { kind: "none" },
    parents: ["Choices"],
    actions: ["run"],
  },
} as const satisfies Record<string, UiCatalogEntry>;

/** The name of a catalog component. */
export type UiComponentName = keyof typeof UI_CATALOG;

/** The evaluated props of one component, as its schema outputs them. */
export type UiProps<Name extends UiComponentName> = z.infer<(typeof UI_CATALOG)[Name]["schema"]>;

/** Every component name, in catalog order. */
export const UI_COMPONENT_NAMES = Object.keys(UI_CATALOG) as UiComponentName[];

/** True when `name` is a component of this catalog (own names only: `toString` or `__proto__` are not components). */
export function isUiComponent(name: string): name is UiComponentName {
  return Object.prototype.hasOwnProperty.call(UI_CATALOG, name);
}
