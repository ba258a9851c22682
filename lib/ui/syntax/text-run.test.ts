import { describe, expect, it } from "vitest";
import { normalizeUiText } from "./text-run";

describe("normalizeUiText (JSX whitespace)", () => {
  it("trims lines where they meet a line break and joins them with one space", () => {
    expect(normalizeUiText("\n  12 tests failed\n  on main.\n")).toBe("12 tests failed on main.");
    expect(normalizeUiText("a\n\n\n   b")).toBe("a b");
  });

  it("keeps the spaces of a run on one line", () => {
    expect(normalizeUiText(" of ")).toBe(" of ");
    expect(normalizeUiText("  ")).toBe("  ");
    expect(normalizeUiText("a   b")).toBe("a   b");
  });

  it("drops a run that is only whitespace across lines", () => {
    expect(normalizeUiText("\n   \n\t\n")).toBe("");
  });

  it("keeps the outer spaces of the first and last line where no break is", () => {
    expect(normalizeUiText(" runs\n  today ")).toBe(" runs today ");
    expect(normalizeUiText("a \r\n b")).toBe("a b");
  });
});
