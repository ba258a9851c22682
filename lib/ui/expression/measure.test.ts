import { describe, expect, it } from "vitest";
import { UiBudget } from "./budget";
import { UiValueMeasure } from "./measure";
import { failureOf } from "./test-support";
import type { UiValue } from "./value";

describe("UiValueMeasure", () => {
  it("counts shared parts each time they appear", () => {
    const shared = Array.from({ length: 10 }, (_, index) => index);
    const measure = new UiValueMeasure(new UiBudget({ steps: 40 }));
    // 1 + 3 × 11 = 34 nodes: allowed.
    expect(measure.built([shared, shared, shared])).toHaveLength(3);
    // 1 + 4 × 11 = 45 nodes: more than 40.
    expect(failureOf(() => measure.built([shared, shared, shared, shared])).code).toBe("budget_output");
  });

  it("walks a value handed in only once per evaluation", () => {
    const shared = [[1], [2], [3]];
    const budget = new UiBudget();
    const measure = new UiValueMeasure(budget);
    measure.built([shared]);
    const after = budget.steps;
    measure.built([shared, shared]);
    expect(budget.steps).toBe(after);
  });

  it("refuses building past limits.nesting, counting lists and records as levels", () => {
    const measure = new UiValueMeasure(new UiBudget({ nesting: 3 }));
    const two: UiValue = [[1]];
    expect(measure.built([two])).toHaveLength(1);
    expect(failureOf(() => measure.built([[two]])).code).toBe("budget_depth");
  });

  it("ends on a cyclic value handed in", () => {
    const cyclic: UiValue[] = [];
    cyclic.push(cyclic);
    expect(failureOf(() => new UiValueMeasure(new UiBudget()).built([cyclic])).code).toBe("budget_depth");
  });
});
