import { describe, expect, it } from "vitest";
import { UiBudget } from "./budget";
import { uiValuesEqual } from "./equal";
import type { UiValue } from "./value";

describe("uiValuesEqual", () => {
  it.each<[UiValue, UiValue, boolean]>([
    [1, 1, true],
    [0, -0, true],
    [1, "1", false],
    [null, null, true],
    [null, false, false],
    [[], [], true],
    [[], {}, false],
    [[1, [2, { a: null }]], [1, [2, { a: null }]], true],
    [[1, 2], [1, 2, 3], false],
    [{ a: 1, b: 2 }, { b: 2, a: 1 }, true],
    [{ a: null }, {}, false],
    [{ a: 1 }, { b: 1 }, false],
  ])("%j === %j is %s", (left, right, equal) => {
    expect(uiValuesEqual(left, right, new UiBudget())).toBe(equal);
    expect(uiValuesEqual(right, left, new UiBudget())).toBe(equal);
  });

  it("ignores inherited fields and charges a step per pair visited", () => {
    const inherited = Object.create({ a: 1 }) as Record<string, UiValue>;
    expect(uiValuesEqual(inherited, { a: 1 }, new UiBudget())).toBe(false);
    const budget = new UiBudget();
    uiValuesEqual([1, [2, 3]], [1, [2, 3]], budget);
    expect(budget.steps).toBe(5);
  });
});
