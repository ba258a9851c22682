/**
 * Runs one octo-ui parity vector with the dialect's public functions, exactly
 * as the chat and its renderer would: find the fence, parse and clamp it,
 * lint it, apply the person's edits to one `GenuiPanelState`, decide what
 * shows (`isVisible` down the ancestry, as the renderer's node lists do) and
 * write the envelope a pressed button sends. The same code runs in the server
 * tests and in the browser page.
 */
import { genuiActionFields } from "../action/action-fields";
import { formatUiAction } from "../action/format-ui-action";
import type { UiAction } from "../action/ui-action";
import type { GenuiDiagnostic } from "../diagnostics/diagnostic";
import { extractGenuiFences } from "../fence/extract-genui-fences";
import { isVisible } from "../interaction/is-visible";
import { missingRequiredFields } from "../interaction/missing-required";
import { genuiLint } from "../lint/genui-lint";
import { emptyPanelState, type GenuiPanelState } from "../panel/panel-state";
import { parseGenuiSpec } from "../parse/parse-genui-spec";
import type { GenuiButtonNode } from "../schema/nodes";
import type { GenuiSpec } from "../schema/spec";
import { forEachGenuiNode } from "../schema/walk-nodes";
import type {
  GenuiParityInput,
  ParityGenuiDiagnostic,
  ParityGenuiNode,
  ParityGenuiResult,
  ParityGenuiStep,
  ParityGenuiStepOutcome,
} from "./genui-parity-vector";

/** A vector's outcome, with the raw spec and final state a renderer draws the panel from. */
export type GenuiParityRun = {
  result: ParityGenuiResult;
  /** What the renderer is handed: the fence's JSON as read, or the tool argument (it parses it again itself). */
  rawSpec: unknown;
  state: GenuiPanelState;
};

/** A node path's parent node path: `items[0].tabs[1].children[2]` → `items[0]`; a top-level node has none. */
const PARENT_PATH = /\.(?:tabs\[\d+\]\.)?children\[\d+\]$/;

function parityDiagnostic(diagnostic: GenuiDiagnostic): ParityGenuiDiagnostic {
  return { code: diagnostic.code, path: diagnostic.path };
}

/** Every node with whether it shows: its own `visibleWhen` and every ancestor's hold for the touched fields. */
function parityNodes(spec: GenuiSpec, state: GenuiPanelState): ParityGenuiNode[] {
  const visibleByPath = new Map<string, boolean>();
  const nodes: ParityGenuiNode[] = [];
  forEachGenuiNode(spec.items, (node, path) => {
    const parent = path.replace(PARENT_PATH, "");
    const parentVisible = parent === path ? true : (visibleByPath.get(parent) ?? true);
    const visible = parentVisible && isVisible(node, state.fields);
    visibleByPath.set(path, visible);
    nodes.push({ path, type: node.type, visible });
  });
  return nodes;
}

/** The button at `path`, or undefined. */
function buttonAt(spec: GenuiSpec, path: string): GenuiButtonNode | undefined {
  let found: GenuiButtonNode | undefined;
  forEachGenuiNode(spec.items, (node, nodePath) => {
    if (found === undefined && nodePath === path && node.type === "button") found = node;
  });
  return found;
}

/** What pressing a button does: held back while required fields are empty, else the envelope, as `GenuiPanelView` builds it. */
function press(spec: GenuiSpec | null, state: GenuiPanelState, path: string): ParityGenuiStepOutcome {
  const button = spec === null ? undefined : buttonAt(spec, path);
  if (spec === null || button === undefined) return { ok: false };
  const values = genuiActionFields(spec, state.fields);
  const missing = missingRequiredFields(spec, { touched: state.fields, values });
  if (missing.length > 0) return { ok: false, missing: missing.map((entry) => entry.field) };
  const action: UiAction = { action: button.action, fields: values, payload: button.payload ?? {} };
  return { ok: true, envelope: formatUiAction(spec.id === undefined ? action : { panel: spec.id, ...action }) };
}

/** Applies one step; state edits replace the state object, as the renderer's state hook does. */
function applyStep(step: ParityGenuiStep, spec: GenuiSpec | null, state: GenuiPanelState): { state: GenuiPanelState; outcome: ParityGenuiStepOutcome } {
  switch (step.kind) {
    case "field":
      return { state: { ...state, fields: { ...state.fields, [step.field]: step.value } }, outcome: { ok: true } };
    case "clear": {
      const fields = { ...state.fields };
      delete fields[step.field];
      return { state: { ...state, fields }, outcome: { ok: true } };
    }
    case "tab":
      return { state: { ...state, tabs: { ...state.tabs, [step.path]: step.index } }, outcome: { ok: true } };
    case "fold":
      return { state: { ...state, folds: { ...state.folds, [step.path]: step.open } }, outcome: { ok: true } };
    case "press":
      return { state, outcome: press(spec, state, step.button) };
  }
}

/** The panel a vector describes: the first octo-ui fence of its reply, or its tool argument. */
function readPanel(vector: GenuiParityInput): { rawSpec: unknown; spec: GenuiSpec | null; diagnostics: GenuiDiagnostic[] } {
  if (vector.surface === "tool") {
    const parsed = parseGenuiSpec(vector.spec, { surface: "tool" });
    return { rawSpec: vector.spec, spec: parsed.spec, diagnostics: parsed.diagnostics };
  }
  const reply = vector.reply ?? "";
  const fence = extractGenuiFences(reply)[0];
  if (fence === undefined) return { rawSpec: null, spec: null, diagnostics: [] };
  // The renderer is handed what the chat stores for a fence: the spec the server already clamped.
  return { rawSpec: fence.spec, spec: fence.spec, diagnostics: fence.diagnostics };
}

/** Runs an octo-ui vector (see fixtures/parity/README.md); never throws for a valid vector. */
export function runGenuiParityVector(vector: GenuiParityInput): GenuiParityRun {
  const panel = readPanel(vector);
  let state = emptyPanelState();
  const steps: ParityGenuiStepOutcome[] = [];
  for (const step of vector.steps) {
    const applied = applyStep(step, panel.spec, state);
    state = applied.state;
    steps.push(applied.outcome);
  }
  const result: ParityGenuiResult = {
    diagnostics: panel.diagnostics.map(parityDiagnostic),
    lint: panel.spec === null ? [] : genuiLint(panel.spec).map(parityDiagnostic),
    spec: panel.spec,
    steps,
    nodes: panel.spec === null ? [] : parityNodes(panel.spec, state),
    state,
  };
  return { result, rawSpec: panel.rawSpec, state };
}
