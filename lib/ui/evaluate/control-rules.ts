import { uiChecklistAccepts, uiChecklistItems } from "../catalog/checklist-items";
import type { UiRecord } from "../expression/value";
import type { UiViewNode } from "./view-node";

/**
 * Relative tolerance of a `Slider` step check: decimal steps such as 0.1 are
 * not exact in binary, so 0.3 is on a 0.1 step although 0.3 / 0.1 is not an
 * integer. A billionth of a step is far below anything a slider can show.
 */
export const UI_STEP_TOLERANCE = 1e-9;

/**
 * The rules an input control adds to its schema: a `Segmented` value is one
 * of its visible `Option`s, a list `Checklist`'s value holds ids of its
 * items, and a `Slider` or `NumberField` value lies on a step counted from
 * `min` (the schema already keeps it between `min` and `max`). `props` are
 * the validated props with the new value in place; `children` are the
 * control's visible children.
 */
export function uiControlAccepts(
  type: string,
  props: UiRecord,
  prop: string,
  children: readonly UiViewNode[],
): boolean {
  if (type === "Segmented" && prop === "value") {
    return children.some((child) => child.type === "Option" && child.props.value === props.value);
  }
  if (type === "Checklist" && prop === "value") {
    // A list checklist's value holds only ids of its items; without items there is nothing to tick.
    return props.items !== undefined && uiChecklistAccepts(uiChecklistItems(props.items), props.value);
  }
  if (type === "Slider" && prop === "value") {
    const { value, min, max, step } = props;
    if (typeof value !== "number" || typeof min !== "number" || typeof max !== "number") return false;
    if (value < min || value > max) return false;
    if (typeof step !== "number") return true;
    const steps = (value - min) / step;
    return Math.abs(steps - Math.round(steps)) <= UI_STEP_TOLERANCE * Math.max(1, Math.abs(steps));
  }
  if (type === "NumberField" && prop === "value") {
    // Bounds and step are each optional; a step counts from min, or from 0 without one (as a browser's number input does).
    const { value, min, max, step } = props;
    if (typeof value !== "number" || !Number.isFinite(value)) return false;
    if ((typeof min === "number" && value < min) || (typeof max === "number" && value > max)) return false;
    if (typeof step !== "number") return true;
    const steps = (value - (typeof min === "number" ? min : 0)) / step;
    return Math.abs(steps - Math.round(steps)) <= UI_STEP_TOLERANCE * Math.max(1, Math.abs(steps));
  }
  return true;
}
