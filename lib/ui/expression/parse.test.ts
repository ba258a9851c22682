import { describe, expect, it } from "vitest";
import { UiFailure } from "../failure";
import type { UiExpression } from "./ast";
import { UiBudget } from "./budget";
import { parseUiExpression, UI_HELPER_ARITY } from "./parse";

/** A compact rendering of a tree, so precedence cases read as data. */
function show(node: UiExpression): string {
  switch (node.kind) {
    case "literal":
      return JSON.stringify(node.value);
    case "variable":
      return `$${node.name}`;
    case "local":
      return node.name;
    case "array":
      return `[${node.items.map(show).join(" ")}]`;
    case "object":
      return `{${node.entries.map((entry) => `${entry.key}:${show(entry.value)}`).join(" ")}}`;
    case "member":
      return `(. ${show(node.object)} ${show(node.property)})`;
    case "unary":
      return `(${node.operator} ${show(node.argument)})`;
    case "binary":
      return `(${node.operator} ${show(node.left)} ${show(node.right)})`;
    case "conditional":
      return `(? ${show(node.test)} ${show(node.consequent)} ${show(node.alternate)})`;
    case "call":
      return `(@${node.helper}${node.arguments.map((argument) => ` ${show(argument)}`).join("")})`;
  }
}

function failureOf(source: string, budget?: UiBudget): UiFailure {
  try {
    parseUiExpression(source, budget);
  } catch (caught) {
    if (caught instanceof UiFailure) return caught;
    throw new Error(`not a UiFailure: ${String(caught)}`);
  }
  throw new Error(`parsed: ${source}`);
}

describe("parseUiExpression: forms", () => {
  const cases: [source: string, tree: string][] = [
    ["1", "1"],
    ["-2.5", "-2.5"],
    ["- 2.5", "-2.5"],
    ["1e3", "1000"],
    ["2.5E-2", "0.025"],
    ["1e+2", "100"],
    ["-0", "0"],
    ["--1", "1"],
    ['"a"', '"a"'],
    ["'a'", '"a"'],
    [String.raw`"\" \' \\ \n \t \r \/"`, JSON.stringify(`" ' \\ \n \t \r /`)],
    [JSON.stringify("json \b\f\u0001\u001f"), JSON.stringify("json \b\f\u0001\u001f")],
    [String.raw`'\u{1F600}\u00e9'`, JSON.stringify("😀é")],
    ["true", "true"],
    ["false", "false"],
    ["null", "null"],
    ["[1, 2]", "[1 2]"],
    ["[1, 2,]", "[1 2]"],
    ["[]", "[]"],
    ['{a: 1, "b-c": 2, \'d\': 3}', "{a:1 b-c:2 d:3}"],
    ["{}", "{}"],
    ["{true: 1, null: 2,}", "{true:1 null:2}"],
    ["$runs", "$runs"],
    ["row", "row"],
    ["row.name", '(. row "name")'],
    ["row.true", '(. row "true")'],
    ["$runs[0]", "(. $runs 0)"],
    ['row["ms"]', '(. row "ms")'],
    ["row?.name", '(. row "name")'],
    ["row?.[0]", "(. row 0)"],
    ["$a.b[0].c", '(. (. (. $a "b") 0) "c")'],
    ["-$x", "(- $x)"],
    ["!$x", "(! $x)"],
    ["-(1)", "-1"],
    ["-\"a\"", '(- "a")'],
    ["$x == 1", "(=== $x 1)"],
    ["$x != 1", "(!== $x 1)"],
    ["$x === 1", "(=== $x 1)"],
    ["$x !== 1", "(!== $x 1)"],
    ["(1)", "1"],
    ["$n > 0 ? 'danger' : 'success'", '(? (> $n 0) "danger" "success")'],
    ["@Count($runs)", "(@Count $runs)"],
    ["@Filter($runs, run, run.failed)", '(@Filter $runs run (. run "failed"))'],
    ["@Map($runs, r, r.ms * 2)", '(@Map $runs r (* (. r "ms") 2))'],
    ["@Reset()", "(@Reset)"],
    ["@Reset($x)", "(@Reset $x)"],
    ["@Set($x, !$x)", "(@Set $x (! $x))"],
    ['@Query("tests", {branch: "main"})', '(@Query "tests" {branch:"main"})'],
    ["@Join($names, ', ',)", '(@Join $names ", ")'],
    [" \t\n1\r\n+\n2 ", "(+ 1 2)"],
  ];
  it.each(cases)("%s", (source, tree) => {
    expect(show(parseUiExpression(source))).toBe(tree);
  });
});

describe("parseUiExpression: precedence and associativity", () => {
  const cases: [source: string, tree: string][] = [
    ["1 + 2 * 3", "(+ 1 (* 2 3))"],
    ["1 * 2 + 3", "(+ (* 1 2) 3)"],
    ["1 - 2 - 3", "(- (- 1 2) 3)"],
    ["8 / 4 / 2", "(/ (/ 8 4) 2)"],
    ["7 % 4 * 2", "(* (% 7 4) 2)"],
    ["-2 * 3", "(* -2 3)"],
    ["-$a * 3", "(* (- $a) 3)"],
    ["!$a && $b", "(&& (! $a) $b)"],
    ["!$a === $b", "(=== (! $a) $b)"],
    ["1 + 2 < 4", "(< (+ 1 2) 4)"],
    ["1 < 2 === true", "(=== (< 1 2) true)"],
    ["$a === $b && $c !== $d", "(&& (=== $a $b) (!== $c $d))"],
    ["$a || $b && $c", "(|| $a (&& $b $c))"],
    ["$a && $b || $c", "(|| (&& $a $b) $c)"],
    ["$a || $b ? 1 : 2", "(? (|| $a $b) 1 2)"],
    ["$a ? 1 : $b ? 2 : 3", "(? $a 1 (? $b 2 3))"],
    ["$a ? $b ? 1 : 2 : 3", "(? $a (? $b 1 2) 3)"],
    ["(1 + 2) * 3", "(* (+ 1 2) 3)"],
    ["-$a.b", '(- (. $a "b"))'],
    ["!row.failed", '(! (. row "failed"))'],
    ["$a <= 1 >= 0", "(>= (<= $a 1) 0)"],
  ];
  it.each(cases)("%s", (source, tree) => {
    expect(show(parseUiExpression(source))).toBe(tree);
  });
});

describe("parseUiExpression: ranges", () => {
  it("gives every node its source range", () => {
    const ast = parseUiExpression("  $a.b + @Count([1, 2])");
    expect(ast.range).toEqual({ start: 2, end: 23 });
    if (ast.kind !== "binary") throw new Error(ast.kind);
    expect(ast.left.range).toEqual({ start: 2, end: 6 });
    expect(ast.right.range).toEqual({ start: 9, end: 23 });
    if (ast.right.kind !== "call") throw new Error(ast.right.kind);
    expect(ast.right.arguments[0]?.range).toEqual({ start: 16, end: 22 });
  });
});

describe("parseUiExpression: refusals", () => {
  const cases: [source: string, code: string, range: { start: number; end: number }][] = [
    ["", "syntax", { start: 0, end: 0 }],
    ["1 +", "syntax", { start: 3, end: 3 }],
    ["1 2", "syntax", { start: 2, end: 3 }],
    ['"abc', "syntax", { start: 0, end: 4 }],
    ['"a\nb"', "syntax", { start: 0, end: 2 }],
    [String.raw`"\x41"`, "syntax", { start: 1, end: 3 }],
    [String.raw`"\u{110000}"`, "syntax", { start: 1, end: 11 }],
    [String.raw`"\u{}"`, "syntax", { start: 1, end: 5 }],
    [String.raw`"\u12"`, "syntax", { start: 1, end: 6 }],
    ["$a ?.5 : 1", "syntax", { start: 5, end: 6 }],
    ["1.", "syntax", { start: 0, end: 3 }],
    ["1.x", "syntax", { start: 0, end: 3 }],
    ["1e", "syntax", { start: 0, end: 3 }],
    ["1e+", "syntax", { start: 0, end: 4 }],
    ["1e999", "syntax", { start: 0, end: 5 }],
    ["3px", "syntax", { start: 0, end: 2 }],
    [".5", "syntax", { start: 0, end: 1 }],
    ["$", "syntax", { start: 0, end: 1 }],
    ["$1", "syntax", { start: 0, end: 1 }],
    ["@", "syntax", { start: 0, end: 1 }],
    ["$x = 1", "syntax", { start: 3, end: 4 }],
    ["x => x", "syntax", { start: 2, end: 4 }],
    ["$a & $b", "syntax", { start: 3, end: 4 }],
    ["$a | $b", "syntax", { start: 3, end: 4 }],
    ["`a`", "syntax", { start: 0, end: 1 }],
    ["new Date()", "syntax", { start: 0, end: 3 }],
    ["this.x", "syntax", { start: 0, end: 4 }],
    ["$x === undefined", "syntax", { start: 7, end: 16 }],
    ["alert(1)", "syntax", { start: 5, end: 6 }],
    ["$x.y()", "syntax", { start: 4, end: 5 }],
    ["$a ?? 1", "syntax", { start: 4, end: 5 }],
    ["2 ** 3", "syntax", { start: 3, end: 4 }],
    ["(1", "syntax", { start: 2, end: 2 }],
    ["[1, 2", "syntax", { start: 5, end: 5 }],
    ["{a 1}", "syntax", { start: 3, end: 4 }],
    ["{a: 1, a: 2}", "syntax", { start: 7, end: 8 }],
    ["{1: 2}", "syntax", { start: 1, end: 2 }],
    ["{a}", "syntax", { start: 2, end: 3 }],
    ["$a.", "syntax", { start: 3, end: 3 }],
    ["$a.$b", "syntax", { start: 3, end: 5 }],
    ["#", "syntax", { start: 0, end: 1 }],
    ["😀", "syntax", { start: 0, end: 2 }],
    ["@Filter($r, r.x, true)", "syntax", { start: 12, end: 15 }],
    ["@Map($r, 'r', 1)", "syntax", { start: 9, end: 12 }],
    ["@Set(x, 1)", "syntax", { start: 5, end: 6 }],
    ["@Reset(1)", "syntax", { start: 7, end: 8 }],
    ["@Count", "syntax", { start: 6, end: 6 }],
    ["@Eval('1')", "unknown_helper", { start: 0, end: 5 }],
    ["@count($a)", "unknown_helper", { start: 0, end: 6 }],
    ["@toString($a)", "unknown_helper", { start: 0, end: 9 }],
    ["@Count()", "helper_arity", { start: 0, end: 8 }],
    ["@Count($a, $b)", "helper_arity", { start: 0, end: 14 }],
    ["@Filter($a, a)", "helper_arity", { start: 0, end: 14 }],
    ["@Take($a)", "helper_arity", { start: 0, end: 9 }],
    ["@Set($a)", "helper_arity", { start: 0, end: 8 }],
    ["@Reset($a, 1)", "helper_arity", { start: 0, end: 13 }],
    ["@Sort($a, 'x', 'asc', 1)", "helper_arity", { start: 0, end: 24 }],
  ];
  it.each(cases)("%s → %s", (source, code, range) => {
    const failure = failureOf(source);
    expect(failure.code).toBe(code);
    expect(failure.range).toEqual(range);
  });

  it("checks every helper's arity at both ends", () => {
    for (const [helper, [fewest, most]] of Object.entries(UI_HELPER_ARITY)) {
      const argumentsFor = (count: number) =>
        Array.from({ length: count }, (_, index) => (index === 1 && (helper === "Filter" || helper === "Map") ? "x" : "$v")).join(", ");
      expect(() => parseUiExpression(`@${helper}(${argumentsFor(fewest)})`), helper).not.toThrow();
      expect(() => parseUiExpression(`@${helper}(${argumentsFor(most)})`), helper).not.toThrow();
      expect(failureOf(`@${helper}(${argumentsFor(most + 1)})`).code, helper).toBe("helper_arity");
      if (fewest > 0) expect(failureOf(`@${helper}(${argumentsFor(fewest - 1)})`).code, helper).toBe("helper_arity");
    }
  });
});

describe("parseUiExpression: forbidden keys in every position", () => {
  const positions = [
    (key: string) => `{${key}: 1}`,
    (key: string) => `{"${key}": 1}`,
    (key: string) => `{'${key}': 1}`,
    (key: string) => `$x.${key}`,
    (key: string) => `$x?.${key}`,
    (key: string) => `$x["${key}"]`,
    (key: string) => `$x['${key}']`,
    (key: string) => `$x[("${key}")]`,
    (key: string) => `$${key}`,
    (key: string) => key,
    (key: string) => `@Filter($rows, ${key}, true)`,
    (key: string) => `@Set($${key}, 1)`,
    (key: string) => `[1, {a: {${key}: 2}}]`,
  ];
  for (const key of ["__proto__", "constructor", "prototype"]) {
    it.each(positions.map((position) => [position(key)]))("%s", (source) => {
      const failure = failureOf(source);
      expect(failure.code).toBe("forbidden_key");
      expect(source.slice(failure.range?.start, failure.range?.end)).toContain(key);
    });
  }

  it("refuses an escaped spelling of a forbidden key", () => {
    expect(failureOf(String.raw`$x["\u{5f}_proto__"]`).code).toBe("forbidden_key");
    expect(failureOf(String.raw`{"construct\u006fr": 1}`).code).toBe("forbidden_key");
  });

  it("accepts names that merely contain a forbidden word", () => {
    expect(show(parseUiExpression("$x.constructors"))).toBe('(. $x "constructors")');
    expect(show(parseUiExpression("{proto: 1}"))).toBe("{proto:1}");
  });
});

describe("parseUiExpression: bounds", () => {
  it("refuses 100k nested parentheses at limits.nesting without overflowing the stack", () => {
    const depth = 100_000;
    const started = performance.now();
    const failure = failureOf("(".repeat(depth) + "1" + ")".repeat(depth));
    expect(failure.code).toBe("budget_depth");
    expect(failure.range?.start).toBe(32);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it.each([
    ["brackets", "[".repeat(30_000)],
    ["objects", "{a:".repeat(30_000)],
    ["calls", "@Count(".repeat(30_000)],
    ["negations", "!".repeat(30_000) + "true"],
    ["minus signs", "-".repeat(30_000) + "$x"],
    ["conditionals", "$a ? ".repeat(30_000)],
    ["indexes", "$a" + "[$a".repeat(30_000)],
  ])("refuses 30k nested %s", (_, source) => {
    expect(failureOf(source).code).toBe("budget_depth");
  });

  it("refuses a tree taller than limits.nesting even when the recursion is flat", () => {
    expect(failureOf(Array.from({ length: 40 }, () => "1").join(" + ")).code).toBe("budget_depth");
    expect(failureOf("$a" + ".b".repeat(40)).code).toBe("budget_depth");
    expect(() => parseUiExpression(Array.from({ length: 20 }, () => "1").join(" + "))).not.toThrow();
  });

  it("follows the nesting limit of the budget it is given", () => {
    expect(() => parseUiExpression("[[[1]]]", new UiBudget({ nesting: 4 }))).not.toThrow();
    expect(failureOf("[[[[1]]]]", new UiBudget({ nesting: 4 })).code).toBe("budget_depth");
  });

  it("charges one step per token", () => {
    const budget = new UiBudget();
    parseUiExpression("1 + 2", budget);
    expect(budget.steps).toBe(4);
    expect(failureOf(`[${Array.from({ length: 100 }, () => "1").join(",")}]`, new UiBudget({ steps: 50 })).code).toBe("budget_steps");
  });

  it("refuses a source longer than limits.characters and a string literal longer than limits.stringLength", () => {
    expect(failureOf("1".repeat(11), new UiBudget({ characters: 10 })).code).toBe("budget_characters");
    expect(failureOf(`"${"a".repeat(11)}"`, new UiBudget({ stringLength: 10 })).code).toBe("budget_string");
  });

  it("parses a long flat array (no recursion per item)", () => {
    const source = `[${Array.from({ length: 30_000 }, (_, index) => index).join(",")}]`;
    // A clock that never moves: this checks the shape of the work, not the speed of a cold JIT on a busy machine.
    const ast = parseUiExpression(source, new UiBudget({}, () => 0));
    expect(ast.kind === "array" && ast.items.length).toBe(30_000);
  });
});
