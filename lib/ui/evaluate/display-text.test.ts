import { describe, expect, it } from "vitest";
import { uiDisplayText } from "./display-text";

describe("uiDisplayText", () => {
  it("shows each kind of value as a person reads it", () => {
    expect(uiDisplayText("text")).toBe("text");
    expect(uiDisplayText(0.1 + 0.2)).toBe("0.30000000000000004");
    expect(uiDisplayText(1e21)).toBe("1e+21");
    expect(uiDisplayText(true)).toBe("true");
    expect(uiDisplayText(null)).toBe("—");
    expect(uiDisplayText(["a", 1, null, false])).toBe("a, 1, , false");
    expect(uiDisplayText([[1, 2], { a: 1 }])).toBe('[1,2], {"a":1}');
    expect(uiDisplayText({ a: "b" })).toBe('{"a":"b"}');
  });
});
