/**
 * Reading nodes: the whitelist, the surface rule, depth, the node budget, and
 * one reader per type. A reader reads its scalar fields first (any of which
 * may drop the node) and its children last, and never drops after reading
 * children, so a dropped node never leaves counted descendants behind.
 */
import type { GenuiPath } from "../diagnostics/path";
import { GENUI_LIMITS } from "../limits";
import { genuiNodeFieldNames, isGenuiNodeType, isInteractiveNodeType } from "../schema/catalog";
import type { GenuiNode, GenuiNodeType, GenuiOption, GenuiTab } from "../schema/nodes";
import { GenuiToneSchema } from "../schema/nodes";
import { checkLinkHref } from "./link-href";
import { MISSING, NodeFields } from "./node-fields";
import { ABSENT, isRawList, isRawRecord, listLength } from "./raw";
import { readCapped } from "./read-capped";
import { readCondition } from "./read-condition";
import { readKeyValueItem, readListItem, readOption } from "./read-entries";
import { readPayload } from "./read-payload";
import { readPlot } from "./read-plot";
import { readTable } from "./read-table";
import { INVALID, readElement, readText } from "./read-values";
import type { SpecWalk } from "./spec-walk";

/** A node as a reader builds it, before `visibleWhen` is attached. */
type NodeBody<Type extends GenuiNodeType> = Omit<Extract<GenuiNode, { type: Type }>, "visibleWhen">;

/** Reads one node type's fields at a depth; `null` drops the node (already reported). */
type NodeReader<Type extends GenuiNodeType> = (fields: NodeFields, depth: number) => NodeBody<Type> | null;

const TONES = GenuiToneSchema.options;
const TAB_KEYS: ReadonlySet<string> = new Set(["label", "children"]);

const KNOWN_FIELDS = new Map<string, ReadonlySet<string>>();
function knownFields(type: GenuiNodeType): ReadonlySet<string> {
  let known = KNOWN_FIELDS.get(type);
  if (!known) {
    known = new Set(genuiNodeFieldNames(type));
    KNOWN_FIELDS.set(type, known);
  }
  return known;
}

/** Sets `key` on `target` when `value` is defined, so absent optional fields stay absent. */
function assignDefined<Target extends object, Key extends keyof Target>(target: Target, key: Key, value: Target[Key] | undefined): void {
  if (value !== undefined) target[key] = value;
}

function readOptions(fields: NodeFields): GenuiOption[] | typeof MISSING {
  const list = fields.requiredList("options");
  if (list === MISSING) return MISSING;
  const capped = { cap: GENUI_LIMITS.options, noun: "options", spendsEntries: true };
  return readCapped(fields.walk, list, fields.path.child("options"), capped, readOption);
}

/** A starting value of a select or radio must be one of its options; any other is dropped. */
function readChosenValue(fields: NodeFields, options: readonly GenuiOption[]): string | undefined {
  const value = fields.optionalText("value");
  if (value === undefined || options.some((option) => option.value === value)) return value;
  return fields.invalid("value", "not one of the options");
}

function readChildren(fields: NodeFields, depth: number, name = "children"): GenuiNode[] {
  const list = fields.raw(name);
  return isRawList(list) ? readNodeList(fields.walk, list, fields.path.child(name), depth + 1) : [];
}

function container<Type extends "row" | "col">(type: Type): NodeReader<Type> {
  return (fields, depth) => {
    if (fields.requiredList("children") === MISSING) return null;
    const gap = fields.optionalNumber("gap", { min: 0, max: GENUI_LIMITS.gapMax });
    const node = { type } as NodeBody<Type>;
    assignDefined(node as NodeBody<"row">, "gap", gap);
    (node as NodeBody<"row">).children = readChildren(fields, depth);
    return node;
  };
}

function toggle<Type extends "checkbox" | "switch">(type: Type): NodeReader<Type> {
  return (fields) => {
    const field = fields.fieldName();
    if (field === MISSING) return null;
    const node = { type, field } as NodeBody<Type>;
    assignDefined(node as NodeBody<"checkbox">, "label", fields.optionalText("label"));
    assignDefined(node as NodeBody<"checkbox">, "checked", fields.optionalBoolean("checked"));
    return node;
  };
}

function choice<Type extends "select" | "radio">(type: Type): NodeReader<Type> {
  return (fields) => {
    const field = fields.fieldName();
    const options = readOptions(fields);
    if (field === MISSING || options === MISSING) return null;
    const node = { type, field, options } as NodeBody<Type>;
    assignDefined(node as NodeBody<"select">, "label", fields.optionalText("label"));
    assignDefined(node as NodeBody<"select">, "value", readChosenValue(fields, options));
    if (type === "select") assignDefined(node as NodeBody<"select">, "required", fields.optionalBoolean("required"));
    return node;
  };
}

const LONG_TEXT = { max: GENUI_LIMITS.longTextLength };

const READERS: { [Type in GenuiNodeType]: NodeReader<Type> } = {
  row: container("row"),
  col: container("col"),
  card(fields, depth) {
    if (fields.requiredList("children") === MISSING) return null;
    const node: NodeBody<"card"> = { type: "card", children: [] };
    assignDefined(node, "title", fields.optionalText("title"));
    node.children = readChildren(fields, depth);
    return node;
  },
  list(fields) {
    const list = fields.requiredList("items");
    if (list === MISSING) return null;
    const capped = { cap: GENUI_LIMITS.listItems, noun: "items", spendsEntries: true };
    return { type: "list", items: readCapped(fields.walk, list, fields.path.child("items"), capped, readListItem) };
  },
  keyvalue(fields) {
    const list = fields.requiredList("items");
    if (list === MISSING) return null;
    const capped = { cap: GENUI_LIMITS.listItems, noun: "items", spendsEntries: true };
    const items = readCapped(fields.walk, list, fields.path.child("items"), capped, readKeyValueItem);
    return { type: "keyvalue", items };
  },
  progress(fields) {
    const value = fields.requiredNumber("value", { min: 0, max: GENUI_LIMITS.progressMax });
    if (value === MISSING) return null;
    const node: NodeBody<"progress"> = { type: "progress", value };
    assignDefined(node, "label", fields.optionalText("label"));
    return node;
  },
  divider: () => ({ type: "divider" }),
  code(fields) {
    const code = fields.requiredText("code", LONG_TEXT);
    if (code === MISSING) return null;
    const node: NodeBody<"code"> = { type: "code", code };
    assignDefined(node, "lang", fields.optionalText("lang"));
    return node;
  },
  link(fields) {
    const raw = fields.raw("href");
    if (typeof raw !== "string") {
      fields.missing("href", "a string");
      return null;
    }
    const checked = checkLinkHref(raw);
    if (!checked.ok) {
      fields.walk.diagnostics.report(checked.reason === "length" ? "link_too_long" : "link_scheme", fields.path.child("href"));
      return null;
    }
    const node: NodeBody<"link"> = { type: "link", href: checked.href };
    assignDefined(node, "text", fields.optionalText("text"));
    return node;
  },
  collapsible(fields, depth) {
    const title = fields.requiredText("title");
    if (title === MISSING || fields.requiredList("children") === MISSING) return null;
    const node: NodeBody<"collapsible"> = { type: "collapsible", title, children: [] };
    assignDefined(node, "open", fields.optionalBoolean("open"));
    node.children = readChildren(fields, depth);
    return node;
  },
  plot(fields) {
    const body = readPlot(fields);
    return body === MISSING ? null : { type: "plot", ...body };
  },
  mermaid(fields) {
    const code = fields.requiredText("code", LONG_TEXT);
    return code === MISSING ? null : { type: "mermaid", code };
  },
  text(fields) {
    const text = fields.requiredText("text");
    return text === MISSING ? null : { type: "text", text };
  },
  stat(fields) {
    const label = fields.requiredText("label");
    const raw = fields.raw("value");
    const value = typeof raw === "number" && Number.isFinite(raw) ? raw : readText(fields.walk, raw, fields.path.child("value"));
    if (value === INVALID) fields.missing("value");
    if (label === MISSING || value === INVALID) return null;
    const node: NodeBody<"stat"> = { type: "stat", label, value };
    assignDefined(node, "delta", fields.optionalText("delta"));
    assignDefined(node, "tone", fields.optionalChoice("tone", TONES));
    return node;
  },
  badge(fields) {
    const text = fields.requiredText("text");
    if (text === MISSING) return null;
    const node: NodeBody<"badge"> = { type: "badge", text };
    assignDefined(node, "tone", fields.optionalChoice("tone", TONES));
    return node;
  },
  callout(fields) {
    const text = fields.requiredText("text");
    if (text === MISSING) return null;
    const node: NodeBody<"callout"> = { type: "callout", text };
    assignDefined(node, "title", fields.optionalText("title"));
    assignDefined(node, "tone", fields.optionalChoice("tone", TONES));
    return node;
  },
  table(fields) {
    const body = readTable(fields);
    return body === MISSING ? null : { type: "table", ...body };
  },
  input(fields) {
    const field = fields.fieldName();
    if (field === MISSING) return null;
    const node: NodeBody<"input"> = { type: "input", field };
    assignDefined(node, "label", fields.optionalText("label"));
    assignDefined(node, "placeholder", fields.optionalText("placeholder"));
    assignDefined(node, "value", fields.optionalText("value"));
    assignDefined(node, "required", fields.optionalBoolean("required"));
    return node;
  },
  select: choice("select"),
  radio: choice("radio"),
  checkbox: toggle("checkbox"),
  switch: toggle("switch"),
  tabs(fields, depth) {
    const list = fields.requiredList("tabs");
    if (list === MISSING) return null;
    const { walk } = fields;
    const capped = { cap: GENUI_LIMITS.tabs, noun: "tabs", spendsEntries: false };
    const tabs = readCapped(walk, list, fields.path.child("tabs"), capped, (_walk, value, path): GenuiTab | typeof INVALID => {
      if (!isRawRecord(value)) return INVALID;
      const tab = new NodeFields(walk, value, path);
      const label = tab.requiredText("label");
      if (label === MISSING || tab.requiredList("children") === MISSING) return INVALID;
      tab.reportUnknown(TAB_KEYS);
      return { label, children: readChildren(tab, depth) };
    });
    return { type: "tabs", tabs };
  },
  slider(fields) {
    const field = fields.fieldName();
    const min = fields.requiredNumber("min");
    const max = fields.requiredNumber("max");
    if (field === MISSING || min === MISSING || max === MISSING) return null;
    if (!(max > min)) {
      fields.walk.diagnostics.report("slider_range", fields.path, `min ${min}, max ${max}`);
      return null;
    }
    let step = fields.optionalNumber("step");
    if (step !== undefined && !(step > 0)) step = fields.invalid("step", "a positive number");
    const node: NodeBody<"slider"> = { type: "slider", field, min, max, step: step ?? (max - min) / 100 };
    assignDefined(node, "label", fields.optionalText("label"));
    assignDefined(node, "value", fields.optionalNumber("value", { min, max }));
    return node;
  },
  number(fields) {
    const field = fields.fieldName();
    if (field === MISSING) return null;
    let min = fields.optionalNumber("min");
    let max = fields.optionalNumber("max");
    if (min !== undefined && max !== undefined && min > max) {
      fields.walk.diagnostics.report("number_range", fields.path, `min ${min}, max ${max}`);
      min = undefined;
      max = undefined;
    }
    let step = fields.optionalNumber("step");
    if (step !== undefined && !(step > 0)) step = fields.invalid("step", "a positive number");
    const node: NodeBody<"number"> = { type: "number", field };
    assignDefined(node, "min", min);
    assignDefined(node, "max", max);
    assignDefined(node, "step", step);
    assignDefined(node, "label", fields.optionalText("label"));
    const bounds: { min?: number; max?: number } = {};
    assignDefined(bounds, "min", min);
    assignDefined(bounds, "max", max);
    assignDefined(node, "value", fields.optionalNumber("value", bounds));
    return node;
  },
  textarea(fields) {
    const field = fields.fieldName();
    if (field === MISSING) return null;
    const node: NodeBody<"textarea"> = { type: "textarea", field };
    assignDefined(node, "label", fields.optionalText("label"));
    assignDefined(node, "placeholder", fields.optionalText("placeholder"));
    assignDefined(node, "value", fields.optionalText("value", LONG_TEXT));
    const rows = fields.optionalNumber("rows", { min: GENUI_LIMITS.textareaRowsMin, max: GENUI_LIMITS.textareaRowsMax });
    assignDefined(node, "rows", rows === undefined ? undefined : Math.round(rows));
    assignDefined(node, "required", fields.optionalBoolean("required"));
    return node;
  },
  quiz(fields) {
    const field = fields.fieldName();
    const question = fields.requiredText("question");
    const options = readOptions(fields);
    const correct = fields.requiredText("correct");
    if (field === MISSING || question === MISSING || options === MISSING || correct === MISSING) return null;
    if (!options.some((option) => option.value === correct)) {
      fields.walk.diagnostics.report("quiz_answer", fields.path.child("correct"));
      return null;
    }
    const node: NodeBody<"quiz"> = { type: "quiz", field, question, options, correct };
    assignDefined(node, "explanation", fields.optionalText("explanation"));
    return node;
  },
  button(fields) {
    const label = fields.requiredText("label");
    const action = fields.requiredText("action");
    if (action === "") fields.missing("action", "a non-empty name");
    if (label === MISSING || action === MISSING || action === "") return null;
    const node: NodeBody<"button"> = { type: "button", label, action };
    const payload = fields.raw("payload");
    if (payload !== ABSENT) assignDefined(node, "payload", readPayload(fields.walk, payload, fields.path.child("payload")));
    return node;
  },
};

/** Reads one node candidate at a depth (a top-level item is depth 1); `null` when it is dropped (reported). */
export function readNode(walk: SpecWalk, value: unknown, path: GenuiPath, depth: number): GenuiNode | null {
  if (!isRawRecord(value)) {
    walk.diagnostics.report("invalid_node", path);
    return null;
  }
  const fields = new NodeFields(walk, value, path);
  const type = fields.raw("type");
  if (typeof type !== "string") {
    walk.diagnostics.report("invalid_node", path);
    return null;
  }
  if (!isGenuiNodeType(type)) {
    walk.diagnostics.report("unknown_type", path, JSON.stringify(type.length > 40 ? `${type.slice(0, 40)}…` : type));
    return null;
  }
  if (walk.surface === "tool" && isInteractiveNodeType(type)) {
    walk.diagnostics.report("interactive_on_tool", path, type);
    return null;
  }
  if (depth > GENUI_LIMITS.depth) {
    walk.diagnostics.report("too_deep", path, `depth ${depth}`);
    return null;
  }
  // The node is counted before its children are read, so nodes are kept in document order.
  walk.nodes += 1;
  const body = (READERS[type] as NodeReader<GenuiNodeType>)(fields, depth);
  if (body === null) {
    walk.nodes -= 1;
    return null;
  }
  const node = body as GenuiNode;
  const condition = fields.raw("visibleWhen");
  if (condition !== ABSENT) assignDefined(node, "visibleWhen", readCondition(walk, condition, path.child("visibleWhen")));
  fields.reportUnknown(knownFields(type), type);
  return node;
}

/** Reads an array of node candidates at a depth, within the spec's node and inspection budgets. */
export function readNodeList(walk: SpecWalk, list: readonly unknown[], path: GenuiPath, depth: number): GenuiNode[] {
  const length = listLength(list);
  const nodes: GenuiNode[] = [];
  for (let index = 0; index < length; index += 1) {
    const entryPath = path.child(index);
    if (!walk.hasNodeRoom) {
      walk.diagnostics.report("too_many_nodes", entryPath, `${length - index} more here`);
      break;
    }
    if (!walk.takeVisit(entryPath)) break;
    const node = readNode(walk, readElement(walk, list, index, path), entryPath, depth);
    if (node !== null) nodes.push(node);
  }
  return nodes;
}
