/**
 * Which `required` fields of a fence still need text before its buttons may
 * fire: each `input`, `textarea` or `select` marked `required` that shows
 * (its `visibleWhen` and every ancestor's hold for the touched fields; a
 * control in another tab or a closed fold still counts, since the person can
 * reach it) and whose value, as a button would send it, is missing or
 * nothing but spaces.
 */
import type { GenuiFieldValues } from "../schema/condition";
import type { GenuiNode } from "../schema/nodes";
import type { GenuiSpec } from "../schema/spec";
import { isVisible } from "./is-visible";

/** A required field still empty: its field name and the label a person reads. */
export type GenuiMissingField = { field: string; label: string };

/** Options of `missingRequiredFields`. */
export type MissingRequiredOptions = {
  /** The fields the person has touched (what `visibleWhen` reads). */
  touched: GenuiFieldValues;
  /** The values a button would send now (touched, else starting values). */
  values: GenuiFieldValues;
};

function isBlank(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}

/** The required fields of `spec` that are showing and still empty, in document order. */
export function missingRequiredFields(spec: GenuiSpec, options: MissingRequiredOptions): GenuiMissingField[] {
  const missing: GenuiMissingField[] = [];
  const visit = (nodes: readonly GenuiNode[]): void => {
    for (const node of nodes) {
      if (!isVisible(node, options.touched)) continue;
      if ((node.type === "input" || node.type === "textarea" || node.type === "select") && node.required === true) {
        if (isBlank(options.values[node.field]) && !missing.some((entry) => entry.field === node.field)) {
          missing.push({ field: node.field, label: node.label !== undefined && node.label.trim() !== "" ? node.label : node.field });
        }
      }
      if ("children" in node) visit(node.children);
      if (node.type === "tabs") for (const tab of node.tabs) visit(tab.children);
    }
  };
  visit(spec.items);
  return missing;
}
