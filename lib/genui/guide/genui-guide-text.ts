/**
 * Our model-facing guide to the GenUI JSON dialect, for the system prompt.
 * It is the `+` side of the seed guide restated shorter: the surfaces, the
 * node list, local interaction, panels and the action envelope, and the
 * caps; the compact guide keeps what a writer cannot guess. Which dialect a
 * request goes to, and that the web chat is the transport, are the system
 * prompt's (said once there). The node lists are printed from
 * `GENUI_NODE_CATALOG` and the zod schemas, and every number comes from
 * `GENUI_LIMITS`, so the guide cannot drift from what the parser enforces (a
 * test parses its examples).
 */
import { UI_ACTION_PREFIX } from "../action/ui-action";
import { GENUI_FENCE_LANGUAGE } from "../fence/extract-genui-fences";
import { GENUI_LIMITS } from "../limits";
import { GENUI_NODE_CATALOG, type GenuiCatalogEntry } from "../schema/catalog";
import { z } from "zod";
import { GenuiNodeSchema, GenuiTableCellSchema, GenuiTableRowsSchema } from "../schema/nodes";
import { describeFields, describeSchema, type SchemaNames } from "./describe-schema";

const L = GENUI_LIMITS;
const FENCE = "```";
const NAMES: SchemaNames = new Map<z.core.$ZodType, string>([
  [GenuiNodeSchema, "GenuiNode"],
  // The rows schema is a plain loop for speed; it is printed as the cell schema it checks.
  [GenuiTableRowsSchema, describeSchema(z.array(z.array(GenuiTableCellSchema)))],
]);
const COMMON_FIELDS: ReadonlySet<string> = new Set(["type", "visibleWhen"]);

/** The tone enumeration as `describeFields` prints it: listed once in the guide, named `tone` in each node. */
const TONE_TYPE = /: "neutral" \| "info" \| "success" \| "warning" \| "danger"/g;

/** A plain scalar type after a field's name: the compact list leaves it to the name (`label`, `min`), keeping the shapes that are not obvious. */
const SCALAR_TYPE = /: (?:string|number|boolean)$/;

/** Fields whose type is kept though it is scalar: a `ui` Stat's delta is a number, a JSON `stat`'s is text, and a writer of both must see which. */
const TYPED_FIELDS: ReadonlySet<string> = new Set(["delta"]);

/** A scalar type of a key inside a record shape (`{label: string, value: string}`), which the compact list leaves out too. */
const INNER_SCALAR_TYPE = /: (?:string|number|boolean)(?=[,}])/g;

/** A union of plain scalars after a field's name (`value: string | number`): to the compact list, as plain as one scalar. */
const SCALAR_UNION = /: (?:string|number|boolean)(?: \| (?:string|number|boolean))+$/;

/** The type of `options` (`select`, `radio`, `quiz`), which the compact guide states once. */
const OPTIONS_TYPE = /(?<=^options\??): \{label, value\}\[\]$/;

/** A union of quoted words (`"bar" | "line"`), which the compact list prints bare (`bar|line`), as the `ui` signatures do. */
const WORD_UNION = /"\w+"(?: \| "\w+")+/g;

/**
 * The nodes on one line, each with its fields, without the plain scalar
 * types their names make plain (`label`, `min`) but with the shapes that are
 * not (`options: {label, value}[]`). The catalog's notes are not printed:
 * most restate a cap or a rule the guide says once elsewhere, and the few
 * that a writer cannot guess are sentences of the guide.
 */
function nodeList(entries: readonly GenuiCatalogEntry[], options: { optionalScalars?: boolean; compact?: boolean } = {}): string {
  return entries
    .map((entry) => {
      const fields = describeFields(entry.schema, NAMES, COMMON_FIELDS).flatMap((field) => {
        const shown = field.replace(TONE_TYPE, "");
        if (TYPED_FIELDS.has(shown.split(/[?:]/)[0]!)) return [shown];
        let short = shown.replace(SCALAR_TYPE, "").replace(/: GenuiNode\[\]$/, "").replace(INNER_SCALAR_TYPE, "");
        if (options.compact)
          short = short
            .replace(SCALAR_UNION, "")
            .replace(WORD_UNION, (union) => union.replace(/"/g, "").replace(/ \| /g, "|"))
            .replace(OPTIONS_TYPE, "");
        // The compact list leaves out a read-only node's optional plain settings (`legend?`, `height?`): a guess at them is harmless.
        return options.optionalScalars === false && /^\w+\?$/.test(short) && short !== "tone?" ? [] : [short];
      });
      return `${entry.types.join("/")}(${fields.join(", ")})`;
    })
    .join("; ");
}

/** A spec with one node per line: compact, yet each node readable on its own. */
function specLines(spec: { items: readonly unknown[] }): string {
  const { items, ...head } = spec;
  const opening = JSON.stringify(head).slice(0, -1);
  return `${opening}${opening === "{" ? "" : ","}"items":[\n${items.map((item) => `  ${JSON.stringify(item)}`).join(",\n")}\n]}`;
}

/** The tool example: a read-only status card. */
export const GENUI_GUIDE_TOOL_EXAMPLE = {
  spec: {
    title: "Deploy status",
    items: [
      {
        type: "row",
        gap: 12,
        children: [
          { type: "stat", label: "Uptime", value: "99.95%", tone: "success" },
          { type: "stat", label: "Open incidents", value: 2, delta: "+1 today", tone: "warning" },
        ],
      },
      { type: "progress", value: 70, label: "Rollout" },
      {
        type: "table",
        columns: ["Service", "Version", "Healthy"],
        rows: [
          ["api", "2.4.1", true],
          ["worker", "2.4.0", false],
        ],
        sortable: true,
      },
    ],
  },
} as const;

/** The fence example: an addressable panel filtered and gated in the browser, with one button. */
export const GENUI_GUIDE_FENCE_EXAMPLE = {
  id: "orders",
  title: "Orders",
  items: [
    { type: "input", field: "q", label: "Customer", placeholder: "Type to filter" },
    {
      type: "table",
      columns: ["Customer", "Total"],
      rows: [
        ["Ada", 120],
        ["Grace", 80],
      ],
      filterBy: { field: "q", column: "Customer" },
      sortable: true,
    },
    { type: "switch", field: "details", label: "Show details" },
    { type: "callout", text: "Totals include tax.", tone: "info", visibleWhen: { field: "details", equals: true } },
    { type: "button", label: "Refresh", action: "refresh", payload: { source: "orders" } },
  ],
} as const;

/** Options of {@link genuiGuideText}. */
export type GenuiGuideOptions = {
  /** `compact` keeps the node list without notes and the rules a guess gets wrong, for small models. */
  detail?: "full" | "compact";
};

/** How the envelope's `fields` are filled: said once, in both guides (issue 13, point 10; a test holds it to `genuiActionFields`). */
const FIELDS_RULE = "`fields` holds each field of the fence with its value: the person's, else the control's starting `value`/`checked` (a field with neither is absent).";

/** The guide's text, Markdown, for the system prompt. */
export function genuiGuideText(options: GenuiGuideOptions = {}): string {
  const compact = options.detail === "compact";
  const readOnly = GENUI_NODE_CATALOG.filter((entry) => !entry.interactive);
  const interactive = GENUI_NODE_CATALOG.filter((entry) => entry.interactive);
  const surfaces = `A spec is JSON, \`{"id"?: string, "title"?: string, "items": GenuiNode[]}\`, each node an object discriminated by \`type\`; any node may carry \`visibleWhen\`. Write it as the body of an \`${GENUI_FENCE_LANGUAGE}\` fence (every node), or pass it to the \`render_ui\` tool as \`{"spec": …}\`: read-only nodes only, validated on the server and drawn as a tool-result card (the tool drops interactive nodes: a card has no way back to you). Fields and types not listed are stripped; there is no node for colour, CSS, HTML or 3D. \`tone\` is neutral, info, success, warning or danger.`;
  const transports = "Only when the host says the reply goes elsewhere (an IM app or a terminal show neither fences nor tool cards, only your text): call `render_ui` and follow it with a plain-text reply that stands on its own, and when that host leaves the transport unclear, prefer this.";
  const panels = `Give a spec an \`id\` (1–${L.panelIdLength} letters, digits, \`_\` and \`-\`, unique in the conversation) when the person will act on it more than once. A \`button\` sends you a user turn starting with \`${UI_ACTION_PREFIX.trim()}\` and a JSON object. ${FIELDS_RULE}`;
  if (compact)
    return `# ${GENUI_FENCE_LANGUAGE} panels and render_ui

An \`${GENUI_FENCE_LANGUAGE}\` fence holds a JSON spec, \`{"id"?, "title"?, "items": [nodes]}\`. A node has a \`type\` and may carry \`visibleWhen: {"field": "mode", "equals": "on"}\` (or \`in\`, \`not\`, \`gt\`, \`lt\`…; an untouched field is ""); \`options\` are \`{label, value}[]\`.

Read-only: ${nodeList(readOnly, { optionalScalars: false, compact: true })}
Interactive (fence only): ${nodeList(interactive, { compact: true })}

A \`button\` sends you \`${UI_ACTION_PREFIX}{"panel": "orders", "action": "refresh", "fields": {"q": "ada"}, "payload": {}}\`; ${FIELDS_RULE} With \`panel\` (the spec's \`id\`), a reply of exactly one fence with that id and nothing else replaces the panel silently. Caps trim silently: ${L.nodes} nodes, ${L.stringLength}-character strings, ${L.tableRows} table rows.`;
  return `# ${GENUI_FENCE_LANGUAGE} panels and render_ui

${surfaces}

${transports}

${FENCE}\`markdown
${FENCE}${GENUI_FENCE_LANGUAGE}
${specLines(GENUI_GUIDE_FENCE_EXAMPLE)}
${FENCE}
${FENCE}\`

## Read-only nodes (both surfaces)

In the web chat these mostly frame a form; read-only content on its own is a \`ui\` block. A \`stat\`'s \`delta\` is text (\`"+1 today"\`); \`progress\` is 0–${L.progressMax}; a \`plot\`'s x axis is the union of its series' labels; \`link\` (http, https, mailto or tel) is the only node with a URL, so never spend a \`button\` on one.

${nodeList(readOnly)}

## Interactive nodes (\`${GENUI_FENCE_LANGUAGE}\` fence only)

${nodeList(interactive)}

An \`input\` is always plain text, never a password. A \`slider\` whose \`max\` does not exceed its \`min\` is dropped. A \`quiz\` is scored in the browser against \`correct\`, one option's \`value\`, which the page source shows: a comprehension aid, not an assessment. A field holds text, a boolean (\`checkbox\`, \`switch\`) or a number (\`slider\`, \`number\`). \`"required": true\` holds every \`button\` of the fence until that field has text, unless \`visibleWhen\` hides it. A pressed button is spent for that version of the panel.

## Local interaction

Tabs, filters, folds, quizzes and sliders resolve in the browser with no turn if you ship the data up front; use a \`button\` only to fetch missing data or to act in the world.

**\`visibleWhen\`** renders a node only while its condition holds:

${FENCE}json
{"type": "text", "text": "Advanced settings apply.", "visibleWhen": {"field": "mode", "equals": "advanced"}}
${FENCE}

Use one of \`equals\`, \`in\` (an array) or \`not\`, or any of \`gt\`, \`gte\`, \`lt\`, \`lte\`, which must all hold; never mix the two. Values compare strictly (\`"1"\` is not \`1\`). A field the person has not touched compares as the empty string, even when its control has a starting \`value\`, and fails every range test.

**\`table.filterBy\`** \`{"field": "q", "column": "Name"}\` keeps the rows whose cell in that column contains the field's text, ignoring case. **\`table.sortable\`** makes the headers sort. Name every \`slider\`/\`number\` in a \`visibleWhen\` or \`filterBy\`, and put a submit \`button\` next to every \`textarea\`: a control nothing reads does nothing.

## Panels and the \`${UI_ACTION_PREFIX.trim()}\` message

${panels} \`action\` and \`payload\` are the button's, \`panel\` the spec's \`id\` (absent for an anonymous panel):

${FENCE}
${UI_ACTION_PREFIX}{"panel": "orders", "action": "refresh", "fields": {"q": "ada", "details": true}, "payload": {"source": "orders"}}
${FENCE}

With \`panel\`, neither that message nor your reply is drawn: a reply of **exactly one \`${GENUI_FENCE_LANGUAGE}\` fence carrying the same \`id\`, and nothing else**, replaces the panel in place; any prose makes it an ordinary visible reply (right when you must explain, refuse or ask). Field values, the selected tab and folds belong to the panel id and survive a reload; a new version keeps the values of fields it still has.

## Caps

Past a cap the spec is trimmed silently, never refused: depth ${L.depth}; ${L.nodes} nodes; strings ${L.stringLength} characters, table cells ${L.cellLength}; table rows ${L.tableRows}, columns ${L.tableColumns}; \`list\`/\`keyvalue\` items ${L.listItems}; options ${L.options}; tabs ${L.tabs}; \`code\`/\`mermaid\`/\`textarea\` text ${L.longTextLength} characters; \`plot\` series ${L.plotSeries}, points ${L.plotPoints}; \`link\` href ${L.hrefLength} characters (longer drops the node); \`textarea\` rows ${L.textareaRowsMin}–${L.textareaRowsMax}; a \`button\` \`payload\` depth ${L.payloadDepth}, ${L.payloadEntries} entries per level, outside the node count. An unknown \`type\` drops that node and its subtree; a spec without a valid \`items\` array is the one \`render_ui\` error you see. A report or a large dataset belongs in an artifact: a ${L.tableRows + 400}-row table silently becomes ${L.tableRows} rows.`;
}
