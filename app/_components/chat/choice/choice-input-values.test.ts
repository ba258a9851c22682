import { describe, expect, it } from "vitest";
import { formatChoiceMessage } from "@/lib/chat/turn/format-choice-message";
import { resolveUiChoice } from "@/lib/ui/choice/resolve-choice";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { isUiFailure } from "@/lib/ui/failure";
import { UiState } from "@/lib/ui/state";
import { choiceInputValues } from "./choice-input-values";

// The build panel's shape: a constant list (state the model wrote, with no input), a switch, two choices.
const BUILD = [
  "```ui id=build",
  "$failedOnly = false",
  '$runs = [{name: "rounds invoice totals", failed: true}, {name: "issues invoices", failed: false}]',
  '<Switch label="Failed only" value={$failedOnly}/>',
  "<Show when={$failedOnly}>",
  '  <Summary>{@Count(@Filter($runs, run, run.failed))} failed</Summary>',
  "</Show>",
  "<Choices>",
  '  <Choice id="rerun" label="Re-run the failed tests" context="Only the failed tests, on main"/>',
  '  <Choice id="local" label="Show only the failures" run={@Set($failedOnly, true)}/>',
  "</Choices>",
  "```",
].join("\n");

describe("choiceInputValues", () => {
  const [block] = compileUi(BUILD, { id: "reply", final: true });
  if (!block) throw new Error("the block did not compile");

  it("sends the values of the visible inputs only, not the block's other state — which the server's resolve accepts", () => {
    const state = new UiState(block);
    state.set("failedOnly", true);
    const values = choiceInputValues(block, state);
    expect(values).toEqual({ failedOnly: true });
    expect(formatChoiceMessage(resolveUiChoice(block, "rerun", values))).toBe("Re-run the failed tests\n\nOnly the failed tests, on main\n\n- failedOnly: true");
  });

  it("sends nothing when the view kept no state of its own, so the server resolves with the defaults", () => {
    expect(choiceInputValues(block, undefined)).toEqual({});
    expect(formatChoiceMessage(resolveUiChoice(block, "rerun", {}))).toBe("Re-run the failed tests\n\nOnly the failed tests, on main\n\n- failedOnly: false");
  });

  it("refuses another block's state with a UiFailure", () => {
    const [other] = compileUi("```ui id=other\n$x = 1\n<Summary>{$x}</Summary>\n```", { id: "reply", final: true });
    let caught: unknown;
    try {
      choiceInputValues(block, new UiState(other!));
    } catch (error) {
      caught = error;
    }
    expect(isUiFailure(caught)).toBe(true);
  });
});
