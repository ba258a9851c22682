/**
 * For tests and the bench: every way a parsed spec breaks a cap of the guide,
 * checked independently of the parser (a second implementation of the caps,
 * so a parser bug cannot hide behind its own bookkeeping).
 */
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";
import type { GenuiJsonValue, GenuiNode } from "../schema/nodes";
import { GenuiSpecSchema, type GenuiSpec } from "../schema/spec";

const INTERACTIVE = new Set(["input", "select", "checkbox", "switch", "radio", "tabs", "slider", "number", "textarea", "quiz", "button"]);
const LONG_TEXT_FIELDS = new Set(["code"]);

/** Every cap the spec breaks, as readable lines (empty when it keeps them all). */
export function genuiCapViolations(spec: unknown, surface: "tool" | "fence" = "fence"): string[] {
  const problems: string[] = [];
  const checked = GenuiSpecSchema.safeParse(spec);
  if (!checked.success) return [`schema: ${checked.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`];
  const L = GENUI_LIMITS;
  let nodes = 0;
  const text = (value: unknown, max: number, where: string): void => {
    if (typeof value === "string" && value.length > max) problems.push(`${where}: ${value.length} > ${max}`);
  };
  const payload = (value: GenuiJsonValue, depth: number, where: string): void => {
    if (value === null || typeof value !== "object") return text(value, L.stringLength, where);
    if (depth > L.payloadDepth) problems.push(`${where}: payload depth ${depth}`);
    const entries = Array.isArray(value) ? value.map((entry, index) => [String(index), entry] as const) : Object.entries(value);
    if (entries.length > L.payloadEntries) problems.push(`${where}: ${entries.length} payload entries`);
    for (const [key, entry] of entries) {
      if (key === "__proto__" || key === "constructor" || key === "prototype") problems.push(`${where}: key ${key}`);
      payload(entry, depth + 1, `${where}.${key}`);
    }
  };
  const visit = (node: GenuiNode, depth: number, where: string): void => {
    nodes += 1;
    if (depth > L.depth) problems.push(`${where}: depth ${depth}`);
    if (surface === "tool" && INTERACTIVE.has(node.type)) problems.push(`${where}: ${node.type} on the tool surface`);
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string") {
        const max = LONG_TEXT_FIELDS.has(key) || (node.type === "textarea" && key === "value") ? L.longTextLength : node.type === "link" && key === "href" ? L.hrefLength : L.stringLength;
        text(value, max, `${where}.${key}`);
      }
    }
    switch (node.type) {
      case "row":
      case "col":
        if (node.gap !== undefined && (node.gap < 0 || node.gap > L.gapMax)) problems.push(`${where}: gap ${node.gap}`);
        break;
      case "progress":
        if (node.value < 0 || node.value > L.progressMax) problems.push(`${where}: progress ${node.value}`);
        break;
      case "list":
      case "keyvalue":
        if (node.items.length > L.listItems) problems.push(`${where}: ${node.items.length} items`);
        break;
      case "select":
      case "radio":
      case "quiz":
        if (node.options.length > L.options) problems.push(`${where}: ${node.options.length} options`);
        if (node.type === "quiz" && !node.options.some((option) => option.value === node.correct)) problems.push(`${where}: quiz answer`);
        break;
      case "tabs":
        if (node.tabs.length > L.tabs) problems.push(`${where}: ${node.tabs.length} tabs`);
        break;
      case "table":
        if (node.columns.length > L.tableColumns) problems.push(`${where}: ${node.columns.length} columns`);
        if (node.rows.length > L.tableRows) problems.push(`${where}: ${node.rows.length} rows`);
        node.rows.forEach((row, index) => {
          if (row.length !== node.columns.length) problems.push(`${where}.rows[${index}]: width ${row.length}`);
          for (const cell of row) text(cell, L.cellLength, `${where}.rows[${index}]`);
        });
        if (node.filterBy !== undefined && !node.columns.includes(node.filterBy.column)) problems.push(`${where}: filterBy column`);
        break;
      case "plot":
        if (node.series.length > L.plotSeries) problems.push(`${where}: ${node.series.length} series`);
        for (const series of node.series) if (series.points.length > L.plotPoints) problems.push(`${where}: ${series.points.length} points`);
        if (node.height !== undefined && (node.height < GENUI_BUDGETS.plotHeightMin || node.height > GENUI_BUDGETS.plotHeightMax)) problems.push(`${where}: height`);
        break;
      case "slider":
        if (!(node.max > node.min)) problems.push(`${where}: slider range`);
        break;
      case "textarea":
        if (node.rows !== undefined && (node.rows < L.textareaRowsMin || node.rows > L.textareaRowsMax)) problems.push(`${where}: rows ${node.rows}`);
        break;
      case "link":
        if (!/^(https?|mailto|tel):/.test(node.href)) problems.push(`${where}: href scheme`);
        break;
      case "button":
        if (node.payload !== undefined) payload(node.payload, 1, `${where}.payload`);
        break;
    }
    if ("children" in node) node.children.forEach((child, index) => visit(child, depth + 1, `${where}.children[${index}]`));
    if (node.type === "tabs") node.tabs.forEach((tab, tabIndex) => tab.children.forEach((child, index) => visit(child, depth + 1, `${where}.tabs[${tabIndex}].children[${index}]`)));
  };
  (spec as GenuiSpec).items.forEach((node, index) => visit(node, 1, `items[${index}]`));
  if (nodes > L.nodes) problems.push(`${nodes} nodes`);
  return problems;
}
