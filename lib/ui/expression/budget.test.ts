import { describe, expect, it } from "vitest";
import { UiFailure } from "../failure";
import { UI_LIMITS } from "../limits";
import { UI_CLOCK_INTERVAL_STEPS, UiBudget } from "./budget";

function codeOf(action: () => void): string | undefined {
  try {
    action();
  } catch (caught) {
    if (caught instanceof UiFailure) return caught.code;
    throw caught;
  }
  return undefined;
}

describe("UiBudget", () => {
  it("resolves its limits against the defaults", () => {
    const budget = new UiBudget({ steps: 5 });
    expect(budget.limits.steps).toBe(5);
    expect(budget.limits.iterations).toBe(UI_LIMITS.iterations);
    expect(Object.isFrozen(budget.limits)).toBe(true);
  });

  it("refuses the step past the limit, not before", () => {
    const budget = new UiBudget({ steps: 3 });
    budget.step();
    budget.step(2);
    expect(budget.steps).toBe(3);
    expect(codeOf(() => budget.step())).toBe("budget_steps");
  });

  it("reserves iterations cumulatively", () => {
    const budget = new UiBudget({ iterations: 10 });
    budget.iterate(6);
    budget.iterate(4);
    expect(budget.iterations).toBe(10);
    expect(codeOf(() => budget.iterate(1))).toBe("budget_iterations");
  });

  it("checks string length, depth and characters against their limits", () => {
    const budget = new UiBudget({ stringLength: 4, nesting: 2, characters: 8 });
    expect(codeOf(() => budget.checkString(4))).toBeUndefined();
    expect(codeOf(() => budget.checkString(5))).toBe("budget_string");
    expect(codeOf(() => budget.checkDepth(2))).toBeUndefined();
    expect(codeOf(() => budget.checkDepth(3))).toBe("budget_depth");
    expect(codeOf(() => budget.checkCharacters(9))).toBe("budget_characters");
  });

  it("attaches a range to depth and string refusals when given one", () => {
    const budget = new UiBudget({ nesting: 1 });
    try {
      budget.checkDepth(2, { start: 3, end: 4 });
      expect.unreachable();
    } catch (caught) {
      expect((caught as UiFailure).range).toEqual({ start: 3, end: 4 });
    }
  });

  it("reads the clock once per interval of steps and refuses past elapsedMs", () => {
    let time = 0;
    let readings = 0;
    const budget = new UiBudget({ elapsedMs: 10 }, () => {
      readings++;
      return time;
    });
    expect(readings).toBe(1);
    for (let index = 0; index < UI_CLOCK_INTERVAL_STEPS - 1; index++) budget.step();
    expect(readings).toBe(1);
    time = 11;
    expect(codeOf(() => budget.step())).toBe("budget_time");
    expect(readings).toBe(2);
    expect(budget.elapsedMs()).toBe(11);
  });

  it("checks the clock when one charge covers many steps", () => {
    let time = 0;
    const budget = new UiBudget({ elapsedMs: 5 }, () => time);
    time = 6;
    expect(codeOf(() => budget.step(UI_CLOCK_INTERVAL_STEPS))).toBe("budget_time");
  });
});
