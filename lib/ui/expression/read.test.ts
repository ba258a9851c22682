import { describe, expect, it } from "vitest";
import { isUiRecord, lookupOwn, readOwnField, readOwnIndex, uiValueKind } from "./read";
import { failureOf } from "./test-support";
import type { UiValue } from "./value";

describe("reading values handed in", () => {
  it("reads own fields and indices, null otherwise", () => {
    expect(readOwnField({ a: 1 }, "a")).toBe(1);
    expect(readOwnField({ a: 1 }, "toString")).toBeNull();
    expect(readOwnIndex([1, 2], 1)).toBe(2);
    expect(readOwnIndex([1, 2], 2)).toBeNull();
    expect(readOwnIndex([1, 2], -1)).toBeNull();
    expect(readOwnIndex([1, 2], 0.5)).toBeNull();
    expect(lookupOwn({}, "constructor")).toBeUndefined();
    expect(lookupOwn({ x: null }, "x")).toBeNull();
  });

  it("reads undefined and non-finite numbers as null and refuses functions", () => {
    const loose = { u: undefined, n: Number.NaN, f: () => 1 } as unknown as Record<string, UiValue>;
    expect(readOwnField(loose, "u")).toBeNull();
    expect(readOwnField(loose, "n")).toBeNull();
    expect(failureOf(() => readOwnField(loose, "f")).code).toBe("invalid_value");
  });

  it("refuses forbidden keys and accessors", () => {
    expect(failureOf(() => readOwnField({}, "__proto__")).code).toBe("forbidden_key");
    let calls = 0;
    const record = {};
    Object.defineProperty(record, "x", { get: () => ++calls });
    expect(failureOf(() => readOwnField(record, "x")).code).toBe("accessor");
    expect(calls).toBe(0);
  });

  it("names kinds", () => {
    expect([null, true, 1, "s", [], {}].map((value) => uiValueKind(value))).toEqual(["null", "boolean", "number", "string", "list", "record"]);
    expect(isUiRecord({})).toBe(true);
    expect(isUiRecord([])).toBe(false);
    expect(isUiRecord(null)).toBe(false);
  });
});
