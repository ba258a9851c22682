/** How the renderer's pure functions read a field: a field the user has not touched is the empty string. */
import type { GenuiFieldValue, GenuiFieldValues } from "../schema/condition";

/** The value of `field`, or "" when the user has not touched it (even if its control has a starting value). */
export function genuiFieldValue(fields: GenuiFieldValues, field: string): GenuiFieldValue {
  return Object.hasOwn(fields, field) ? (fields[field] as GenuiFieldValue) : "";
}
