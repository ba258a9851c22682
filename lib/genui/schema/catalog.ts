/**
 * The node catalog: for each node type its schema, whether it is interactive
 * (octo-ui fence only) and the notes the model reads. The parser takes the
 * known field names and the surface rule from here; `genuiGuideText` prints
 * its node tables from the same entries, so the two cannot drift.
 */
import type { z } from "zod";
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";
import {
  GenuiBadgeNodeSchema,
  GenuiButtonNodeSchema,
  GenuiCalloutNodeSchema,
  GenuiCardNodeSchema,
  GenuiCheckboxNodeSchema,
  GenuiCodeNodeSchema,
  GenuiCollapsibleNodeSchema,
  GenuiColNodeSchema,
  GenuiDividerNodeSchema,
  GenuiInputNodeSchema,
  GenuiKeyValueNodeSchema,
  GenuiLinkNodeSchema,
  GenuiListNodeSchema,
  GenuiMermaidNodeSchema,
  GenuiNumberNodeSchema,
  GenuiPlotNodeSchema,
  GenuiProgressNodeSchema,
  GenuiQuizNodeSchema,
  GenuiRadioNodeSchema,
  GenuiRowNodeSchema,
  GenuiSelectNodeSchema,
  GenuiSliderNodeSchema,
  GenuiStatNodeSchema,
  GenuiSwitchNodeSchema,
  GenuiTableNodeSchema,
  GenuiTabsNodeSchema,
  GenuiTextareaNodeSchema,
  GenuiTextNodeSchema,
  type GenuiNodeType,
} from "./nodes";

/** One row of the guide's node tables: one or more types sharing fields and notes. */
export type GenuiCatalogEntry = {
  /** The `type` values this entry documents (`row` and `col` share one). */
  types: readonly GenuiNodeType[];
  /** The schema of the first type; the others have the same fields. */
  schema: z.ZodObject<z.ZodRawShape>;
  /** True when the type only works in an octo-ui fence. */
  interactive: boolean;
  /** What the model reads in the table's notes column. */
  notes: string;
};

const L = GENUI_LIMITS;

/** Every node type, in the guide's order: read-only first, then interactive. */
export const GENUI_NODE_CATALOG: readonly GenuiCatalogEntry[] = [
  { types: ["text"], schema: GenuiTextNodeSchema, interactive: false, notes: "A paragraph of plain text — no Markdown, no HTML" },
  { types: ["row", "col"], schema: GenuiRowNodeSchema, interactive: false, notes: `Flex layout container. \`gap\` is clamped to 0–${L.gapMax}` },
  { types: ["card"], schema: GenuiCardNodeSchema, interactive: false, notes: "Bordered group" },
  {
    types: ["stat"],
    schema: GenuiStatNodeSchema,
    interactive: false,
    notes: "A stat card. `tone` is a meaning (neutral, info, success, warning, danger), not a colour",
  },
  { types: ["badge"], schema: GenuiBadgeNodeSchema, interactive: false, notes: "A short tag" },
  { types: ["callout"], schema: GenuiCalloutNodeSchema, interactive: false, notes: "A highlighted note" },
  {
    types: ["table"],
    schema: GenuiTableNodeSchema,
    interactive: false,
    notes: `Up to ${L.tableRows} rows × ${L.tableColumns} columns; cells are scalars, never nodes. \`filterBy\`/\`sortable\`: see below`,
  },
  { types: ["list"], schema: GenuiListNodeSchema, interactive: false, notes: `Bulleted list, up to ${L.listItems} items` },
  { types: ["keyvalue"], schema: GenuiKeyValueNodeSchema, interactive: false, notes: `Two-column definition list, up to ${L.listItems} items` },
  {
    types: ["progress"],
    schema: GenuiProgressNodeSchema,
    interactive: false,
    notes: `Progress bar. \`value\` is clamped into 0–${L.progressMax}`,
  },
  { types: ["divider"], schema: GenuiDividerNodeSchema, interactive: false, notes: "A rule between groups" },
  {
    types: ["code"],
    schema: GenuiCodeNodeSchema,
    interactive: false,
    notes:
      "Monospaced excerpt. Highlighted for javascript, typescript, go, python, bash, json, xml; any other `lang` renders as plain monospace rather than failing",
  },
  {
    types: ["link"],
    schema: GenuiLinkNodeSchema,
    interactive: false,
    notes:
      "Opens in a new tab. Only `http://`, `https://`, `mailto:` and `tel:` — anything else drops the node. Omit `text` and the href is shown",
  },
  {
    types: ["collapsible"],
    schema: GenuiCollapsibleNodeSchema,
    interactive: false,
    notes: "Foldable section. `open` seeds the first render only; after that the user's toggle wins, and survives a reload",
  },
  {
    types: ["plot"],
    schema: GenuiPlotNodeSchema,
    interactive: false,
    notes: `Up to ${L.plotSeries} series × ${L.plotPoints} points; \`height\` in pixels, clamped to ${GENUI_BUDGETS.plotHeightMin}–${GENUI_BUDGETS.plotHeightMax}. See the plot notes`,
  },
  { types: ["mermaid"], schema: GenuiMermaidNodeSchema, interactive: false, notes: "A mermaid diagram, rendered inline" },
  {
    types: ["input"],
    schema: GenuiInputNodeSchema,
    interactive: true,
    notes: "Always a plain text input — there is no `inputType`; one sent anyway is dropped. Never use it for a password",
  },
  { types: ["select"], schema: GenuiSelectNodeSchema, interactive: true, notes: `Up to ${L.options} options` },
  { types: ["radio"], schema: GenuiRadioNodeSchema, interactive: true, notes: `Up to ${L.options} options` },
  { types: ["checkbox", "switch"], schema: GenuiCheckboxNodeSchema, interactive: true, notes: "A boolean field" },
  {
    types: ["tabs"],
    schema: GenuiTabsNodeSchema,
    interactive: true,
    notes: `Up to ${L.tabs} tabs; each tab's \`children\` can be any node type, including interactive ones`,
  },
  {
    types: ["slider"],
    schema: GenuiSliderNodeSchema,
    interactive: true,
    notes: "`max` must exceed `min` or the node is dropped. `step` defaults to a hundredth of the range",
  },
  {
    types: ["number"],
    schema: GenuiNumberNodeSchema,
    interactive: true,
    notes: "A numeric input, separate from `input` on purpose, so no password-style field can exist",
  },
  {
    types: ["textarea"],
    schema: GenuiTextareaNodeSchema,
    interactive: true,
    notes: `Long free text; \`rows\` clamps to ${L.textareaRowsMin}–${L.textareaRowsMax}. Put a submit \`button\` next to it`,
  },
  {
    types: ["quiz"],
    schema: GenuiQuizNodeSchema,
    interactive: true,
    notes:
      "Scored in the browser the moment the user picks; `correct` is one option's `value`. The answer is visible in the page source: a comprehension aid, not an assessment",
  },
  {
    types: ["button"],
    schema: GenuiButtonNodeSchema,
    interactive: true,
    notes: "Sends `[octo-ui-action]` with `action`, every field of the fence, and `payload`. Only when the panel cannot answer by itself",
  },
];

/** The schema of every node type. */
export const GENUI_NODE_SCHEMAS: Readonly<Record<GenuiNodeType, z.ZodObject<z.ZodRawShape>>> = {
  row: GenuiRowNodeSchema,
  col: GenuiColNodeSchema,
  card: GenuiCardNodeSchema,
  list: GenuiListNodeSchema,
  keyvalue: GenuiKeyValueNodeSchema,
  progress: GenuiProgressNodeSchema,
  divider: GenuiDividerNodeSchema,
  code: GenuiCodeNodeSchema,
  link: GenuiLinkNodeSchema,
  collapsible: GenuiCollapsibleNodeSchema,
  plot: GenuiPlotNodeSchema,
  mermaid: GenuiMermaidNodeSchema,
  text: GenuiTextNodeSchema,
  stat: GenuiStatNodeSchema,
  badge: GenuiBadgeNodeSchema,
  callout: GenuiCalloutNodeSchema,
  table: GenuiTableNodeSchema,
  input: GenuiInputNodeSchema,
  select: GenuiSelectNodeSchema,
  checkbox: GenuiCheckboxNodeSchema,
  switch: GenuiSwitchNodeSchema,
  radio: GenuiRadioNodeSchema,
  tabs: GenuiTabsNodeSchema,
  slider: GenuiSliderNodeSchema,
  number: GenuiNumberNodeSchema,
  textarea: GenuiTextareaNodeSchema,
  quiz: GenuiQuizNodeSchema,
  button: GenuiButtonNodeSchema,
};

const INTERACTIVE: ReadonlySet<string> = new Set(GENUI_NODE_CATALOG.filter((entry) => entry.interactive).flatMap((entry) => entry.types));

/** True for a known node `type`. */
export function isGenuiNodeType(type: string): type is GenuiNodeType {
  return Object.hasOwn(GENUI_NODE_SCHEMAS, type);
}

/** True for a type that only works in an octo-ui fence. */
export function isInteractiveNodeType(type: GenuiNodeType): boolean {
  return INTERACTIVE.has(type);
}

/** The field names a node type accepts, `type` and `visibleWhen` included. */
export function genuiNodeFieldNames(type: GenuiNodeType): readonly string[] {
  return Object.keys(GENUI_NODE_SCHEMAS[type].shape);
}
