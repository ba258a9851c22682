/**
 * `visibleWhen`, evaluated in the browser with no round-trip. Equality tests
 * compare strictly with the JSON value in the condition; range tests hold
 * only for a number, so an untouched field ("") fails every one of them and
 * a range-gated node stays hidden until its slider moves.
 */
import type { GenuiCondition, GenuiFieldValues } from "../schema/condition";
import { genuiFieldValue } from "./field-value";

/** True when `node` has no condition or its condition holds for the touched `fields`. */
export function isVisible(node: { visibleWhen?: GenuiCondition | undefined }, fields: GenuiFieldValues): boolean {
  const condition = node.visibleWhen;
  if (condition === undefined) return true;
  const value = genuiFieldValue(fields, condition.field);
  if (condition.equals !== undefined) return value === condition.equals;
  if (condition.in !== undefined) return condition.in.some((candidate) => candidate === value);
  if (condition.not !== undefined) return value !== condition.not;
  const hasRange = condition.gt !== undefined || condition.gte !== undefined || condition.lt !== undefined || condition.lte !== undefined;
  if (!hasRange) return true;
  if (typeof value !== "number") return false;
  return (
    (condition.gt === undefined || value > condition.gt) &&
    (condition.gte === undefined || value >= condition.gte) &&
    (condition.lt === undefined || value < condition.lt) &&
    (condition.lte === undefined || value <= condition.lte)
  );
}
