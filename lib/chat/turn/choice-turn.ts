/**
 * The visible turn a picked ```ui `Choice` sends, written by the host: the
 * stored block is evaluated with the values the person set
 * (`resolveUiChoice`, which refuses a hidden, disabled, unknown or local
 * choice and any value no visible input offers) and the query data it was
 * drawn with, then written by `formatChoiceMessage` for the model, and as a
 * summary for the thread: the values by their controls' labels, as the
 * person saw them. The browser never sends the text.
 */
import { AppError } from "@/lib/errors";
import { resolveUiChoice } from "@/lib/ui/choice/resolve-choice";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { UiFailure } from "@/lib/ui/failure";
import type { ActionSummary, ChoicePick } from "../wire";
import { formatChoiceMessage } from "./format-choice-message";
import { cut } from "./panel-action-turn";

/** What a choice that cannot be sent as the block stands is told. */
export const CHOICE_REFUSED_MESSAGE = "That choice cannot be sent as it is. Check the values in the panel and try again.";

/** What a choice the block does not have is told. */
export const NO_SUCH_CHOICE_MESSAGE = "This choice is not part of that block.";

/** What a pick turns into: the message the model reads and the summary the thread draws. */
export type ChoiceTurn = { text: string; summary: ActionSummary };

/**
 * The turn for choice `chosen.choiceId` of the stored `block` (in reply
 * `chosen.messageId`) with the person's input `values` and the block's query
 * data. Throws `not_found:message` for a choice the block does not have and
 * `bad_request:chat` for one it refuses.
 */
export function choiceTurn(input: { block: UiBlock; chosen: ChoicePick; values: unknown; queries: unknown }): ChoiceTurn {
  try {
    const selection = resolveUiChoice(input.block, input.chosen.choiceId, input.values, input.queries);
    const label = selection.label.trim() || selection.id;
    const context = selection.context.trim();
    return {
      text: formatChoiceMessage(selection),
      summary: {
        label: cut(label),
        ...(context !== "" && context !== label ? { context: cut(context) } : {}),
        fields: selection.shown.map((field) => ({ label: cut(field.label), value: cut(field.value) })),
        chosen: input.chosen,
      },
    };
  } catch (caught) {
    if (!(caught instanceof UiFailure)) throw caught;
    if (caught.code === "unknown_choice") throw new AppError("not_found:message", { message: NO_SUCH_CHOICE_MESSAGE, detail: caught.message });
    throw new AppError("bad_request:chat", { message: CHOICE_REFUSED_MESSAGE, detail: `${caught.code}: ${caught.message}`.slice(0, 500) });
  }
}
