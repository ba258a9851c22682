import type { UiBlock } from "../envelope/schema";
import { evaluateUiBlock } from "../evaluate/evaluate-block";
import { uiControlAccepts } from "../evaluate/control-rules";
import type { UiEvaluation } from "../evaluate/view-node";
import { copyUiValue } from "../expression/copy";
import type { UiRecord } from "../expression/value";
import { UiFailure } from "../failure";
import { UiState } from "../state/ui-state";
import { requireUiStoredBlock } from "./stored-block";
import { uiVisibleInputs, type UiVisibleInput } from "./visible-inputs";

/** A block evaluated with submitted input values that all passed. */
export type UiCheckedInput = {
  /** A fresh state with the input (and query data) applied. */
  state: UiState;
  /** The block evaluated with that state. */
  evaluation: UiEvaluation;
  /** The submitted values, copied. */
  values: UiRecord;
  /** The visible input controls by bound variable. */
  inputs: Map<string, UiVisibleInput[]>;
};

/** A submitted map copied as plain JSON (no accessor runs, no prototype key passes); it must be an object. */
function inputRecord(input: unknown, what: string): UiRecord {
  if (input === undefined || input === null) return {};
  const copy = copyUiValue(input);
  if (typeof copy !== "object" || copy === null || Array.isArray(copy)) {
    throw new UiFailure("invalid_input", `${what} is an object of values by name`);
  }
  return copy;
}

/**
 * Evaluates a stored, completed block with submitted values and checks each
 * against the controls a person could have used: the name is declared state
 * (`unknown_state`, `not_state` for computed values and queries), the value
 * keeps its type (`type_change`), and a visible, valid input bound to it
 * accepts it (`invalid_input`: hidden by `Show`, outside a `Slider`'s range
 * or step, not among a `Segmented`'s visible options, failing the schema).
 * `queries` supplies host data for declared queries (`unknown_query`).
 */
export function checkUiInput(block: UiBlock, input: unknown, queries?: unknown): UiCheckedInput {
  requireUiStoredBlock(block);
  const state = new UiState(block);
  const values = inputRecord(input, "the input");
  for (const [name, value] of Object.entries(values)) {
    const kind = state.kindOf(name);
    if (kind === undefined) throw new UiFailure("unknown_state", name);
    if (kind !== "state") throw new UiFailure("not_state", name);
    state.set(name, value);
  }
  for (const [name, value] of Object.entries(inputRecord(queries, "the query data"))) {
    state.setQuery(name, value, block);
  }
  const evaluation = evaluateUiBlock(block, state);
  const inputs = uiVisibleInputs(evaluation.nodes);
  for (const name of Object.keys(values)) {
    const controls = inputs.get(name);
    if (!controls) throw new UiFailure("invalid_input", `$${name} has no visible input`);
    const accepted = controls.some(({ node, prop }) => uiControlAccepts(node.type, node.props, prop, node.children));
    if (!accepted) throw new UiFailure("invalid_input", `$${name} is not a value its input offers`);
  }
  return { state, evaluation, values, inputs };
}
