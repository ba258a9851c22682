/**
 * A checklist over a list: `<Checklist items={$tasks} value={$done}/>` draws
 * one checkbox per item and keeps the ids of the checked ones in a list
 * state variable (`$done = []`), so `@Count($done)` is the checked count —
 * instead of one boolean variable per item and a long ternary to count them.
 */
import type { UiValue } from "../expression/value";
import { UI_PROP_LIMITS } from "./prop-limits";

/** One item of a list checklist: the id its checked state is kept by, and its label. */
export type UiChecklistItem = { id: string | number; label: string };

/**
 * An item of `Checklist.items` as written: text or a number (its own id and
 * label), or a record with a `label` and an optional `id` (text or number;
 * default: the label). Undefined when it is none of these.
 */
export function uiChecklistItem(value: UiValue): UiChecklistItem | undefined {
  if (typeof value === "string") return value.length <= UI_PROP_LIMITS.label ? { id: value, label: value } : undefined;
  if (typeof value === "number") return { id: value, label: String(value) };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const label = Object.hasOwn(value, "label") ? value.label : undefined;
  if (typeof label !== "string" || label.length > UI_PROP_LIMITS.label) return undefined;
  const id = Object.hasOwn(value, "id") ? value.id : undefined;
  if (id === undefined || id === null) return { id: label, label };
  if (typeof id === "number" || (typeof id === "string" && id.length <= UI_PROP_LIMITS.label)) return { id, label };
  return undefined;
}

/** The items of a validated `Checklist.items` prop (its schema already refused anything else). */
export function uiChecklistItems(items: unknown): UiChecklistItem[] {
  if (!Array.isArray(items)) return [];
  const result: UiChecklistItem[] = [];
  for (const value of items as UiValue[]) {
    const item = uiChecklistItem(value);
    if (item) result.push(item);
  }
  return result;
}

/** True when every checked id is one of the items' ids, none twice: what a bound `value` may hold. */
export function uiChecklistAccepts(items: readonly UiChecklistItem[], value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const ids = new Set(items.map((item) => item.id));
  const seen = new Set<unknown>();
  for (const id of value as unknown[]) {
    if (!ids.has(id as string | number) || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

/** The checked list after ticking or unticking `id`, in the items' order (so equal choices give equal lists). */
export function uiChecklistToggle(items: readonly UiChecklistItem[], value: readonly unknown[], id: string | number, checked: boolean): (string | number)[] {
  const next = new Set<unknown>(value);
  if (checked) next.add(id);
  else next.delete(id);
  return items.filter((item) => next.has(item.id)).map((item) => item.id);
}
