/**
 * What the browser sends with a picked choice: the values of the inputs the
 * person can see in the block (`uiInputValues` — never the block's other
 * state, which the model wrote and `resolveUiChoice` would refuse). The
 * server resolves the choice on its stored block and writes the message.
 */
import { uiInputValues } from "@/lib/ui/choice/input-values";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiRecord } from "@/lib/ui/expression/value";
import type { UiState } from "@/lib/ui/state";

/** The input values of a pick; the block's defaults when the view kept no state of its own. Throws `UiFailure` for another block's state. */
export function choiceInputValues(block: UiBlock, state: UiState | undefined): UiRecord {
  return state === undefined ? {} : uiInputValues(block, state);
}
