import type { UiBlock } from "../envelope/schema";
import { evaluateUiBlock } from "../evaluate/evaluate-block";
import type { UiRecord } from "../expression/value";
import { toUiFailure, UiFailure } from "../failure";
import type { UiState } from "../state/ui-state";
import { uiVisibleInputs } from "./visible-inputs";

/**
 * The values a person set through the block's inputs: a copy of each declared
 * state variable bound by a visible input (`Switch`, `Slider`, `Segmented`,
 * `Item`, `TextField`) in the block evaluated with `state`. Variables only
 * actions change, computed values and query data are left out, and so are
 * inputs hidden by `Show`, which `resolveUiChoice` would refuse. Throws
 * `UiFailure("other_block")` for another block's state.
 */
export function uiInputValues(block: UiBlock, state: UiState): UiRecord {
  try {
    if (state.blockId !== String(block.id)) throw new UiFailure("other_block", state.blockId);
    const inputs = uiVisibleInputs(evaluateUiBlock(block, state).nodes);
    const values: UiRecord = {};
    for (const name of inputs.keys()) {
      if (state.kindOf(name) !== "state") continue;
      const value = state.value(name);
      if (value !== undefined) values[name] = value;
    }
    return values;
  } catch (caught) {
    throw toUiFailure(caught);
  }
}
