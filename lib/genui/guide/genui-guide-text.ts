/**
 * Our model-facing guide to the GenUI JSON dialect, for the system prompt.
 * It is the `+` side of the seed guide, tightened, with the design page's
 * node types, one example per surface and the panel and action rules. The
 * node tables are printed from `GENUI_NODE_CATALOG` and the zod schemas, and
 * every number comes from `GENUI_LIMITS`, so the guide cannot drift from
 * what the parser enforces (a test parses its examples).
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

function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

function nodeTable(entries: readonly GenuiCatalogEntry[]): string {
  const rows = entries.map((entry) => {
    const types = entry.types.map((type) => `\`${type}\``).join(" / ");
    const fields = describeFields(entry.schema, NAMES, COMMON_FIELDS).map((field) => `\`${field}\``);
    return `| ${types} | ${cell(fields.length > 0 ? fields.join(", ") : "none")} | ${cell(entry.notes)} |`;
  });
  return ["| `type` | Fields | Notes |", "|---|---|---|", ...rows].join("\n");
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

/** The guide's text, Markdown, for the system prompt. */
export function genuiGuideText(): string {
  const readOnly = GENUI_NODE_CATALOG.filter((entry) => !entry.interactive);
  const interactive = GENUI_NODE_CATALOG.filter((entry) => entry.interactive);
  return `# GenUI

GenUI lets you describe a small UI tree as JSON — text, stats, tables, lists, badges, progress bars, callouts, charts, diagrams, code, and form controls — and have it render as real components in the chat instead of prose or a Markdown table. Panels can carry an \`id\` so later turns update them in place, and most interaction resolves in the browser with no round-trip.

## The two surfaces

**1. The \`render_ui\` tool.** Call it with \`{"spec": {"id"?: string, "title"?: string, "items": GenuiNode[]}}\`. Read-only nodes only — no buttons, no inputs. The spec is validated and clamped on the server and renders as a tool-result card, but only in the web UI: IM and the terminal never show tool-result cards, only your plain-text reply. In an IM or terminal conversation, follow the call with a plain-text reply that stands on its own.

${FENCE}json
${JSON.stringify(GENUI_GUIDE_TOOL_EXAMPLE)}
${FENCE}

**2. An inline \`${GENUI_FENCE_LANGUAGE}\` fence** in your reply: a fenced code block with the language \`${GENUI_FENCE_LANGUAGE}\` whose body is a spec (the same shape as \`render_ui\`'s \`spec\`). It is the only surface for the interactive nodes, and renders inline with your Markdown — only in a web UI chat. IM and the terminal replace the fence with a one-line placeholder. Nothing in the turn tells you which transport you are replying into: judge from the conversation, and when unsure prefer \`render_ui\` plus a self-contained plain-text reply, which degrades safely everywhere.

${FENCE}\`markdown
${FENCE}${GENUI_FENCE_LANGUAGE}
${specLines(GENUI_GUIDE_FENCE_EXAMPLE)}
${FENCE}
${FENCE}\`

## Node types

A spec is \`{id?, title?, items: GenuiNode[]}\`; every node is a JSON object discriminated by its \`type\`, and any node may also carry \`visibleWhen\` (below). Fields outside these tables are stripped before rendering, and so is any \`type\` not listed — there is no node for colour, CSS, 3D or raw HTML.

### Read-only nodes (both surfaces)

${nodeTable(readOnly)}

Plot notes: the x axis is the union of every series' labels in first-appearance order, so series need not agree on labels or length. A label a series has no point for is a gap: \`line\` breaks there, \`bar\` and \`area\` draw zero. \`pie\` uses \`series[0]\` only. Under \`stacked\`, negative values count as zero. Colours follow the user's theme; there is no colour field.

\`link\` is the only node carrying a URL and the way to send the user somewhere — don't spend a \`button\` (a whole turn) on handing back a link.

### Interactive nodes (\`${GENUI_FENCE_LANGUAGE}\` fence only)

The \`render_ui\` tool drops these like any unknown type: a tool card has no way back to you.

${nodeTable(interactive)}

A field's value is tracked live as the user changes it: text for \`input\`, \`textarea\`, \`select\`, \`radio\` and \`quiz\`; a boolean for \`checkbox\`/\`switch\`; a number for \`slider\`/\`number\`. When a \`button\` fires, its message carries every field of the same fence at that moment.

\`"required": true\` on an \`input\`, \`textarea\` or \`select\` makes every \`button\` of the same fence wait until that field holds text (the button says which field is missing); a required field hidden by \`visibleWhen\` does not hold the button back. Without it a button fires whatever the fields hold. Once pressed, a button is spent for that version of the panel: it shows it was sent, and a second press sends nothing — send a new version of the panel to offer it again.

## Prefer local interaction over a round-trip

Tabs, filters, folds, quiz answers and slider drags resolve in the browser with no message and no turn — if you ship the data they need up front. Use a \`button\` only when the panel cannot answer by itself: fetching data it doesn't have, or taking a real-world action.

**\`visibleWhen\`** — any node may carry a condition and render only while it holds:

${FENCE}json
{"type": "text", "text": "Advanced settings apply.", "visibleWhen": {"field": "mode", "equals": "advanced"}}
${FENCE}

Either one equality test — \`equals\`, \`in\` (an array) or \`not\`; if you send several, only the first in that order is kept — or any combination of \`gt\`, \`gte\`, \`lt\`, \`lte\`, all of which must hold (\`{"gte": 10, "lt": 100}\` is an interval). Don't mix the two families. Values compare strictly: \`"1"\` is not \`1\`. A field the user has not touched compares as the empty string — even if its control has a starting \`value\` — and fails every range test, so a range-gated node stays hidden until its slider moves.

**\`table.filterBy\`** — \`{"field": "q", "column": "Name"}\` keeps the rows whose cell in that column contains the field's text, case-insensitively; an empty field shows every row. \`column\` must be one of the table's \`columns\`.

**\`table.sortable\`** — \`true\` makes the headers clickable: unsorted → ascending → descending. A column sorts numerically when every cell in it is a number, as text otherwise.

A control nothing reads does nothing: name every \`slider\`/\`number\` in a \`visibleWhen\` or a \`filterBy\`, and put a submit \`button\` next to every \`textarea\`.

## Addressable panels and silent updates

Give a spec an \`id\` when the user will act on it more than once: 1–${L.panelIdLength} letters, digits, \`_\` and \`-\`, unique within the conversation. A panel without one is a one-shot.

When the user acts on a panel with an id, the action arrives with a \`panel\` key. Neither that message nor your reply is drawn in the conversation: your reply **replaces the panel in place** — if it is **exactly one \`${GENUI_FENCE_LANGUAGE}\` fence carrying the same \`id\`, and nothing else**. Any prose before or after makes it an ordinary visible reply (the right choice when you must explain, refuse or ask something — include a fresh fence if the panel should change too). Re-sending a panel inside an ordinary reply re-presents it at that point, which is fine.

Field values, the selected tab and fold state belong to the panel id and survive a reload. When you send a new version, values whose fields still exist are kept and the rest are dropped, so a refreshed dashboard stays under the filter the user set.

## The \`[octo-ui-action]\` message

A click on a \`button\` reaches you as a user turn starting with \`${UI_ACTION_PREFIX}\` and a JSON object:

${FENCE}
${UI_ACTION_PREFIX}{"panel": "orders", "action": "refresh", "fields": {"q": "ada", "details": true}, "payload": {"source": "orders"}}
${FENCE}

\`action\` is the button's \`action\`, \`fields\` the value of every field the user has set in that fence, \`payload\` the button's \`payload\`, and \`panel\` the spec's \`id\` (absent for an anonymous panel). Read it like any user message and answer what it means; don't echo the JSON. With \`panel\`: reply with exactly one fence carrying that id and no other text, and the panel updates in place. Without \`panel\`: reply however the change calls for — a fresh fence, a \`render_ui\` call, or plain text.

## Caps

Both surfaces enforce the same caps. Going past one never fails the call: it trims silently, and you are not told. Stay inside them.

- Tree depth: **${L.depth}**; nodes per spec: **${L.nodes}**
- String fields (labels, text, titles): **${L.stringLength}** characters; table cells: **${L.cellLength}**
- Table rows: **${L.tableRows}**; table columns: **${L.tableColumns}**
- \`list\`/\`keyvalue\` items: **${L.listItems}**; \`select\`/\`radio\`/\`quiz\` options: **${L.options}**; \`tabs\` entries: **${L.tabs}**
- \`code\`/\`mermaid\` source and \`textarea\` default text: **${L.longTextLength}** characters
- \`plot\` series: **${L.plotSeries}**; points per series: **${L.plotPoints}**
- \`link\` href: **${L.hrefLength}** characters — a longer one drops the node rather than being cut into an address that points elsewhere
- \`textarea\` \`rows\`: clamped to **${L.textareaRowsMin}–${L.textareaRowsMax}**
- A \`button\` \`payload\`: depth **${L.payloadDepth}** and **${L.payloadEntries}** keys or entries per level, on its own budget (not part of the ${L.nodes} nodes)

An unknown \`type\` (including an interactive type sent through \`render_ui\`) drops that node and its subtree; its siblings still render. A spec without a valid \`items\` array is the one case that fails a \`render_ui\` call with an error you can see and retry.

## GenUI or an artifact?

Use \`render_ui\`/\`${GENUI_FENCE_LANGUAGE}\` for disposable structure the user may act on right now — a comparison, a status summary, a small form, a diagram that explains what you just said, a chart they are about to filter. Use \`write_file\`/\`edit_file\`/\`show_artifact\` for a deliverable that should outlive this reply — a document, a standalone page, a visualization needing a heatmap, a map or a charting library's full range. Never squeeze a report or a large dataset into a \`table\` or \`list\`: a ${L.tableRows + 400}-row table silently becomes a ${L.tableRows}-row one. Content that does not fit a normal reply belongs in an artifact.
`;
}
