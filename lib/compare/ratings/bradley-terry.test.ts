import { describe, expect, it } from "vitest";
import { fitBradleyTerry } from "./bradley-terry";
import type { PairOutcome } from "./vote-outcomes";

function games(a: string, b: string, wins: number, losses: number, ties = 0): PairOutcome[] {
  return [
    ...Array.from({ length: wins }, () => ({ a, b, score: 1 })),
    ...Array.from({ length: losses }, () => ({ a, b, score: 0 })),
    ...Array.from({ length: ties }, () => ({ a, b, score: 0.5 })),
  ];
}

describe("fitBradleyTerry", () => {
  it("two models, A beats B 3 of 4: strength ratio 3, gap 400·log10 3 ≈ 190.85 around 1000", () => {
    const ratings = fitBradleyTerry(games("A", "B", 3, 1));
    // Ratings sit ±200·log10 3 around the geometric mean.
    expect(ratings.get("A")).toBeCloseTo(1000 + 200 * Math.log10(3), 6);
    expect(ratings.get("B")).toBeCloseTo(1000 - 200 * Math.log10(3), 6);
    expect(ratings.get("A")! - ratings.get("B")!).toBeCloseTo(190.849, 3);
  });

  it("counts a tie as half a win for each side", () => {
    // 2 wins + 2 ties = 3 of 4, the same as above.
    const ratings = fitBradleyTerry(games("A", "B", 2, 0, 2));
    expect(ratings.get("A")! - ratings.get("B")!).toBeCloseTo(400 * Math.log10(3), 6);
  });

  it("three models solved by hand: strengths 4 : 2 : 1", () => {
    // With p = (4, 2, 1) the expected scores equal the observed ones, so it is the MLE:
    // A: 3·4/6 + 5·4/5 = 6 = 2 + 4;  B: 3·2/6 + 3·2/3 = 3 = 1 + 2;  C: 3·1/3 + 5·1/5 = 2 = 1 + 1.
    const outcomes = [...games("A", "B", 2, 1), ...games("B", "C", 2, 1), ...games("A", "C", 4, 1)];
    const ratings = fitBradleyTerry(outcomes);
    // Geometric mean of 4, 2, 1 is 2.
    expect(ratings.get("A")).toBeCloseTo(1000 + 400 * Math.log10(2), 6);
    expect(ratings.get("B")).toBeCloseTo(1000, 6);
    expect(ratings.get("C")).toBeCloseTo(1000 - 400 * Math.log10(2), 6);
  });

  it("does not depend on outcome order or on which side a pair is written", () => {
    const outcomes = [...games("A", "B", 2, 1), ...games("B", "C", 2, 1), ...games("A", "C", 4, 1)];
    const flipped = [...outcomes].reverse().map((outcome) => ({ a: outcome.b, b: outcome.a, score: 1 - outcome.score }));
    const first = fitBradleyTerry(outcomes);
    const second = fitBradleyTerry(flipped);
    for (const model of ["A", "B", "C"]) expect(second.get(model)).toBeCloseTo(first.get(model)!, 6);
  });

  it("keeps a model that never won finite with the weak prior, below the others", () => {
    const ratings = fitBradleyTerry([...games("A", "B", 3, 1), ...games("A", "C", 2, 0)]);
    for (const rating of ratings.values()) expect(Number.isFinite(rating)).toBe(true);
    expect(ratings.get("C")!).toBeLessThan(ratings.get("B")!);
    expect(ratings.get("A")!).toBeGreaterThan(ratings.get("B")!);
  });

  it("solves the two-model prior case by hand: A wins 1 of 1, one virtual game each against strength 1", () => {
    // With the prior A scores 1 + 0.5 and B 0 + 0.5; the fit is the fixed point of the
    // augmented likelihood, W_i = Σ_j n_ij·p_i/(p_i + p_j) with the reference at strength 1.
    const ratings = fitBradleyTerry(games("A", "B", 1, 0));
    const strengthA = 10 ** ((ratings.get("A")! - 1000) / 400);
    const strengthB = 10 ** ((ratings.get("B")! - 1000) / 400);
    expect(strengthA * strengthB).toBeCloseTo(1, 6);
    // MM fixed point of the augmented likelihood: W_A = Σ n·p_A/(p_A+p_j) including the reference.
    expect(strengthA / (strengthA + strengthB) + strengthA / (strengthA + 1)).toBeCloseTo(1.5, 6);
    expect(strengthB / (strengthA + strengthB) + strengthB / (strengthB + 1)).toBeCloseTo(0.5, 6);
  });

  it("puts models never compared with each other on one scale through the prior", () => {
    const ratings = fitBradleyTerry([...games("A", "B", 3, 1), ...games("C", "D", 3, 1)]);
    expect(ratings.get("A")).toBeCloseTo(ratings.get("C")!, 6);
    expect(ratings.get("B")).toBeCloseTo(ratings.get("D")!, 6);
  });

  it("skips a model against itself and rates a lone pair of ties at 1000", () => {
    const ratings = fitBradleyTerry([{ a: "A", b: "A", score: 1 }, ...games("A", "B", 0, 0, 3)]);
    expect(ratings.get("A")).toBeCloseTo(1000, 10);
    expect(ratings.get("B")).toBeCloseTo(1000, 10);
    expect(fitBradleyTerry([]).size).toBe(0);
  });

  it("takes the base and scale as options", () => {
    const ratings = fitBradleyTerry(games("A", "B", 3, 1), { baseRating: 1500, scale: 173.7178 });
    expect(ratings.get("A")).toBeCloseTo(1500 + 173.7178 * 0.5 * Math.log10(3), 6);
  });
});
