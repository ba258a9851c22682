import { uiChecklistItems } from "../catalog/checklist-items";
import type { UiRecord, UiValue } from "../expression/value";
import type { UiVisibleInput } from "./visible-inputs";

/** One input value as the person saw it: its control's label and the value as the control showed it. */
export type UiShownValue = { label: string; value: string };

/** The control's own label (`label` prop, a checklist's `title`, as the compiled tree holds it), or undefined when it has none. */
function controlLabel(input: UiVisibleInput): string | undefined {
  const label = input.node.type === "Checklist" ? input.node.props.title : input.node.props.label;
  return typeof label === "string" && label.trim() !== "" ? label : undefined;
}

/** `value` as `input` shows it: an `Option` by its label, a switch or item as yes/no, a list checklist by its checked labels, a slider with its unit; undefined when it does not show it. */
function controlText(input: UiVisibleInput, value: UiValue): string | undefined {
  const { node } = input;
  // The same words as a GenUI checkbox's (lib/chat/turn/panel-action-turn.ts).
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (node.type === "Segmented") {
    const option = node.children.find((child) => child.type === "Option" && child.props.value === value);
    return typeof option?.props.label === "string" ? option.props.label : undefined;
  }
  if (node.type === "Checklist" && Array.isArray(value)) {
    const checked = new Set<unknown>(value);
    const labels = uiChecklistItems(node.props.items).filter((item) => checked.has(item.id)).map((item) => item.label);
    return labels.length > 0 ? labels.join(", ") : "none";
  }
  if (typeof value === "string") return value;
  if (typeof value === "number") return typeof node.props.unit === "string" ? `${String(value)} ${node.props.unit}` : String(value);
  return undefined;
}

/**
 * The input `values` as the person saw them, in their order: each by the
 * label of the first visible control bound to it that has one (its name when
 * none has), its value as the first control that shows it showed it. Labels
 * come from the evaluated tree of the stored block, never from model text.
 */
export function uiShownInputValues(inputs: ReadonlyMap<string, readonly UiVisibleInput[]>, values: UiRecord): UiShownValue[] {
  return Object.entries(values).map(([name, value]) => {
    const controls = inputs.get(name) ?? [];
    const label = controls.map(controlLabel).find((candidate) => candidate !== undefined) ?? name;
    const shown = controls.map((control) => controlText(control, value)).find((candidate) => candidate !== undefined);
    return { label, value: shown ?? JSON.stringify(value) };
  });
}
