/**
 * The visible turn a picked ```ui `Choice` sends, written by the host: the
 * stored block is evaluated with the values the person set
 * (`resolveUiChoice`, which refuses a hidden, disabled, unknown or local
 * choice and any value no visible input offers) and the query data it was
 * drawn with, then written by `formatChoiceMessage`. The browser never sends
 * the text.
 */
import { AppError } from "@/lib/errors";
import { resolveUiChoice } from "@/lib/ui/choice/resolve-choice";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { UiFailure } from "@/lib/ui/failure";
import { formatChoiceMessage } from "./format-choice-message";

/** What a choice that cannot be sent as the block stands is told. */
export const CHOICE_REFUSED_MESSAGE = "That choice cannot be sent as it is. Check the values in the panel and try again.";

/** What a choice the block does not have is told. */
export const NO_SUCH_CHOICE_MESSAGE = "This choice is not part of that block.";

/**
 * The message for `choiceId` of the stored `block` with the person's input
 * `values` and the block's query data. Throws `not_found:message` for a
 * choice the block does not have and `bad_request:chat` for one it refuses.
 */
export function choiceTurnText(input: { block: UiBlock; choiceId: string; values: unknown; queries: unknown }): string {
  try {
    return formatChoiceMessage(resolveUiChoice(input.block, input.choiceId, input.values, input.queries));
  } catch (caught) {
    if (!(caught instanceof UiFailure)) throw caught;
    if (caught.code === "unknown_choice") throw new AppError("not_found:message", { message: NO_SUCH_CHOICE_MESSAGE, detail: caught.message });
    throw new AppError("bad_request:chat", { message: CHOICE_REFUSED_MESSAGE, detail: `${caught.code}: ${caught.message}`.slice(0, 500) });
  }
}
