import { describe, expect, it } from "vitest";
import { warmUpUiCompiler } from "./warm-up";

describe("warmUpUiCompiler", () => {
  it("compiles for about the time asked, and at least once", () => {
    const started = performance.now();
    const runs = warmUpUiCompiler(50);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(warmUpUiCompiler(0)).toBe(0);
  });
});
