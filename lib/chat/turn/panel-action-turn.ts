/**
 * The turn a GenUI button sends, written by the host from the stored fence —
 * never from text the browser sends. The browser names the button (its node
 * path in the stored spec) and the values of the fence's fields; the
 * button's `action` and `payload` and the panel id come from the stored spec,
 * and every field is checked against the fence's controls as a person could
 * have set it. The result is the `[octo-ui-action]` envelope the model reads
 * and a summary the thread draws for a visible (anonymous panel) action.
 */
import { AppError } from "@/lib/errors";
import { formatUiAction } from "@/lib/genui/action/format-ui-action";
import { parseUiAction } from "@/lib/genui/action/parse-ui-action";
import type { UiAction } from "@/lib/genui/action/ui-action";
import { GENUI_BUDGETS } from "@/lib/genui/limits";
import type { GenuiFieldValue, GenuiFieldValues } from "@/lib/genui/schema/condition";
import type { GenuiButtonNode, GenuiControlNode, GenuiNode } from "@/lib/genui/schema/nodes";
import type { GenuiSpec } from "@/lib/genui/schema/spec";
import { forEachGenuiNode } from "@/lib/genui/schema/walk-nodes";
import { ACTION_SUMMARY_TEXT_MAX_LENGTH, type ActionSummary } from "../wire";

/** What a button press turns into. */
export type PanelActionTurn = {
  envelope: UiAction;
  /** The envelope as the stored turn's text (`formatUiAction`). */
  text: string;
  summary: ActionSummary;
};

/** What a refused button press is told: it names no button of that panel. */
export const NO_SUCH_BUTTON_MESSAGE = "This button is not part of that panel.";

/** Marks a summary value cut to fit. */
const CUT_MARK = "…";

function isControl(node: GenuiNode): node is GenuiControlNode {
  return "field" in node;
}

/** The button at `path` in the spec, or undefined. */
export function findGenuiButton(spec: GenuiSpec, path: string): GenuiButtonNode | undefined {
  let found: GenuiButtonNode | undefined;
  forEachGenuiNode(spec.items, (node, nodePath) => {
    if (found === undefined && nodePath === path && node.type === "button") found = node;
  });
  return found;
}

/** The spec's controls by field name, in document order (a field may have more than one). */
function controlsByField(spec: GenuiSpec): Map<string, GenuiControlNode[]> {
  const controls = new Map<string, GenuiControlNode[]>();
  forEachGenuiNode(spec.items, (node) => {
    if (!isControl(node)) return;
    const list = controls.get(node.field);
    if (list) list.push(node);
    else controls.set(node.field, [node]);
  });
  return controls;
}

/** True when a person could have given `control` this value. */
function controlAccepts(control: GenuiControlNode, value: GenuiFieldValue): boolean {
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
      return typeof value === "number" && Number.isFinite(value) && value >= control.min && value <= control.max;
    case "number":
      return (
        typeof value === "number" &&
        Number.isFinite(value) &&
        (control.min === undefined || value >= control.min) &&
        (control.max === undefined || value <= control.max)
      );
  }
}

/** `text` cut to fit a summary (`ACTION_SUMMARY_TEXT_MAX_LENGTH`). */
export function cut(text: string): string {
  return text.length <= ACTION_SUMMARY_TEXT_MAX_LENGTH ? text : text.slice(0, ACTION_SUMMARY_TEXT_MAX_LENGTH - CUT_MARK.length) + CUT_MARK;
}

/** A control's name as the person read it. */
function controlLabel(control: GenuiControlNode): string {
  const label = control.type === "quiz" ? control.question : control.label;
  return label !== undefined && label.trim() !== "" ? label : control.field;
}

/** A value as the control showed it: an option by its label, a box as checked or not. */
function shownValue(control: GenuiControlNode, value: GenuiFieldValue): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (control.type === "select" || control.type === "radio" || control.type === "quiz") {
    return control.options.find((option) => option.value === value)?.label ?? String(value);
  }
  return String(value);
}

/**
 * The turn for the button at `button` in the stored `spec`, with `fields` as
 * sent. Throws `not_found:panel` when no button stands there and
 * `bad_request:panel` for a field the fence does not have, a value none of
 * its controls could hold, or an envelope too long to send.
 */
export function panelActionTurn(input: { spec: GenuiSpec; button: string; fields: GenuiFieldValues }): PanelActionTurn {
  const button = findGenuiButton(input.spec, input.button);
  if (!button) throw new AppError("not_found:panel", { message: NO_SUCH_BUTTON_MESSAGE, detail: `no button at ${input.button.slice(0, 200)}` });
  const controls = controlsByField(input.spec);
  const fields: GenuiFieldValues = {};
  const shown: ActionSummary["fields"] = [];
  // In the fence's order, so the envelope reads the same whatever order the browser sent.
  for (const [field, candidates] of controls) {
    if (!Object.hasOwn(input.fields, field)) continue;
    const value = input.fields[field] as GenuiFieldValue;
    const control = candidates.find((candidate) => controlAccepts(candidate, value));
    if (!control) {
      throw new AppError("bad_request:panel", { message: `The value of “${cut(controlLabel(candidates[0] as GenuiControlNode))}” is not one this panel offers.`, detail: `field ${field}` });
    }
    fields[field] = value;
    shown.push({ label: cut(controlLabel(candidates[0] as GenuiControlNode)), value: cut(shownValue(control, value)) });
  }
  const unknown = Object.keys(input.fields).find((field) => !controls.has(field));
  if (unknown !== undefined) throw new AppError("bad_request:panel", { message: "A value was sent for a field this panel does not have.", detail: `field ${unknown.slice(0, 200)}` });
  const envelope: UiAction = {
    ...(input.spec.id !== undefined ? { panel: input.spec.id } : {}),
    action: button.action,
    fields,
    payload: button.payload ?? {},
  };
  const text = formatUiAction(envelope);
  // What the model is sent must read back as exactly this envelope (within its length budget).
  if (text.length > GENUI_BUDGETS.actionEnvelopeLength || parseUiAction(text) === null) {
    throw new AppError("bad_request:panel", { message: "The panel's values are too long to send. Shorten what you typed and try again.", detail: `envelope of ${text.length} units` });
  }
  return { envelope, text, summary: { label: cut(button.label), fields: shown } };
}
