import { describe, expect, it } from "vitest";
import { uiQueryKey } from "./query-key";

describe("uiQueryKey", () => {
  it("changes exactly when the source or the arguments' text changes", () => {
    const key = uiQueryKey({ source: "tests", arguments: '{branch: "main"}' });
    expect(uiQueryKey({ source: "tests", arguments: '{branch: "main"}' })).toBe(key);
    expect(uiQueryKey({ source: "tests", arguments: '{branch: "dev"}' })).not.toBe(key);
    expect(uiQueryKey({ source: "builds", arguments: '{branch: "main"}' })).not.toBe(key);
    expect(uiQueryKey({ source: "tests" })).not.toBe(uiQueryKey({ source: "tests", arguments: "{}" }));
    // The parts cannot run into each other.
    expect(uiQueryKey({ source: "a,b", arguments: "c" })).not.toBe(uiQueryKey({ source: "a", arguments: "b,c" }));
  });
});
