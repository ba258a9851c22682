import { z } from "zod";
import type { UiBlock, UiNode } from "../envelope/schema";
import type { UiViewNode } from "../evaluate/view-node";
import { safeKey, UiValueSchema, type UiRecord } from "../expression/value";
import { toUiFailure, UiFailure } from "../failure";
import { checkUiInput } from "./check-input";
import { uiShownInputValues } from "./shown-values";

/** What picking a choice sends: its label, the context the model gave it, and the input values the person saw. */
export const UiChoiceSelectionSchema = z.object({
  /** The choice's id. */
  id: z.string(),
  /** Its label, as shown on the button. */
  label: z.string(),
  /** Its `context`, or its label when it has none. */
  context: z.string(),
  /** The values of the state variables bound by visible inputs, after the submitted input was applied. */
  values: z.record(z.string().refine(safeKey, "forbidden key"), UiValueSchema),
  /** The same values as the person saw them: by their control's label, an option by its label (`uiShownInputValues`). */
  shown: z.array(z.object({ label: z.string(), value: z.string() })),
});
/** What picking a choice sends. */
export type UiChoiceSelection = z.infer<typeof UiChoiceSelectionSchema>;

/** The first visible `Choice` with this id, in document order. */
function findVisibleChoice(nodes: readonly UiViewNode[], choiceId: string): UiViewNode | undefined {
  const pending = [...nodes].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.type === "Choice" && node.props.id === choiceId) return node;
    for (let index = node.children.length - 1; index >= 0; index -= 1) pending.push(node.children[index] as UiViewNode);
  }
  return undefined;
}

/** True when the compiled tree has a `Choice` whose static id is this one (wherever it stands). */
function compiledChoiceExists(nodes: unknown, choiceId: string): boolean {
  const pending: unknown[] = Array.isArray(nodes) ? [...nodes] : [];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (typeof node !== "object" || node === null) continue;
    const { type, props, children } = node as UiNode;
    if (type === "Choice" && typeof props === "object" && props !== null && Object.hasOwn(props, "id") && props.id === choiceId) return true;
    if (Array.isArray(children)) pending.push(...children);
  }
  return false;
}

/**
 * Resolves a person's pick of a choice in a stored, completed block, with the
 * input values they set (`input`) and the host's query data (`queries`; query
 * values are never accepted through `input`). Throws `UiFailure`:
 * `unsupported_catalog`, `unfinished_block`, `unknown_state`, `not_state`,
 * `type_change`, `invalid_input` (see `checkUiInput`), `unknown_query`,
 * `unknown_choice` (no such id), `hidden_choice` (not shown with these
 * values, or shown as its fallback), `disabled_choice`, and `local_choice`: a
 * choice with `run` changes the panel only and is never sent.
 */
export function resolveUiChoice(block: UiBlock, choiceId: string, input?: unknown, queries?: unknown): UiChoiceSelection {
  try {
    const checked = checkUiInput(block, input, queries);
    const choice = findVisibleChoice(checked.evaluation.nodes, choiceId);
    if (!choice) {
      throw new UiFailure(compiledChoiceExists(block.nodes, choiceId) ? "hidden_choice" : "unknown_choice", String(choiceId));
    }
    if (choice.props.disabled === true) throw new UiFailure("disabled_choice", choiceId);
    if (Object.keys(choice.actions).length > 0) throw new UiFailure("local_choice", choiceId);
    const label = typeof choice.props.label === "string" ? choice.props.label : "";
    const context = typeof choice.props.context === "string" ? choice.props.context : label;
    const values: UiRecord = {};
    for (const name of checked.inputs.keys()) {
      const value = checked.state.value(name);
      if (checked.state.kindOf(name) === "state" && value !== undefined) values[name] = value;
    }
    return { id: choiceId, label, context, values, shown: uiShownInputValues(checked.inputs, values) };
  } catch (caught) {
    throw toUiFailure(caught);
  }
}
