import { describe, expect, it } from "vitest";
import { percentile, previewLatencies } from "./load-figures";

describe("previewLatencies", () => {
  it("times each piece to the first preview that covers it, and the rest to the reply's end", () => {
    const timings = [
      [10, 1_000],
      [20, 1_100],
      [30, 1_200],
      [40, 1_300],
    ] as const;
    const previews = [
      { at: 1_050, textLength: 10 },
      // Covers the second and third pieces: the third waited less.
      { at: 1_350, textLength: 30 },
    ];
    expect(previewLatencies({ timings, previews, endAt: 1_500 })).toEqual([50, 250, 150, 200]);
  });

  it("counts a piece that arrived after its preview was compiled until the next one", () => {
    expect(previewLatencies({ timings: [[5, 0], [6, 10]], previews: [{ at: 20, textLength: 5 }, { at: 260, textLength: 6 }], endAt: 300 })).toEqual([20, 250]);
  });
});

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect([percentile(values, 0.5), percentile(values, 0.95), percentile(values, 0.99), percentile(values, 1)]).toEqual([50, 95, 99, 100]);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
