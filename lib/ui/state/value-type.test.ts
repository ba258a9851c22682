import { describe, expect, it } from "vitest";
import { uiValueType } from "./value-type";

describe("uiValueType", () => {
  it("tells the six types of a state variable apart", () => {
    expect([null, true, 0, "", [], {}].map(uiValueType)).toEqual(["null", "boolean", "number", "string", "array", "object"]);
  });
});
