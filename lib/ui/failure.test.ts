import { describe, expect, it } from "vitest";
import { UiFailure, toUiFailure, uiDiagnostic } from "./failure";
import { resolveUiLimits, UI_LIMITS } from "./limits";

describe("UiFailure and uiDiagnostic", () => {
  it("keeps a failure's code and range in the diagnostic", () => {
    const failure = new UiFailure("type_mismatch", "string * number", { start: 3, end: 9 });
    expect(failure).toBeInstanceOf(Error);
    expect(uiDiagnostic(failure, undefined, "b:0")).toEqual({
      code: "type_mismatch",
      message: failure.message,
      range: { start: 3, end: 9 },
      nodeId: "b:0",
    });
  });

  it("never leaks a foreign error's text", () => {
    const diagnostic = uiDiagnostic(new Error("secret internals at /srv/app"), { start: 1, end: 2 });
    expect(diagnostic.code).toBe("internal");
    expect(diagnostic.message).not.toContain("secret");
  });

  it("turns a stack overflow into a depth refusal", () => {
    expect(toUiFailure(new RangeError("Maximum call stack size exceeded")).code).toBe("budget_depth");
  });
});

describe("resolveUiLimits", () => {
  it("applies finite, non-negative overrides and ignores the rest", () => {
    const limits = resolveUiLimits({ steps: 10, nodes: Number.NaN, iterations: -1 });
    expect(limits.steps).toBe(10);
    expect(limits.nodes).toBe(UI_LIMITS.nodes);
    expect(limits.iterations).toBe(UI_LIMITS.iterations);
  });
});
