/**
 * What a control shows: the value the user set, or else the starting value
 * the spec gave it. This is display only — `visibleWhen` and `filterBy` read
 * the touched fields alone (an untouched field compares as ""), exactly as
 * lib/genui says.
 */
import type { GenuiControlNode, GenuiFieldValue, GenuiFieldValues } from "@/lib/genui";

/** The value `control` shows for the touched `fields`: the user's value, its starting value, or `undefined` for neither. */
export function controlValue(control: GenuiControlNode, fields: GenuiFieldValues): GenuiFieldValue | undefined {
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
