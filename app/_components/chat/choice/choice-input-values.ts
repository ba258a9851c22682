/**
 * The turn a picked choice sends, from the stored block and the state the
 * person drew it with: the values of the inputs they can see
 * (`uiInputValues` — never the block's other state, which the model wrote
 * and `resolveUiChoice` would refuse), resolved on the stored block, then
 * written as the visible message.
 */
import { uiInputValues } from "@/lib/ui/choice/input-values";
import { resolveUiChoice } from "@/lib/ui/choice/resolve-choice";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { UiState } from "@/lib/ui/state";
import { formatChoiceMessage } from "./format-choice-message";

/** The message for a choice; throws `UiFailure` when the choice cannot be sent as the block stands. */
export function choiceMessage(block: UiBlock, choiceId: string, state: UiState | undefined): string {
  const values = state === undefined ? {} : uiInputValues(block, state);
  return formatChoiceMessage(resolveUiChoice(block, choiceId, values));
}
