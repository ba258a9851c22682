/**
 * What a control shows: the value the user set, or else the starting value
 * the spec gave it. This is display only — `visibleWhen` and `filterBy` read
 * the touched fields alone (an untouched field compares as ""), exactly as
 * `isVisible` says. It lives here, not in the renderer, because the action
 * envelope a button sends is built from it and every runner of the parity
 * vectors (fixtures/parity) must build the same one.
 */
import type { GenuiFieldValue, GenuiFieldValues } from "../schema/condition";
import type { GenuiControlNode } from "../schema/nodes";

/** The value `control` shows for the touched `fields`: the user's value, its starting value, or `undefined` for neither. */
export function genuiControlValue(control: GenuiControlNode, fields: GenuiFieldValues): GenuiFieldValue | undefined {
  if (Object.hasOwn(fields, control.field)) return fields[control.field];
  switch (control.type) {
    case "checkbox":
    case "switch":
      return control.checked;
    case "quiz":
      // A quiz has no starting answer: it is unanswered until the user picks.
      return undefined;
    default:
      return control.value;
  }
}
