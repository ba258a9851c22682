import { describe, expect, it } from "vitest";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { isUiFailure } from "@/lib/ui/failure";
import { UiState } from "@/lib/ui/state";
import { choiceMessage } from "./choice-message";

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

describe("choiceMessage", () => {
  const [block] = compileUi(BUILD, { id: "reply", final: true });
  if (!block) throw new Error("the block did not compile");

  it("sends the values of the visible inputs only, not the block's other state", () => {
    const state = new UiState(block);
    state.set("failedOnly", true);
    expect(choiceMessage(block, "rerun", state)).toBe("Re-run the failed tests\n\nOnly the failed tests, on main\n\n- failedOnly: true");
  });

  it("sends the defaults when the view kept no state of its own", () => {
    expect(choiceMessage(block, "rerun", undefined)).toBe("Re-run the failed tests\n\nOnly the failed tests, on main\n\n- failedOnly: false");
  });

  it("refuses a local choice and an unknown one with a UiFailure", () => {
    for (const choiceId of ["local", "nope"]) {
      let caught: unknown;
      try {
        choiceMessage(block, choiceId, new UiState(block));
      } catch (error) {
        caught = error;
      }
      expect(isUiFailure(caught), choiceId).toBe(true);
    }
  });
});
