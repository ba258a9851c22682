import { describe, expect, it, vi } from "vitest";
import { blockBuilder } from "../evaluate/testing/block-builder";
import { UiFailure } from "../failure";
import { UiState } from "../state/ui-state";
import { uiInputValues } from "./input-values";
import { resolveUiChoice, UiChoiceSelectionSchema } from "./resolve-choice";

/** Runs `action` and returns the code of the `UiFailure` it throws (fails the test otherwise). */
function failureCode(action: () => unknown): string {
  try {
    action();
  } catch (caught) {
    expect(caught).toBeInstanceOf(UiFailure);
    return (caught as UiFailure).code;
  }
  throw new Error("expected a UiFailure");
}

/** A build panel: a switch, a slider shown only with the switch on, a picker, and every kind of choice. */
function panel(options: { complete?: boolean; catalog?: string } = {}) {
  const b = blockBuilder("panel");
  return b.block(
    [
      b.element("Switch", { props: { label: "Failed only" }, bindings: { value: "failedOnly" } }),
      b.element("Show", { expressions: { when: "$failedOnly" } }, [
        b.element("Slider", { props: { label: "At least", min: 0, max: 100, step: 5 }, bindings: { value: "threshold" } }),
      ]),
      b.element("Segmented", { bindings: { value: "period" } }, [
        b.element("Option", { props: { value: "week", label: "Week" } }),
        b.element("Option", { props: { value: "month", label: "Month" } }),
      ]),
      b.element("Choices", {}, [
        b.element("Choice", { props: { id: "rerun", label: "Re-run", context: "Only the failed tests, on main" } }),
        b.element("Choice", { props: { id: "plain", label: "Explain the failures" } }),
        b.element("Choice", { props: { id: "off", label: "Deploy", disabled: true } }),
        b.element("Choice", { props: { id: "clear", label: "Clear" }, expressions: { run: "@Reset()" } }),
        b.element("Show", { expressions: { when: "$failedOnly" } }, [
          b.element("Choice", { props: { id: "failed", label: "Fix the failed" }, expressions: { context: '"threshold " + $threshold' } }),
        ]),
      ]),
    ],
    [
      b.state("failedOnly", false),
      b.state("threshold", 10),
      b.state("period", "week"),
      b.state("clicks", 0),
      b.computed("label", '$period + "!"'),
      b.query("runs", "tests"),
    ],
    options,
  );
}

describe("resolveUiChoice", () => {
  it("returns the choice's label, context and the values of the visible inputs", () => {
    const selection = resolveUiChoice(panel(), "rerun", { period: "month" });
    expect(selection).toEqual({
      id: "rerun",
      label: "Re-run",
      context: "Only the failed tests, on main",
      values: { failedOnly: false, period: "month" },
      shown: [
        { label: "Failed only", value: "no" },
        { label: "period", value: "Month" },
      ],
    });
    expect(UiChoiceSelectionSchema.parse(selection)).toEqual(selection);
  });

  it("shows each value by its control's label, an option by its label, a boolean as yes or no", () => {
    const selection = resolveUiChoice(panel(), "failed", { failedOnly: true, threshold: 35 });
    expect(selection.shown).toEqual([
      { label: "Failed only", value: "yes" },
      { label: "At least", value: "35" },
      // A control with no label is named by its variable.
      { label: "period", value: "Week" },
    ]);
    // What the model reads is unchanged: names and values as validated.
    expect(selection.values).toEqual({ failedOnly: true, threshold: 35, period: "week" });
  });

  it("sends the label as context when a choice has none", () => {
    expect(resolveUiChoice(panel(), "plain").context).toBe("Explain the failures");
  });

  it("evaluates visibility and context with the submitted values", () => {
    expect(failureCode(() => resolveUiChoice(panel(), "failed"))).toBe("hidden_choice");
    const selection = resolveUiChoice(panel(), "failed", { failedOnly: true, threshold: 35 });
    expect(selection.context).toBe("threshold 35");
    expect(selection.values).toEqual({ failedOnly: true, threshold: 35, period: "week" });
  });

  it("refuses unknown, disabled and local choices", () => {
    expect(failureCode(() => resolveUiChoice(panel(), "nope"))).toBe("unknown_choice");
    expect(failureCode(() => resolveUiChoice(panel(), "off"))).toBe("disabled_choice");
    expect(failureCode(() => resolveUiChoice(panel(), "clear"))).toBe("local_choice");
  });

  it("refuses input for undeclared names, computed values and queries", () => {
    expect(failureCode(() => resolveUiChoice(panel(), "rerun", { nothing: 1 }))).toBe("unknown_state");
    expect(failureCode(() => resolveUiChoice(panel(), "rerun", { label: "x" }))).toBe("not_state");
    expect(failureCode(() => resolveUiChoice(panel(), "rerun", { runs: [] }))).toBe("not_state");
  });

  it("refuses a change of type", () => {
    expect(failureCode(() => resolveUiChoice(panel(), "rerun", { failedOnly: "yes" }))).toBe("type_change");
  });

  it("refuses values outside the visible controls", () => {
    const code = (input: Record<string, unknown>) => failureCode(() => resolveUiChoice(panel(), "rerun", input));
    expect(code({ period: "year" })).toBe("invalid_input");
    expect(code({ failedOnly: true, threshold: 101 })).toBe("invalid_input");
    expect(code({ failedOnly: true, threshold: 12 })).toBe("invalid_input");
    expect(code({ threshold: 20 })).toBe("invalid_input");
    expect(code({ clicks: 3 })).toBe("invalid_input");
    expect(resolveUiChoice(panel(), "rerun", { failedOnly: true, threshold: 100 }).values.threshold).toBe(100);
  });

  it("refuses unsupported catalogs and unfinished blocks", () => {
    expect(failureCode(() => resolveUiChoice(panel({ catalog: "2" }), "rerun"))).toBe("unsupported_catalog");
    expect(failureCode(() => resolveUiChoice(panel({ complete: false }), "rerun"))).toBe("unfinished_block");
  });

  it("takes query data only through `queries`, for declared queries", () => {
    expect(resolveUiChoice(panel(), "rerun", {}, { runs: [1, 2] }).id).toBe("rerun");
    expect(failureCode(() => resolveUiChoice(panel(), "rerun", {}, { period: "week" }))).toBe("unknown_query");
  });

  it("refuses prototype keys and accessors in the input without running them", () => {
    expect(failureCode(() => resolveUiChoice(panel(), "rerun", JSON.parse('{"__proto__": {"period": "year"}}')))).toBe("forbidden_key");
    const getter = vi.fn(() => "month");
    const input = Object.defineProperty({}, "period", { get: getter, enumerable: true });
    expect(failureCode(() => resolveUiChoice(panel(), "rerun", input))).toBe("accessor");
    expect(getter).not.toHaveBeenCalled();
    expect(failureCode(() => resolveUiChoice(panel(), "rerun", [1]))).toBe("invalid_input");
    expect(({} as Record<string, unknown>).period).toBeUndefined();
  });

  it("round-trips the values uiInputValues reads from a state", () => {
    const block = panel();
    const state = new UiState(block);
    state.set("period", "month");
    state.set("clicks", 4);
    expect(uiInputValues(block, state)).toEqual({ failedOnly: false, period: "month" });
    state.set("failedOnly", true);
    state.set("threshold", 50);
    const values = uiInputValues(block, state);
    expect(values).toEqual({ failedOnly: true, threshold: 50, period: "month" });
    expect(resolveUiChoice(block, "failed", values).context).toBe("threshold 50");
  });
});

describe("uiInputValues", () => {
  it("refuses another block's state", () => {
    expect(failureCode(() => uiInputValues(panel(), new UiState(blockBuilder("other").block([]))))).toBe("other_block");
  });
});
