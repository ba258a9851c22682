import { describe, expect, it } from "vitest";
import { median, spread, summarize } from "./summary-statistics";

describe("summary statistics", () => {
  it("median of odd and even counts, none for empty", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it("spread is min and max", () => {
    expect(spread([5, -1, 3])).toEqual({ min: -1, max: 5 });
    expect(spread([])).toBeNull();
  });

  it("summarize leaves out nulls and non-finite numbers", () => {
    expect(summarize([null, 10, 30, Number.NaN, 20])).toEqual({ median: 20, min: 10, max: 30, count: 3 });
    expect(summarize([null, null])).toBeNull();
  });
});
