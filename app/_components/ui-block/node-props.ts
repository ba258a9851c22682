/**
 * Typed reads of a view node's evaluated props. The catalog's schemas
 * already validated them; these reads only narrow the `UiValue` type and
 * never read inherited keys.
 */
import type { UiViewNode } from "@/lib/ui/evaluate";
import { isWidgetTone, type WidgetTone } from "../widgets/tone/tone";

function own(node: UiViewNode, name: string): unknown {
  return Object.hasOwn(node.props, name) ? node.props[name] : undefined;
}

/** A string prop, or undefined. */
export function textProp(node: UiViewNode, name: string): string | undefined {
  const value = own(node, name);
  return typeof value === "string" ? value : undefined;
}

/** A finite number prop, or undefined. */
export function numberProp(node: UiViewNode, name: string): number | undefined {
  const value = own(node, name);
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** A boolean prop (false when absent). */
export function flagProp(node: UiViewNode, name: string): boolean {
  return own(node, name) === true;
}

/** A tone prop, or undefined. */
export function toneProp(node: UiViewNode, name = "tone"): WidgetTone | undefined {
  const value = own(node, name);
  return isWidgetTone(value) ? value : undefined;
}

/** A list-of-records prop (`rows`), or an empty list. */
export function recordsProp(node: UiViewNode, name: string): readonly Record<string, unknown>[] {
  const value = own(node, name);
  if (!Array.isArray(value)) return [];
  return value.filter((row): row is Record<string, unknown> => typeof row === "object" && row !== null && !Array.isArray(row));
}

/** A list-of-strings prop (`series`), or undefined. */
export function textListProp(node: UiViewNode, name: string): string[] | undefined {
  const value = own(node, name);
  if (!Array.isArray(value)) return undefined;
  return value.filter((item): item is string => typeof item === "string");
}

/** The plain text of a node's `#text` children (for labels built from children). */
export function childText(node: UiViewNode): string {
  return node.children
    .map((child) => (child.type === "#text" ? (textProp(child, "text") ?? "") : childText(child)))
    .join("");
}
