/**
 * The visible user turn a picked ```ui `Choice` sends: its label (what the
 * person clicked), the context the model gave it, and the values of the
 * inputs the person saw — the model asked for them by offering the choice.
 * The model wrote the label and context, so they may say anything, an
 * `[octo-ui-action]` envelope included; such a message is marked as a
 * choice at its start, so it never begins like a button's envelope.
 */
import { looksLikeUiAction } from "@/lib/genui/action/looks-like-ui-action";
import { PROMPT_MAX_LENGTH } from "../wire";
import type { UiChoiceSelection } from "@/lib/ui/choice/resolve-choice";
import type { UiValue } from "@/lib/ui/expression/value";

/** Marks where a value list was cut to fit a prompt. */
const CUT_MARK = "…";

/** What starts a choice message whose label would otherwise start like an action envelope. */
export const CHOICE_MARK = "Choice: ";

function valueText(value: UiValue): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** `label`, then `context` when it says more, then `- name: value` per input value; never longer than a prompt may be. */
export function formatChoiceMessage(selection: Omit<UiChoiceSelection, "shown">): string {
  const parts = [selection.label.trim() || selection.id];
  const context = selection.context.trim();
  if (context !== "" && context !== parts[0]) parts.push(context);
  const values = Object.entries(selection.values).map(([name, value]) => `- ${name}: ${valueText(value).replace(/\n/g, "\n  ")}`);
  if (values.length > 0) parts.push(values.join("\n"));
  const joined = parts.join("\n\n");
  const message = looksLikeUiAction(joined) ? CHOICE_MARK + joined : joined;
  return message.length <= PROMPT_MAX_LENGTH ? message : message.slice(0, PROMPT_MAX_LENGTH - CUT_MARK.length) + CUT_MARK;
}
