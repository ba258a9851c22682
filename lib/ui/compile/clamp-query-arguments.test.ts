import { describe, expect, it } from "vitest";
import { z } from "zod";
import { clampUiQueryArguments, describeUiQueryClamp } from "./clamp-query-arguments";

const commits = z.strictObject({
  branch: z.string().min(1).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  window: z.object({ days: z.number().min(1).max(90) }).optional(),
  ratio: z.number().positive().optional(),
});

describe("clampUiQueryArguments", () => {
  it("passes a value that fits, with no clamp", () => {
    expect(clampUiQueryArguments(commits, { limit: 20 })).toEqual({ success: true, data: { limit: 20 }, clamps: [] });
  });

  it("moves a number past either inclusive bound to it, nested ones too, leaving the given value alone", () => {
    const written = { branch: "main", limit: 500, window: { days: 0 } };
    const result = clampUiQueryArguments(commits, written);
    expect(result).toEqual({
      success: true,
      data: { branch: "main", limit: 100, window: { days: 1 } },
      clamps: [
        { path: ["limit"], value: 500, clamped: 100, bound: "maximum" },
        { path: ["window", "days"], value: 0, clamped: 1, bound: "minimum" },
      ],
    });
    expect(written).toEqual({ branch: "main", limit: 500, window: { days: 0 } });
  });

  it("takes the tightest bound when the schema has several (an integer's safe range and its own maximum)", () => {
    expect(clampUiQueryArguments(commits, { limit: 1e20 })).toMatchObject({ success: true, data: { limit: 100 }, clamps: [{ clamped: 100 }] });
  });

  it("keeps every other mistake a refusal: a wrong type, a fraction, a misspelt name, an exclusive bound, a text too short", () => {
    for (const value of [{ limit: "500" }, { limit: 500.5 }, { limits: 5 }, { ratio: -1 }, { branch: "" }, "all"]) {
      expect(clampUiQueryArguments(commits, value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it("refuses a value whose range is fixed but something else is still wrong, naming only what is left", () => {
    const result = clampUiQueryArguments(commits, { limit: 500, branch: 3 });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((issue) => issue.path.join("."))).toEqual(["branch"]);
  });

  it("words a clamp for the compiler's diagnostic", () => {
    expect(describeUiQueryClamp("commits", { path: ["limit"], value: 500, clamped: 100, bound: "maximum" })).toBe("limit 500 is past commits' cap; 100 is used");
    expect(describeUiQueryClamp("search", { path: ["limit"], value: 0, clamped: 1, bound: "minimum" })).toBe("limit 0 is below search's minimum; 1 is used");
  });
});
