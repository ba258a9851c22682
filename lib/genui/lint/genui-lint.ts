/**
 * Advice about a parsed spec that hides nothing: everything here renders,
 * but something in it cannot do its job. The guide asks that every
 * `slider`/`number` be read by a `visibleWhen` or a `filterBy` and that every
 * `textarea` sit next to a submit `button`; the design page adds the
 * range-gated node whose slider has a starting value (it stays hidden until
 * the slider moves, since an untouched field compares as ""), and a
 * `required` field in a fence with no button to wait for it.
 */
import { GenuiDiagnosticCollector, type GenuiDiagnostic } from "../diagnostics/diagnostic";
import type { GenuiNode } from "../schema/nodes";
import type { GenuiSpec } from "../schema/spec";
import { forEachGenuiNode } from "../schema/walk-nodes";

/** Controls whose value is text, which `filterBy.field` should name. */
const TEXT_CONTROLS: ReadonlySet<string> = new Set(["input", "textarea", "select", "radio"]);

/** Lint diagnostics for a parsed spec (one fence or one tool card). */
export function genuiLint(spec: GenuiSpec): GenuiDiagnostic[] {
  const diagnostics = new GenuiDiagnosticCollector();
  const controls = new Map<string, { node: GenuiNode; path: string }[]>();
  const readers: { field: string; path: string; range: boolean; filter: boolean }[] = [];
  let hasButton = false;
  forEachGenuiNode(spec.items, (node, path) => {
    if ("field" in node) controls.set(node.field, [...(controls.get(node.field) ?? []), { node, path }]);
    if (node.type === "button") hasButton = true;
    const condition = node.visibleWhen;
    if (condition !== undefined) {
      const range = condition.gt !== undefined || condition.gte !== undefined || condition.lt !== undefined || condition.lte !== undefined;
      readers.push({ field: condition.field, path: `${path}.visibleWhen`, range, filter: false });
    }
    if (node.type === "table" && node.filterBy !== undefined) {
      readers.push({ field: node.filterBy.field, path: `${path}.filterBy`, range: false, filter: true });
    }
  });
  const read = new Set(readers.map((reader) => reader.field));
  for (const [field, entries] of controls) {
    for (const { node, path } of entries) {
      if ((node.type === "slider" || node.type === "number") && !read.has(field)) {
        diagnostics.report("unread_control", path, "no visibleWhen or filterBy names its field");
      }
      if (node.type === "textarea" && !hasButton) diagnostics.report("unread_control", path, "no button in this fence sends it");
      else if ("required" in node && node.required === true && !hasButton) {
        diagnostics.report("unread_control", `${path}.required`, "required, but no button in this fence waits for it");
      }
    }
  }
  for (const reader of readers) {
    const entries = controls.get(reader.field);
    if (entries === undefined) {
      diagnostics.report("unknown_control", reader.path, reader.field);
      continue;
    }
    if (reader.filter && !entries.some(({ node }) => TEXT_CONTROLS.has(node.type))) diagnostics.report("filter_field_kind", reader.path);
    const seeded = entries.some(({ node }) => (node.type === "slider" || node.type === "number") && node.value !== undefined);
    if (reader.range && seeded) diagnostics.report("hidden_until_moved", reader.path, reader.field);
  }
  return diagnostics.finish();
}
