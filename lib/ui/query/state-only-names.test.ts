import { describe, expect, it } from "vitest";
import { blockBuilder } from "../evaluate/testing/block-builder";
import { UiBudget } from "../expression/budget";
import { uiStateOnlyNames } from "./state-only-names";

describe("uiStateOnlyNames", () => {
  it("keeps state and computed values built from state only", () => {
    const b = blockBuilder();
    const names = uiStateOnlyNames(
      [
        b.state("a", 1),
        b.computed("fromA", "$a + 1"),
        b.computed("fromFromA", "$fromA * $a"),
        b.computed("later", "$declaredLater"),
        b.computed("declaredLater", "$a"),
        b.query("q", "tests"),
        b.computed("fromQ", "@Count($q)"),
        b.computed("mixed", "$fromQ + $a"),
        b.computed("undeclared", "$ghost"),
        b.computed("cycleA", "$cycleB"),
        b.computed("cycleB", "$cycleA"),
        b.computed("broken", "1 +"),
      ],
      new UiBudget(),
    );
    expect([...names].sort()).toEqual(["a", "declaredLater", "fromA", "fromFromA", "later"]);
  });
});
