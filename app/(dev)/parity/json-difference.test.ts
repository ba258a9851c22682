import { describe, expect, test } from "vitest";
import { jsonDifference } from "./json-difference";

describe("jsonDifference", () => {
  test("is undefined for the same JSON, whatever the key order", () => {
    expect(jsonDifference({ a: 1, b: [true, null, "x"] }, { b: [true, null, "x"], a: 1 })).toBeUndefined();
  });

  test("points at the first difference", () => {
    expect(jsonDifference({ view: [{ props: { text: "a" } }] }, { view: [{ props: { text: "b" } }] })).toBe("$.view[0].props.text");
    expect(jsonDifference([1, 2], [1, 2, 3])).toBe("$.length");
    expect(jsonDifference({ a: 1 }, { a: 1, b: 2 })).toBe("$.b");
    expect(jsonDifference({ a: [] }, { a: {} })).toBe("$.a");
    expect(jsonDifference(1, "1")).toBe("$");
    expect(jsonDifference(null, {})).toBe("$");
  });
});
