import { describe, expect, it } from "vitest";
import type { UiExpression } from "./ast";
import {
  containsUiHelper,
  isUiConstantExpression,
  uiActionKind,
  uiExpressionChildren,
  uiExpressionVariables,
  uiFreeLocals,
  uiQueryCall,
} from "./analyze";
import { parseUiExpression } from "./parse";

const range = { start: 0, end: 0 };

describe("uiExpressionVariables", () => {
  it.each([
    ["1 + 2", []],
    ["$a + $b * $a", ["a", "b"]],
    ["@Filter($runs, run, run.ms > $min)", ["runs", "min"]],
    ['@Query("tests", {branch: $branch})', ["branch"]],
    ["{x: [$c, {y: $d}]}", ["c", "d"]],
    ["$a ? $b : $c[$d]", ["a", "b", "c", "d"]],
    ["@Set($x, $x + $step)", ["x", "step"]],
    ["@Set($x, 1)", []],
    ["@Reset($x)", []],
    ["row.name", []],
  ])("%s reads %j", (source, names) => {
    expect(uiExpressionVariables(parseUiExpression(source))).toEqual(names);
  });

  it("walks a hand-built tree far taller than the parser allows without recursion", () => {
    let node: UiExpression = { kind: "variable", name: "deep", range };
    for (let index = 0; index < 200_000; index++) node = { kind: "unary", operator: "!", argument: node, range };
    expect(uiExpressionVariables(node)).toEqual(["deep"]);
    expect(containsUiHelper(node, "Set")).toBe(false);
    expect(isUiConstantExpression(node)).toBe(false);
    expect(uiFreeLocals(node)).toEqual([]);
  });
});

describe("uiFreeLocals", () => {
  it.each([
    ["row.name", ["row"]],
    ["@Filter($runs, run, run.failed)", []],
    ["@Filter(runs, run, run.failed && item.x)", ["runs", "item"]],
    ["@Map(@Filter($a, x, x.ok), y, x + y)", ["x"]],
    ["@Map($a, x, @Map(x.children, y, x.name + y.name))", []],
    ["$x", []],
  ])("%s has free locals %j", (source, names) => {
    expect(uiFreeLocals(parseUiExpression(source))).toEqual(names);
  });
});

describe("isUiConstantExpression", () => {
  it.each([
    ["1", true],
    ["-2.5", true],
    ['"a"', true],
    ["null", true],
    ["false", true],
    ['[1, "a", [true, null], {a: -1}]', true],
    ["{}", true],
    ["[]", true],
    ["$a", false],
    ["1 + 2", false],
    ["!true", false],
    ['-"a"', false],
    ["[1, $a]", false],
    ["{a: row}", false],
    ["@Count([1])", false],
    ["true ? 1 : 2", false],
  ])("%s → %s", (source, constant) => {
    expect(isUiConstantExpression(parseUiExpression(source))).toBe(constant);
  });

  it("accepts unary minus of a number literal in a hand-built tree", () => {
    const literal: UiExpression = { kind: "literal", value: 3, range };
    expect(isUiConstantExpression({ kind: "unary", operator: "-", argument: literal, range })).toBe(true);
    expect(isUiConstantExpression({ kind: "unary", operator: "!", argument: literal, range })).toBe(false);
  });
});

describe("uiActionKind", () => {
  it("describes @Set, @Reset($x) and @Reset()", () => {
    const set = uiActionKind(parseUiExpression("@Set($x, $x + 1)"));
    expect(set?.kind).toBe("set");
    expect(set?.kind === "set" && set.name).toBe("x");
    expect(set?.kind === "set" && set.value.kind).toBe("binary");
    expect(uiActionKind(parseUiExpression("@Reset($filter)"))).toEqual({ kind: "reset", name: "filter" });
    expect(uiActionKind(parseUiExpression("@Reset()"))).toEqual({ kind: "reset-all" });
  });

  it.each(["$x", "@Count($x)", "[@Set($x, 1)]", "true ? @Reset() : @Reset()", '@Query("a")'])("%s is not an action", (source) => {
    expect(uiActionKind(parseUiExpression(source))).toBeNull();
  });

  it("refuses a hand-built @Set whose target is not a variable", () => {
    const local: UiExpression = { kind: "local", name: "x", range };
    expect(uiActionKind({ kind: "call", helper: "Set", arguments: [local, local], range })).toBeNull();
    expect(uiActionKind({ kind: "call", helper: "Reset", arguments: [local], range })).toBeNull();
  });
});

describe("uiQueryCall", () => {
  it("describes a literal-source query", () => {
    const query = uiQueryCall(parseUiExpression('@Query("tests", {branch: "main"})'));
    expect(query?.source).toBe("tests");
    expect(query?.arguments?.kind).toBe("object");
    expect(uiQueryCall(parseUiExpression('@Query("tests")'))).toEqual({ source: "tests", arguments: null });
  });

  it.each(['@Query($source, {})', '@Query("a" + "b")', '@Count(@Query("a"))', "1"])("%s is not a query declaration", (source) => {
    expect(uiQueryCall(parseUiExpression(source))).toBeNull();
  });
});

describe("containsUiHelper", () => {
  it("finds a helper anywhere", () => {
    expect(containsUiHelper(parseUiExpression('{a: [1, $x ? @Query("q") : 2]}'), "Query")).toBe(true);
    expect(containsUiHelper(parseUiExpression("@Count(@Filter($a, x, @Set($b, 1)))"), "Set")).toBe(true);
    expect(containsUiHelper(parseUiExpression("@Count($a)"), "Set")).toBe(false);
  });
});

describe("uiExpressionChildren", () => {
  it("lists children in source order", () => {
    const ast = parseUiExpression("$a ? $b : $c");
    expect(uiExpressionChildren(ast).map((child) => (child.kind === "variable" ? child.name : child.kind))).toEqual(["a", "b", "c"]);
  });
});
