/**
 * The specs the bench measures (and its test checks): a maximal legal spec,
 * at every cap the guide states, and hostile specs of about 5 MB each, built
 * by `JSON.parse` from text so they have the shape a tool argument has.
 */
import { GENUI_BUDGETS, GENUI_LIMITS as L } from "../limits";

const range = (count: number) => Array.from({ length: count }, (_, index) => index);
const text = (length: number, seed = "") => (seed + "x".repeat(length)).slice(0, length);

/** A card chain whose innermost node sits at `depth`. */
function chain(depth: number, leaf: unknown): unknown {
  let node = leaf;
  for (let level = depth - 1; level >= 1; level -= 1) node = { type: "card", title: text(L.stringLength, "card"), children: [node] };
  return node;
}

function payload(): Record<string, unknown> {
  // 50 keys on the first level, and a chain to the depth cap, within the payload's value budget.
  const top: Record<string, unknown> = Object.fromEntries(range(L.payloadEntries - 1).map((index) => [`key${index}`, text(L.stringLength, `v${index}`)]));
  let deep: unknown = range(L.payloadEntries);
  for (let level = L.payloadDepth - 1; level >= 2; level -= 1) deep = { next: deep };
  top.deep = deep;
  return top;
}

/**
 * A legal spec with every cap reached: ${L.nodes} nodes, depth ${L.depth}, every
 * node type, a 500 × 50 table of 2000-character cells, 200-entry lists,
 * 50-option controls, 8 tabs, 8 × 100 plot points, 5000-character code, a
 * 2000-character href and a full payload. `cellLength` shortens the cells
 * (for the fence variant, which must stay a text a model could write).
 */
export function maximalSpec(cellLength: number = L.cellLength): { title: string; id: string; items: unknown[] } {
  const cell = text(cellLength, "cell");
  const label = text(L.stringLength, "label");
  const options = range(L.options).map((index) => ({ label: text(L.stringLength, `o${index}`), value: `value-${index}` }));
  const items: unknown[] = [
    chain(L.depth, { type: "text", text: text(L.stringLength) }),
    { type: "table", columns: range(L.tableColumns).map((index) => `column ${index}`), rows: range(L.tableRows).map((row) => range(L.tableColumns).map((column) => (column % 2 === 0 ? cell : row * column))), filterBy: { field: "q", column: "column 0" }, sortable: true },
    { type: "list", items: range(L.listItems).map((index) => (index % 2 === 0 ? label : { label, value: label })) },
    { type: "keyvalue", items: range(L.listItems).map(() => ({ label, value: label })) },
    { type: "plot", plot: "line", series: range(L.plotSeries).map((series) => ({ name: label, points: range(L.plotPoints).map((point) => ({ label: `p${point}`, value: series * point })) })), stacked: true, legend: true, xLabel: label, yLabel: label, height: GENUI_BUDGETS.plotHeightMax },
    { type: "tabs", tabs: range(L.tabs).map((index) => ({ label: `tab ${index}`, children: [{ type: "badge", text: label, tone: "info" }] })) },
    { type: "select", field: "q", label, options, value: "value-0" },
    { type: "radio", field: "r", label, options },
    { type: "quiz", field: "z", question: label, options, correct: "value-1", explanation: label },
    { type: "code", code: text(L.longTextLength), lang: "typescript" },
    { type: "mermaid", code: text(L.longTextLength, "graph TD;") },
    { type: "textarea", field: "t", label, placeholder: label, value: text(L.longTextLength), rows: L.textareaRowsMax },
    { type: "link", text: label, href: `https://example.com/${text(L.hrefLength - "https://example.com/".length)}` },
    { type: "slider", field: "n", min: 0, max: 100, step: 1, label },
    { type: "number", field: "m", min: 0, max: 10, label, visibleWhen: { field: "n", gte: 10, lt: 90 } },
    { type: "input", field: "i", label, placeholder: label, value: label, visibleWhen: { field: "q", in: options.map((option) => option.value) } },
    { type: "checkbox", field: "c", label, checked: true },
    { type: "switch", field: "w", label },
    { type: "row", gap: L.gapMax, children: [{ type: "stat", label, value: 1, delta: label, tone: "success" }, { type: "progress", value: L.progressMax, label }] },
    { type: "col", gap: 0, children: [{ type: "callout", text: label, title: label, tone: "warning" }, { type: "divider" }] },
    { type: "collapsible", title: label, open: true, children: [{ type: "text", text: label }] },
    { type: "button", label, action: "refresh", payload: payload() },
  ];
  const counted = countNodes(items);
  for (let index = counted; index < L.nodes; index += 1) items.push({ type: "text", text: label });
  return { id: "maximal-spec", title: label, items };
}

function countNodes(nodes: readonly unknown[]): number {
  let count = 0;
  for (const node of nodes as { children?: unknown[]; tabs?: { children: unknown[] }[] }[]) {
    count += 1;
    if (node.children) count += countNodes(node.children);
    if (node.tabs) for (const tab of node.tabs) count += countNodes(tab.children);
  }
  return count;
}

/** Bytes of JSON each hostile spec is built to. */
export const HOSTILE_SIZE = 5 * 1024 * 1024;

/** Repeats `unit` (a JSON fragment) with commas until the text reaches `HOSTILE_SIZE`. */
function fill(unit: (index: number) => string, budget = HOSTILE_SIZE): string {
  const parts: string[] = [];
  let size = 0;
  for (let index = 0; size < budget; index += 1) {
    const part = unit(index);
    parts.push(part);
    size += part.length + 1;
  }
  return parts.join(",");
}

/** The hostile specs, each about 5 MB of JSON: name → JSON text. */
export function hostileSpecTexts(): Record<string, string> {
  const row = (index: number) => `["row ${index}",${index},true,null]`;
  return {
    "100k-row table": `{"items":[{"type":"table","columns":["a","b","c","d"],"rows":[${fill(row)}]}]}`,
    "5 MB string": `{"items":[{"type":"text","text":"${"x".repeat(HOSTILE_SIZE)}"}]}`,
    "nodes nested 180k deep": `{"items":[${'{"type":"card","children":['.repeat(HOSTILE_SIZE / 28)}${"]}".repeat(HOSTILE_SIZE / 28)}]}`,
    "100k nodes": `{"items":[${fill((index) => `{"type":"text","text":"node ${index}"}`)}]}`,
    "100k invalid nodes": `{"items":[${fill(() => `{"type":"nope","children":[{"type":"text","text":"x"}]}`)}]}`,
    "300k-key node": `{"items":[{"type":"text","text":"t",${fill((index) => `"k${index}":1`)}}]}`,
    "300k-key payload": `{"items":[{"type":"button","label":"b","action":"a","payload":{${fill((index) => `"k${index}":${index}`)}}}]}`,
    "mixed": `{"items":[{"type":"table","columns":["a"],"rows":[${fill((index) => `[${index}]`, HOSTILE_SIZE / 4)}]},{"type":"list","items":[${fill((index) => `"${index}"`, HOSTILE_SIZE / 4)}]},{"type":"code","code":"${"c".repeat(HOSTILE_SIZE / 4)}"},${fill(() => '{"type":"link","href":"javascript:alert(1)"}', HOSTILE_SIZE / 4)}]}`,
  };
}
