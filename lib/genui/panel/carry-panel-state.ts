/**
 * The state rule for a new version of a panel: values whose fields still
 * exist are kept and the rest are dropped, so a refreshed dashboard stays
 * under the filter the user set. A value is kept only where the new version
 * can hold it (a number for a slider, one of the options for a select);
 * tab and fold state is kept where the same path is still a `tabs` node
 * with that many tabs, or still a `collapsible`.
 */
import type { GenuiFieldValue } from "../schema/condition";
import type { GenuiControlNode, GenuiNode } from "../schema/nodes";
import type { GenuiSpec } from "../schema/spec";
import { forEachGenuiNode } from "../schema/walk-nodes";
import { emptyPanelState, type GenuiPanelState } from "./panel-state";

function within(value: number, min: number | undefined, max: number | undefined): boolean {
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

/** True when `control` can hold `value`. */
function canHold(control: GenuiControlNode, value: GenuiFieldValue): boolean {
  switch (control.type) {
    case "input":
    case "textarea":
      return typeof value === "string";
    case "select":
    case "radio":
    case "quiz":
      return typeof value === "string" && control.options.some((option) => option.value === value);
    case "checkbox":
    case "switch":
      return typeof value === "boolean";
    case "slider":
    case "number":
      return typeof value === "number" && Number.isFinite(value) && within(value, control.min, control.max);
  }
}

function isControl(node: GenuiNode): node is GenuiControlNode {
  return "field" in node;
}

/** The state to give a new version of a panel, from the previous version's state. */
export function carryPanelState(previousState: GenuiPanelState, newSpec: GenuiSpec): GenuiPanelState {
  const controls = new Map<string, GenuiControlNode[]>();
  const tabCounts = new Map<string, number>();
  const folds = new Set<string>();
  forEachGenuiNode(newSpec.items, (node, path) => {
    if (isControl(node)) controls.set(node.field, [...(controls.get(node.field) ?? []), node]);
    else if (node.type === "tabs") tabCounts.set(path, node.tabs.length);
    else if (node.type === "collapsible") folds.add(path);
  });
  const state = emptyPanelState();
  // Keys are copied only when the new spec has them, so no key of the stored state reaches a fresh object unchecked.
  for (const [field, fieldControls] of controls) {
    if (!Object.hasOwn(previousState.fields, field)) continue;
    const value = previousState.fields[field] as GenuiFieldValue;
    if (fieldControls.some((control) => canHold(control, value))) state.fields[field] = value;
  }
  for (const [path, count] of tabCounts) {
    const selected = Object.hasOwn(previousState.tabs, path) ? previousState.tabs[path] : undefined;
    if (selected !== undefined && Number.isInteger(selected) && selected >= 0 && selected < count) state.tabs[path] = selected;
  }
  for (const path of folds) {
    const open = Object.hasOwn(previousState.folds, path) ? previousState.folds[path] : undefined;
    if (typeof open === "boolean") state.folds[path] = open;
  }
  return state;
}
