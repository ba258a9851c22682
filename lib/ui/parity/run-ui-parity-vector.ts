/**
 * Runs one ui parity vector with the library's public functions, exactly as a
 * host and its renderer would: compile the source, keep one `UiState`, apply
 * each step through the API a renderer uses (a binding's `set`, a choice's
 * `run`, `resolveUiChoice`), evaluate, and normalize. The same code runs in
 * the server tests and in the browser page, so a difference between the two
 * is a difference of the bundled library, never of the runner.
 */
import { z } from "zod";
import { resolveUiChoice } from "../choice/resolve-choice";
import { uiInputValues } from "../choice/input-values";
import { compileUiBlock } from "../compile/compile-block";
import type { UiQuerySchemas } from "../compile/options";
import type { UiBlock, UiDiagnostic } from "../envelope/schema";
import { evaluateUiBlock } from "../evaluate/evaluate-block";
import type { UiViewNode } from "../evaluate/view-node";
import type { UiRecord } from "../expression/value";
import { toUiFailure } from "../failure";
import { UiState } from "../state/ui-state";
import { parityUiNodes } from "./parity-ui-nodes";
import {
  PARITY_UI_BLOCK_ID,
  type ParityUiDiagnostic,
  type ParityUiResult,
  type ParityUiStep,
  type ParityUiStepOutcome,
  type UiParityInput,
} from "./ui-parity-vector";

/** A vector's outcome, with the block and state a renderer draws the final tree from. */
export type UiParityRun = {
  result: ParityUiResult;
  block: UiBlock;
  state: UiState;
};

/** A diagnostic without its wording and node id (wording may improve; ids are host-internal). */
function parityDiagnostic(diagnostic: UiDiagnostic): ParityUiDiagnostic {
  return { code: diagnostic.code, range: { start: diagnostic.range.start, end: diagnostic.range.end } };
}

/** The first node in document order (parents before children) that `matches`. */
function findNode(nodes: readonly UiViewNode[], matches: (node: UiViewNode) => boolean): UiViewNode | undefined {
  for (const node of nodes) {
    if (matches(node)) return node;
    const inner = findNode(node.children, matches);
    if (inner) return inner;
  }
  return undefined;
}

/** Runs a library call that refuses by throwing `UiFailure`, as an outcome. */
function attempt(work: () => void): ParityUiStepOutcome {
  try {
    work();
    return { ok: true };
  } catch (caught) {
    return { ok: false, failure: toUiFailure(caught).code };
  }
}

/** Applies one step to the block's state; `queries` collects the data supplied so far (what a host hands `resolveUiChoice`). */
function applyStep(step: ParityUiStep, block: UiBlock, state: UiState, queries: UiRecord): ParityUiStepOutcome {
  switch (step.kind) {
    case "set":
      return attempt(() => state.set(step.variable, step.value));
    case "run":
      return attempt(() => state.run(step.action));
    case "query":
      return attempt(() => {
        state.setQuery(step.variable, step.data, block);
        queries[step.variable] = step.data;
      });
    case "input": {
      const nodes = evaluateUiBlock(block, state).nodes;
      const input = findNode(nodes, (node) => Object.values(node.bindings).some((binding) => binding.variable === step.variable));
      const binding = input && Object.values(input.bindings).find((candidate) => candidate.variable === step.variable);
      return { ok: binding !== undefined && binding.set(step.value) };
    }
    case "press": {
      const nodes = evaluateUiBlock(block, state).nodes;
      const choice = findNode(nodes, (node) => node.type === "Choice" && node.props.id === step.choice && node.actions.run !== undefined);
      return { ok: choice?.actions.run !== undefined && choice.actions.run.run() };
    }
    case "choose":
      try {
        const selection = resolveUiChoice(block, step.choice, uiInputValues(block, state), queries);
        return { ok: true, selection };
      } catch (caught) {
        return { ok: false, failure: toUiFailure(caught).code };
      }
  }
}

/** Query sources by name, each taking any arguments: a vector names sources, not schemas, so that it stays language-neutral. */
function querySchemasOf(sources: readonly string[] | undefined): UiQuerySchemas {
  const schemas: Record<string, z.ZodType> = {};
  for (const source of sources ?? []) schemas[source] = z.unknown();
  return schemas;
}

/** Runs a ui vector (see fixtures/parity/README.md); never throws for a valid vector. */
export function runUiParityVector(vector: UiParityInput): UiParityRun {
  const limits = vector.limits;
  const block = compileUiBlock(vector.source, {
    id: PARITY_UI_BLOCK_ID,
    final: vector.final ?? true,
    querySchemas: querySchemasOf(vector.querySources),
    // A fixed clock: the time budget must never decide a vector's outcome on a slow machine.
    now: () => 0,
    ...(limits ? { limits } : {}),
  });
  const state = new UiState(block, limits ? { limits } : {});
  const queries: UiRecord = {};
  const steps = vector.steps.map((step) => applyStep(step, block, state, queries));
  const evaluation = evaluateUiBlock(block, state, limits);
  const result: ParityUiResult = {
    compile: block.diagnostics.map(parityDiagnostic),
    steps,
    view: parityUiNodes(evaluation.nodes),
    evaluate: evaluation.diagnostics.map(parityDiagnostic),
    state: { ...state.snapshot().values },
    complete: block.complete,
  };
  return { result, block, state };
}
