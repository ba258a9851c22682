import { describe, expect, it } from "vitest";
import type { UiExpression } from "./ast";
import { UiBudget } from "./budget";
import { evaluateUiExpression, evaluateUiExpressionIn } from "./evaluate";
import { parseUiExpression } from "./parse";
import { failureCode, failureOf, run } from "./test-support";
import type { UiValue } from "./value";

const runs = [
  { name: "build", ms: 120, failed: false },
  { name: "lint", ms: 30, failed: true },
  { name: "test", ms: 900, failed: true },
];

describe("evaluateUiExpression: values and reads", () => {
  it.each<[string, UiValue]>([
    ["1", 1],
    ["-2.5", -2.5],
    ['"a"', "a"],
    ["null", null],
    ["[1, [true, null], {a: 'x'}]", [1, [true, null], { a: "x" }]],
    ["{a: 1, 'b-c': $n}", { a: 1, "b-c": 3 }],
    ["$n", 3],
    ["$runs[1].name", "lint"],
    ["$runs[1]['ms']", 30],
    ["$runs[-1]", null],
    ["$runs[1.5]", null],
    ["$runs[3]", null],
    ["$runs['0']", null],
    ["$runs[0].missing", null],
    ["$runs[0].missing.deeper", null],
    ["$runs.length", null],
    ["$text.length", null],
    ["$text[0]", null],
    ["$n.x", null],
    ["null.x", null],
    ["{a: 1}[0]", null],
    ["$runs[null]", null],
    ["$runs[0].name?.x", null],
    ["$record.toString", null],
    ["$record.hasOwnProperty", null],
    ["$record.valueOf", null],
    ["$record['x']", 1],
  ])("%s → %j", (source, expected) => {
    expect(run(source, { runs, n: 3, text: "abc", record: { x: 1 } })).toEqual(expected);
  });

  it("refuses forbidden keys, also when computed", () => {
    const variables = { record: { a: 1 }, key: "__proto__", other: "constructor" };
    expect(failureCode("$record[$key]", variables)).toBe("forbidden_key");
    expect(failureCode("$record[$other]", variables)).toBe("forbidden_key");
    expect(failureCode("$record['proto' === 'x' ? 'a' : 'prototype']", variables)).toBe("forbidden_key");
    expect(failureCode("[][$key]", variables)).toBe("forbidden_key");
  });

  it("refuses $x.constructor and $x['__proto__'] at parse time", () => {
    expect(failureOf(() => parseUiExpression("$x.constructor")).code).toBe("forbidden_key");
    expect(failureOf(() => parseUiExpression("$x['__proto__']")).code).toBe("forbidden_key");
  });

  it("never reads an inherited field", () => {
    const inherited = Object.create({ secret: "from the prototype" }) as Record<string, UiValue>;
    inherited.own = 1;
    expect(run("$x.secret", { x: inherited })).toBeNull();
    expect(run("$x.own", { x: inherited })).toBe(1);
    const withProtoIndex = Object.assign(Object.create(["inherited"]) as UiValue[], {});
    expect(run("$x[0]", { x: withProtoIndex })).toBeNull();
  });

  it("never runs a getter on a value handed in", () => {
    let calls = 0;
    const record = {};
    Object.defineProperty(record, "x", { enumerable: true, get: () => ++calls });
    expect(failureCode("$r.x", { r: record as UiValue })).toBe("accessor");
    const list: UiValue[] = [1];
    Object.defineProperty(list, 0, { get: () => ++calls });
    expect(failureCode("@Sum($l)", { l: list })).toBe("accessor");
    expect(calls).toBe(0);
  });

  it("reads variables and locals as own properties of hostile maps", () => {
    const variables = Object.create({ inherited: 1 }) as Record<string, UiValue>;
    expect(failureCode("$inherited", variables)).toBe("unknown_variable");
    expect(failureCode("$toString", {})).toBe("unknown_variable");
    expect(failureCode("$hasOwnProperty", {})).toBe("unknown_variable");
    let calls = 0;
    const getterMap = {};
    Object.defineProperty(getterMap, "x", { get: () => ++calls });
    expect(failureCode("$x", getterMap as Record<string, UiValue>)).toBe("accessor");
    expect(calls).toBe(0);
    const budget = new UiBudget();
    const locals = Object.create({ row: 1 }) as Record<string, UiValue>;
    expect(failureOf(() => evaluateUiExpressionIn(parseUiExpression("row"), { variables: {}, locals }, budget)).code).toBe("unknown_local");
    expect(failureOf(() => evaluateUiExpressionIn(parseUiExpression("toString"), { variables: {}, locals: {} }, budget)).code).toBe(
      "unknown_local",
    );
  });

  it("reads Each locals, and @Filter/@Map locals shadow them", () => {
    const budget = new UiBudget();
    const scope = { variables: { items: [1, 2, 3] }, locals: { item: 10, row: { n: 5 } } };
    expect(evaluateUiExpressionIn(parseUiExpression("row.n + item"), scope, budget)).toBe(15);
    expect(evaluateUiExpressionIn(parseUiExpression("@Map($items, item, item * row.n)"), scope, budget)).toEqual([5, 10, 15]);
    expect(evaluateUiExpressionIn(parseUiExpression("@Map($items, x, @Map([x], y, x + y + item))"), scope, budget)).toEqual([
      [12],
      [14],
      [16],
    ]);
  });

  it("refuses unknown names", () => {
    expect(failureCode("$missing")).toBe("unknown_variable");
    expect(failureCode("row")).toBe("unknown_local");
    expect(failureCode("@Filter([1], x, y)")).toBe("unknown_local");
  });

  it("gives evaluation failures the range of the node that failed", () => {
    const failure = failureOf(() => run("1 + (true - 2)"));
    expect(failure.code).toBe("type_mismatch");
    expect(failure.range).toEqual({ start: 5, end: 13 });
    expect(failureOf(() => run("[1, $nope]")).range).toEqual({ start: 4, end: 9 });
  });
});

describe("evaluateUiExpression: operators", () => {
  it.each<[string, UiValue]>([
    ["1 + 2", 3],
    ["0.1 + 0.2", 0.30000000000000004],
    ["5 - 7", -2],
    ["6 * 7", 42],
    ["7 / 2", 3.5],
    ["7 % 4", 3],
    ["-7 % 4", -3],
    ["1 / 0", null],
    ["-1 / 0", null],
    ["0 / 0", null],
    ["5 % 0", null],
    ["1e308 * 10", null],
    ["1e308 + 1e308", null],
    ["-(0)", 0],
    ["0 * -1", 0],
    ["-$n", -3],
    ['"a" + "b"', "ab"],
    ['"n=" + 1.5', "n=1.5"],
    ['2 + "x"', "2x"],
    ['"" + 1e21', "1e+21"],
    ['"" + 0.1', "0.1"],
    ['"" + -0', "0"],
    ['"" + 1/3', "0.3333333333333333"],
    ["!true", false],
    ["!!false", false],
    ["true && false", false],
    ["true || false", true],
    ["false && $missing", false],
    ["true || $missing", true],
    ["1 === 1", true],
    ["1 == 1", true],
    ["1 === '1'", false],
    ["1 != '1'", true],
    ["null === null", true],
    ["null === false", false],
    ["0 === -0", true],
    ["[1, [2]] === [1, [2]]", true],
    ["[1, 2] === [2, 1]", false],
    ["{a: 1, b: [2]} === {b: [2], a: 1}", true],
    ["{a: 1} === {a: 1, b: 2}", false],
    ["{a: null} === {b: null}", false],
    ["[] === {}", false],
    ["$runs[1] === {name: 'lint', ms: 30, failed: true}", true],
    ["[1] !== [1]", false],
    ["1 < 2", true],
    ["2 <= 2", true],
    ["3 > 4", false],
    ["4 >= 4", true],
    ['"a" < "b"', true],
    ['"B" < "a"', true],
    ['"10" < "9"', true],
    ["$n > 0 ? 'danger' : 'success'", "danger"],
    ["$n < 0 ? 'danger' : $n === 3 ? 'three' : 'other'", "three"],
    ["false ? $missing : 1", 1],
  ])("%s → %j", (source, expected) => {
    expect(run(source, { n: 3, runs })).toEqual(expected);
  });

  it("never produces a negative zero", () => {
    expect(Object.is(run("-(0)"), 0)).toBe(true);
    expect(Object.is(run("0 * -1"), 0)).toBe(true);
    expect(Object.is(run("-0"), 0)).toBe(true);
    expect(Object.is(run("-1 % 1"), 0)).toBe(true);
  });

  it.each<[string, string]>([
    ["true + 1", "type_mismatch"],
    ['"a" + true', "type_mismatch"],
    ['"a" + [1]', "type_mismatch"],
    ["[1] + [2]", "type_mismatch"],
    ["{} + 1", "type_mismatch"],
    ['"4" - 1', "type_mismatch"],
    ['"2" * 3', "type_mismatch"],
    ["true % 2", "type_mismatch"],
    ['1 < "2"', "type_mismatch"],
    ["[1] < [2]", "type_mismatch"],
    ["true > false", "type_mismatch"],
    ['-"1"', "not_a_number"],
    ["!1", "not_a_boolean"],
    ["1 && true", "not_a_boolean"],
    ["true && 1", "not_a_boolean"],
    ["false || 'yes'", "not_a_boolean"],
    ["1 ? 2 : 3", "not_a_boolean"],
  ])("%s → %s", (source, code) => {
    expect(failureCode(source)).toBe(code);
  });
});

describe("evaluateUiExpression: null (a missing field, a query not answered yet)", () => {
  const variables = { n: 3, text: "a", pending: null, row: { ms: null }, flag: true };

  it.each<[string, UiValue]>([
    // Arithmetic with a null operand is null: a figure over missing data is missing, not an error.
    ["null + 1", null],
    ["1 + null", null],
    ["null + null", null],
    ["null - null", null],
    ["$pending - $n", null],
    ["$n * $pending", null],
    ["null / 1", null],
    ["10 % $row.ms", null],
    ["-null", null],
    ["-$row.ms", null],
    ["($pending - 1) * 2 + 3", null],
    // Text joined with null is null, so a label built from a missing field is missing, not "anull".
    ['"a" + null', null],
    ['null + "ms"', null],
    ['"Latest: " + $row.ms + " ms"', null],
    // Comparisons with null are null; === and !== still compare null as a value.
    ["null > 3", null],
    ["3 <= null", null],
    ['null < "b"', null],
    ["null >= null", null],
    ["$row.ms > 100", null],
    ["null === null", true],
    ["null !== null", false],
    ["$pending === null", true],
    ["$row.ms !== 0", true],
    ["null === 0", false],
    // ! of null is null; && and || are three-valued (Kleene, as SQL): a side that decides alone wins.
    ["!null", null],
    ["!!$pending", null],
    ["null && true", null],
    ["true && null", null],
    ["null && null", null],
    ["null && false", false],
    ["false && null", false],
    ["false && $missing", false],
    ["null || false", null],
    ["false || null", null],
    ["null || null", null],
    ["null || true", true],
    ["true || null", true],
    ["true || $missing", true],
    ["$row.ms > 100 && $flag", null],
    ["$row.ms > 100 || $flag", true],
    // A ?: whose test is null is null, and neither branch runs.
    ["null ? 2 : 3", null],
    ["$pending > 0 ? 'danger' : 'success'", null],
    ["$pending > 0 ? $missing : $missing", null],
    ["$pending === null ? 'loading' : 'ready'", "loading"],
    // Reads on null stay null.
    ["null.x", null],
    ["$pending[0].name", null],
    ["$row.ms.unit", null],
  ])("%s → %j", (source, expected) => {
    expect(run(source, variables)).toEqual(expected);
  });

  it.each<[string, string]>([
    // A null operand does not excuse the other one: a value the operator never takes is still refused.
    ['"4" - null', "type_mismatch"],
    ["null - 'a'", "type_mismatch"],
    ["null + true", "type_mismatch"],
    ["[1] + null", "type_mismatch"],
    ["null * {}", "type_mismatch"],
    ["null < true", "type_mismatch"],
    ["[1] >= null", "type_mismatch"],
    ["null && 1", "not_a_boolean"],
    ["'yes' || null", "not_a_boolean"],
    ["null || 'yes'", "not_a_boolean"],
    // Real values of the wrong type are refused as before.
    ['"a" - 1', "type_mismatch"],
    ['"a" < 1', "type_mismatch"],
    ['-"1"', "not_a_number"],
    ["!0", "not_a_boolean"],
    ["'' ? 1 : 2", "not_a_boolean"],
  ])("%s → %s", (source, code) => {
    expect(failureCode(source, variables)).toBe(code);
  });

  it("&& and || follow Kleene's three-valued logic, whichever side is written first", () => {
    // Order false < null < true: && is the smaller side, || the larger.
    const values = [false, null, true] as const;
    const rank = (value: boolean | null) => values.indexOf(value);
    for (const left of values)
      for (const right of values) {
        const [low, high] = rank(left) <= rank(right) ? [left, right] : [right, left];
        expect(run(`${left} && ${right}`), `${left} && ${right}`).toBe(low);
        expect(run(`${left} || ${right}`), `${left} || ${right}`).toBe(high);
      }
  });

  it("locates a refusal next to a null at the operator that refused", () => {
    const failure = failureOf(() => run("1 + ($pending - 'a')", variables));
    expect(failure.code).toBe("type_mismatch");
    expect(failure.range).toEqual({ start: 5, end: 19 });
  });
});

describe("evaluateUiExpression: helpers outside their place", () => {
  it.each([
    ["@Set($n, 1)", "action_only"],
    ["@Reset($n)", "action_only"],
    ["@Reset()", "action_only"],
    ["[@Set($n, 1)]", "action_only"],
    ['@Query("tests", {})', "declaration_only"],
    ['@Count(@Query("tests"))', "declaration_only"],
  ])("%s → %s", (source, code) => {
    expect(failureCode(source, { n: 1 })).toBe(code);
  });
});

describe("evaluateUiExpression: budgets", () => {
  const range = { start: 0, end: 0 };

  it("charges a step per node", () => {
    const budget = new UiBudget();
    const ast = parseUiExpression("1 + 2 * 3");
    evaluateUiExpression(ast, {}, budget);
    expect(budget.steps).toBe(5);
    expect(failureOf(() => evaluateUiExpression(ast, {}, new UiBudget({ steps: 4 }))).code).toBe("budget_steps");
  });

  it("refuses a joined string past stringLength before it is built", () => {
    const hundred = Array.from({ length: 99 }, (_, index) => index);
    // 99 + 99 × 99 iterations fit; 99 × 99 × 13 characters = 127,413 > 100,000: refused while the outer @Join adds up lengths.
    const failure = failureOf(() => run("@Join(@Map($l, x, @Join(@Map($l, y, 'abcdefghijklm'), '')), '')", { l: hundred }));
    expect(failure.code).toBe("budget_string");
    expect(failure.range?.start).toBe(0);
  });

  it("ends exponential re-evaluation (30 nested doublings) quickly with a budget refusal", () => {
    const started = performance.now();
    let source = "'abcdefgh'";
    for (let index = 0; index < 30; index++) source = `@Join(@Map([1, 2], x, ${source}), '')`;
    const failure = failureOf(() => run(source, {}, { nesting: 200 }));
    expect(["budget_string", "budget_steps", "budget_iterations", "budget_time"]).toContain(failure.code);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses concatenation past stringLength", () => {
    const text = "a".repeat(60_000);
    expect(failureCode("$t + $t", { t: text })).toBe("budget_string");
    expect(run("$t + 'b'", { t: text })).toHaveLength(60_001);
    expect(failureCode("$t + 1", { t: "a".repeat(100_000) })).toBe("budget_string");
  });

  it("refuses nested @Map iteration blowups", () => {
    const started = performance.now();
    const hundred = Array.from({ length: 100 }, (_, index) => index);
    expect(failureCode("@Map($a, x, @Map($a, y, @Map($a, z, x + y + z)))", { a: hundred })).toBe("budget_iterations");
    expect(failureCode("@Count(@Filter($a, x, @Count(@Filter($a, y, @Count(@Filter($a, z, true)) > 0)) > 0))", { a: hundred })).toBe(
      "budget_iterations",
    );
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses building a value that is cheap to build but huge to walk", () => {
    const rows = Array.from({ length: 1_000 }, (_, index) => ({ index, name: `row ${index}` }));
    // 1,000 records each holding all 1,000 rows: 3 million nodes as JSON, 1,000 iterations to build.
    expect(failureCode("@Map($rows, r, {all: $rows})", { rows })).toBe("budget_output");
    expect(failureCode("[$rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows, $rows]", { rows })).toBe("budget_output");
    // Returning the variable itself builds nothing and is allowed.
    expect(run("$rows", { rows })).toBe(rows);
    expect(run("@Count(@Filter($rows, r, r.index < 10))", { rows })).toBe(10);
  });

  it("refuses building a value nested deeper than limits.nesting", () => {
    let deep: UiValue = 1;
    for (let index = 0; index < 31; index++) deep = [deep];
    expect(run("[$d]", { d: deep })).toHaveLength(1);
    expect(failureCode("[[$d]]", { d: deep })).toBe("budget_depth");
  });

  it("refuses a hand-built tree deeper than limits.nesting without overflowing the stack", () => {
    let node: UiExpression = { kind: "literal", value: true, range };
    for (let index = 0; index < 100_000; index++) node = { kind: "unary", operator: "!", argument: node, range };
    expect(failureOf(() => evaluateUiExpression(node)).code).toBe("budget_depth");
  });

  it("refuses deep equality on values deeper than limits.nesting", () => {
    let left: UiValue = 1;
    let right: UiValue = 1;
    for (let index = 0; index < 40; index++) {
      left = [left];
      right = [right];
    }
    expect(failureCode("$a === $b", { a: left, b: right })).toBe("budget_depth");
  });

  it("checks the clock", () => {
    let time = 0;
    const budget = new UiBudget({ evaluationGuardMs: 5 }, () => (time += 1));
    const list = Array.from({ length: 5_000 }, (_, index) => index);
    expect(failureOf(() => evaluateUiExpression(parseUiExpression("@Sum(@Map($l, x, x * 2))"), { l: list }, budget)).code).toBe(
      "budget_time",
    );
  });

  it("turns a hand-built node of an unknown kind into an internal failure", () => {
    const bogus = { kind: "function", range } as unknown as UiExpression;
    expect(failureOf(() => evaluateUiExpression(bogus)).code).toBe("internal");
  });
});
