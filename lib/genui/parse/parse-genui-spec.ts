/**
 * `parseGenuiSpec`: the one door every spec goes through, on the server
 * before anything is stored or sent and again in the browser before drawing.
 *
 * It walks the raw value itself under budgets (depth, nodes, node
 * candidates, entries, string lengths checked before any copy), reads only
 * own enumerable data properties (no getter ever runs), strips prototype
 * keys, and builds fresh plain objects of the shape `GenuiSpecSchema`
 * documents. It never throws. That the output always passes the schema is
 * proven by the property tests rather than re-checked on every call: the
 * re-check cost a third of the time of a maximal spec.
 */
import type { GenuiDiagnostic } from "../diagnostics/diagnostic";
import { GenuiPath } from "../diagnostics/path";
import { GENUI_PANEL_ID_PATTERN, type GenuiSpec, type GenuiSurface } from "../schema/spec";
import { ABSENT, isRawList, isRawRecord } from "./raw";
import { readNodeList } from "./read-node";
import { NodeFields } from "./node-fields";
import { INVALID, readText } from "./read-values";
import { SpecWalk } from "./spec-walk";

/** Where a spec came from, which decides the node types it may hold. */
export type ParseGenuiSpecOptions = {
  /** `tool`: the render_ui tool (interactive nodes are dropped); `fence`: an octo-ui fence (all nodes). */
  surface: GenuiSurface;
};

/** A parse's outcome: the clamped spec (`null` only without a usable `items` array) and every trim and drop. */
export type GenuiParseResult = {
  /** The spec, within every cap, or `null` when there is nothing to render. */
  spec: GenuiSpec | null;
  /** Every trim and drop, in the order they were found. */
  diagnostics: GenuiDiagnostic[];
};

const SPEC_KEYS: ReadonlySet<string> = new Set(["id", "title", "items"]);

function walkSpec(walk: SpecWalk, input: unknown): GenuiSpec | null {
  const root = GenuiPath.root;
  if (!isRawRecord(input)) {
    walk.diagnostics.report("invalid_spec", root);
    return null;
  }
  const fields = new NodeFields(walk, input, root);
  const items = fields.raw("items");
  if (!isRawList(items)) {
    walk.diagnostics.report("missing_items", root.child("items"));
    return null;
  }
  // id and title first, so a spec reads (and serializes) in the order a person writes it.
  const spec = {} as GenuiSpec;
  const id = fields.raw("id");
  if (id !== ABSENT) {
    if (typeof id === "string" && GENUI_PANEL_ID_PATTERN.test(id)) spec.id = id;
    else walk.diagnostics.report("invalid_panel_id", root.child("id"));
  }
  const title = fields.raw("title");
  if (title !== ABSENT) {
    const text = readText(walk, title, root.child("title"));
    if (text === INVALID) walk.diagnostics.report("invalid_field", root.child("title"));
    else spec.title = text;
  }
  fields.reportUnknown(SPEC_KEYS);
  spec.items = readNodeList(walk, items, root.child("items"), 1);
  return spec;
}

/**
 * Validates and clamps a spec exactly as the guide says. `input` is anything
 * (a parsed tool argument, a fence's JSON, a stored value); the result holds
 * fresh objects only, never references into `input` other than strings.
 */
export function parseGenuiSpec(input: unknown, options: ParseGenuiSpecOptions): GenuiParseResult {
  const walk = new SpecWalk(options.surface === "tool" ? "tool" : "fence");
  try {
    const spec = walkSpec(walk, input);
    return { spec, diagnostics: walk.diagnostics.finish() };
  } catch {
    // Only a hostile object (a throwing proxy, an engine limit) gets here.
    walk.diagnostics.report("internal", "");
    return { spec: null, diagnostics: walk.diagnostics.finish() };
  }
}
