import { describe, expect, it } from "vitest";
import { intervalPosition, intervalScale, intervalText, medianCountText, millisecondsText, ratingText, recordText, separationText, shareText } from "./leaderboard-format";

describe("separationText", () => {
  it("says a row ranks above the next once the intervals part", () => {
    expect(separationText({ above: "separated", votesNeeded: null })).toBe("ranks above the next");
  });

  it("says how many more votes an overlap needs, in the singular for one", () => {
    expect(separationText({ above: "not-yet-separable", votesNeeded: 1240 })).toBe("not yet separable — about 1,240 more votes");
    expect(separationText({ above: "not-yet-separable", votesNeeded: 1 })).toBe("not yet separable — about 1 more vote");
  });

  it("gives no number when none can be estimated (equal ratings), and names the last row", () => {
    expect(separationText({ above: "not-yet-separable", votesNeeded: null })).toBe("not yet separable");
    expect(separationText({ above: "no-model-below", votesNeeded: null })).toBe("no model below");
  });
});

describe("figures", () => {
  it("rounds ratings and intervals to whole points and shows a dash for a missing one", () => {
    expect(ratingText(1012.6)).toBe("1013");
    expect(ratingText(Number.NaN)).toBe("—");
    expect(intervalText({ lower: 961.7, upper: 1038.2 })).toBe("962–1038");
    expect(intervalText({ lower: Number.NaN, upper: 1000 })).toBe("—");
  });

  it("writes the record, medians, shares and times", () => {
    expect(recordText({ wins: 3, ties: 1, losses: 2 })).toBe("3 / 1 / 2");
    expect(medianCountText(1.5)).toBe("1.5");
    expect(medianCountText(null)).toBe("—");
    expect(shareText(0.256)).toBe("26%");
    expect(shareText(null)).toBe("—");
    expect(millisecondsText(850.4)).toBe("850 ms");
    expect(millisecondsText(1_260)).toBe("1.3 s");
    expect(millisecondsText(null)).toBe("—");
  });
});

describe("interval bars", () => {
  const rows = [
    { rating: 1100, lower: 1050, upper: 1150 },
    { rating: 900, lower: 850, upper: 950 },
  ];

  it("puts every row on one scale from the lowest lower bound to the highest upper bound", () => {
    const scale = intervalScale(rows);
    expect(scale).toEqual({ min: 850, max: 1150 });
    const close = (position: ReturnType<typeof intervalPosition>, expected: { left: number; width: number; at: number }) => {
      expect(position).not.toBeNull();
      for (const key of ["left", "width", "at"] as const) expect(position?.[key]).toBeCloseTo(expected[key], 9);
    };
    close(intervalPosition(rows[0]!, scale), { left: 66.666666667, width: 33.333333333, at: 83.333333333 });
    close(intervalPosition(rows[1]!, scale), { left: 0, width: 33.333333333, at: 16.666666667 });
  });

  it("draws a single point in the middle and leaves out what is not finite", () => {
    const point = { rating: 1000, lower: 1000, upper: 1000 };
    expect(intervalPosition(point, intervalScale([point]))).toEqual({ left: 50, width: 0, at: 50 });
    expect(intervalScale([{ lower: Number.NaN, upper: Number.NaN }])).toBeNull();
    expect(intervalPosition({ rating: Number.NaN, lower: 1, upper: 2 }, { min: 0, max: 3 })).toBeNull();
  });
});
