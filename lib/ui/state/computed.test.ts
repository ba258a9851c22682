import { describe, expect, it } from "vitest";
import { UiBudget } from "../expression/budget";
import { parseUiExpression } from "../expression/parse";
import { UiFailure } from "../failure";
import { evaluateUiComputed, type UiComputedDefinition } from "./computed";

function definition(name: string, source: string, reads: string[]): UiComputedDefinition {
  return { name, range: { start: 0, end: 1 }, parsed: { ast: parseUiExpression(source), reads } };
}

describe("evaluateUiComputed", () => {
  it("evaluates in dependency order whatever the declaration order", () => {
    const result = evaluateUiComputed(
      [definition("c", "$b + 1", ["b"]), definition("b", "$a * 2", ["a"])],
      { a: 3 },
      new UiBudget(),
    );
    expect(Object.fromEntries(result.values)).toEqual({ b: 6, c: 7 });
    expect(result.diagnostics).toEqual([]);
  });

  it("marks cycles and what reads them as null, and evaluates the rest", () => {
    const result = evaluateUiComputed(
      [definition("x", "$y", ["y"]), definition("y", "$x", ["x"]), definition("z", "$x", ["x"]), definition("ok", "1", [])],
      {},
      new UiBudget(),
    );
    expect(Object.fromEntries(result.values)).toEqual({ x: null, y: null, z: null, ok: 1 });
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message.includes("$")])).toEqual([
      ["computed_cycle", true],
      ["computed_cycle", true],
      ["computed_cycle", true],
    ]);
  });

  it("reports a definition that did not parse", () => {
    const broken: UiComputedDefinition = { name: "b", range: { start: 4, end: 9 }, parsed: { failure: new UiFailure("syntax") } };
    const result = evaluateUiComputed([broken], {}, new UiBudget());
    expect(result.values.get("b")).toBeNull();
    expect(result.diagnostics).toMatchObject([{ code: "syntax", range: { start: 4, end: 9 } }]);
  });
});
