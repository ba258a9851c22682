import { describe, expect, it } from "vitest";
import { failureCode, run } from "./test-support";
import type { UiValue } from "./value";

const runs = [
  { name: "build", ms: 120, failed: false },
  { name: "lint", ms: 30, failed: true },
  { name: "test", ms: 900, failed: true },
  { name: "docs", ms: null, failed: false },
];
const variables: Record<string, UiValue> = {
  runs,
  numbers: [3, 1, 2],
  empty: [],
  names: ["b", "A", "c"],
  mixed: ["b", 2, null, true, "a", 1, false, [0], { k: 1 }],
  text: "Hello, World",
};

function cases(table: [string, UiValue][]) {
  it.each(table)("%s → %j", (source, expected) => {
    expect(run(source, variables)).toEqual(expected);
  });
}

function refusals(table: [string, string][]) {
  it.each(table)("%s → %s", (source, code) => {
    expect(failureCode(source, variables)).toBe(code);
  });
}

describe("@Count", () => {
  cases([
    ["@Count($runs)", 4],
    ["@Count($empty)", 0],
    ["@Count($text)", 12],
    ["@Count('😀')", 2],
    ["@Count(@Filter($runs, r, r.failed))", 2],
    // A query that has not answered yet is null: it counts as no rows, not an error.
    ["@Count(null)", 0],
  ]);
  refusals([
    ["@Count(3)", "not_a_list"],
    ["@Count({a: 1})", "not_a_list"],
  ]);
});

describe("@Filter", () => {
  cases([
    ["@Filter($numbers, n, n > 1)", [3, 2]],
    ["@Filter($runs, r, r.failed && r.ms > 100)", [runs[2]] as UiValue],
    ["@Filter($empty, x, false)", []],
    ["@Filter($runs, r, r.ms === null)", [runs[3]] as UiValue],
    ["@Filter(null, n, true)", []],
    ["@Sum(null)", 0],
    ["@Max(null)", null],
    // A condition that is null (unknown: a comparison with a missing field) keeps nothing, as SQL's WHERE.
    ["@Filter($numbers, n, null)", []],
    ["@Map(@Filter($runs, r, r.ms > 100), r, r.name)", ["build", "test"]],
    ["@Map(@Filter($runs, r, !(r.ms > 100)), r, r.name)", ["lint"]],
  ]);
  refusals([
    ["@Filter($numbers, n, n)", "not_a_boolean"],
    ["@Filter($text, c, true)", "not_a_list"],
  ]);
});

describe("@Map", () => {
  cases([
    ["@Map($numbers, n, n * 10)", [30, 10, 20]],
    ["@Map($runs, r, r.name)", ["build", "lint", "test", "docs"]],
    ["@Map($numbers, n, {v: n})", [{ v: 3 }, { v: 1 }, { v: 2 }]],
    ["@Map($empty, x, x)", []],
  ]);
  refusals([["@Map({}, x, x)", "not_a_list"]]);
});

describe("@Sum, @Min, @Max, @Avg", () => {
  cases([
    ["@Sum($numbers)", 6],
    ["@Sum($empty)", 0],
    ["@Sum($runs, 'ms')", 1050],
    ["@Sum([1, null, 2])", 3],
    ["@Sum([0.1, 0.2])", 0.30000000000000004],
    ["@Sum([1e308, 1e308])", null],
    ["@Min($numbers)", 1],
    ["@Max($numbers)", 3],
    ["@Min([-1, -5, 2])", -5],
    ["@Max($runs, 'ms')", 900],
    ["@Min($runs, 'ms')", 30],
    ["@Min($empty)", null],
    ["@Max([null])", null],
    ["@Avg($numbers)", 2],
    ["@Avg($runs, 'ms')", 350],
    ["@Avg($empty)", null],
    ["@Sum($runs, 'missing')", 0],
    ["@Avg($runs, 'missing')", null],
    // A null list is no rows; a null field is no field (the elements themselves).
    ["@Min(null)", null],
    ["@Avg(null, 'ms')", null],
    ["@Sum($numbers, null)", 6],
    ["@Max([null, 4, null], null)", 4],
  ]);
  refusals([
    ["@Sum(['1'])", "not_a_number"],
    ["@Sum([true])", "not_a_number"],
    ["@Sum($runs, 'name')", "not_a_number"],
    ["@Sum($numbers, 'ms')", "invalid_argument"],
    ["@Sum($runs, 1)", "not_a_string"],
    ["@Sum(1)", "not_a_list"],
    ["@Max($runs, '__proto__')", "forbidden_key"],
    ["@Min($runs, 'prototype')", "forbidden_key"],
    ["@Avg([[1]])", "not_a_number"],
  ]);
});

describe("@Join", () => {
  cases([
    ["@Join($names)", "b, A, c"],
    ["@Join($names, '')", "bAc"],
    ["@Join($names, ' | ')", "b | A | c"],
    ["@Join([1, 2.5, true, null, 'x'], '/')", "1/2.5/true//x"],
    ["@Join([1e21, 0.1], ' ')", "1e+21 0.1"],
    ["@Join($empty)", ""],
    // A null list joins to null (a label built from it is missing, not empty); a null separator is the default.
    ["@Join(null)", null],
    ["@Join(null, ' | ')", null],
    ["@Join($names, null)", "b, A, c"],
    ["@Join(@Map(@Take($runs, 3), r, r.name + '=' + r.ms), '; ')", "build=120; lint=30; test=900"],
  ]);
  refusals([
    ["@Join([[1]])", "invalid_argument"],
    ["@Join([{a: 1}])", "invalid_argument"],
    ["@Join($names, 1)", "not_a_string"],
    ["@Join('abc')", "not_a_list"],
    ["@Join(null, 1)", "not_a_string"],
  ]);
});

describe("@Round", () => {
  cases([
    ["@Round(2.5)", 3],
    ["@Round(-2.5)", -3],
    ["@Round(2.4)", 2],
    ["@Round(-0.4)", 0],
    ["@Round(1.005, 2)", 1.01],
    ["@Round(1.2345, 3)", 1.235],
    ["@Round(3.14159, 6)", 3.14159],
    ["@Round(0.1234567, 6)", 0.123457],
    ["@Round(1e-7, 6)", 0],
    ["@Round(5e-7, 6)", 0.000001],
    ["@Round(1e21, 2)", 1e21],
    ["@Round(123.456, 0)", 123],
    ["@Round(-1.005, 2)", -1.01],
    // Null rounds to null; a null precision is the default (whole numbers).
    ["@Round(null)", null],
    ["@Round(null, 2)", null],
    ["@Round($runs[3].ms / 1000, 1)", null],
    ["@Round(2.5, null)", 3],
  ]);
  refusals([
    ["@Round('1')", "not_a_number"],
    ["@Round({a: 1})", "not_a_number"],
    ["@Round([1])", "not_a_number"],
    ["@Round(null, 7)", "invalid_argument"],
    ["@Round(1, 7)", "invalid_argument"],
    ["@Round(1, -1)", "invalid_argument"],
    ["@Round(1, 1.5)", "invalid_argument"],
    ["@Round(1, '2')", "invalid_argument"],
  ]);

  it("never returns a negative zero", () => {
    expect(Object.is(run("@Round(-0.4)"), 0)).toBe(true);
  });
});

describe("@Sort", () => {
  cases([
    ["@Sort($numbers)", [1, 2, 3]],
    ["@Sort($numbers, 'desc')", [3, 2, 1]],
    ["@Sort($numbers, null, 'desc')", [3, 2, 1]],
    ["@Sort($names)", ["A", "b", "c"]],
    ["@Sort(['b', 'B', 'a', 'A'])", ["A", "a", "B", "b"]],
    ["@Sort($mixed)", [1, 2, "a", "b", false, true, [0], { k: 1 }, null]],
    ["@Sort($mixed, 'desc')", [[0], { k: 1 }, true, false, "b", "a", 2, 1, null]],
    ["@Map(@Sort($runs, 'ms'), r, r.name)", ["lint", "build", "test", "docs"]],
    ["@Map(@Sort($runs, 'ms', 'desc'), r, r.name)", ["test", "build", "lint", "docs"]],
    ["@Map(@Sort($runs, 'name'), r, r.name)", ["build", "docs", "lint", "test"]],
    ["@Map(@Sort($runs, 'failed'), r, r.name)", ["build", "docs", "lint", "test"]],
    ["@Sort($empty)", []],
    ["@Sort($numbers, 'up')", [3, 1, 2]],
    ["@Sort(null)", []],
    ["@Sort($numbers, null, null)", [1, 2, 3]],
    ["@Map(@Sort($runs, 'ms', null), r, r.name)", ["lint", "build", "test", "docs"]],
  ]);
  refusals([
    ["@Sort($numbers, 1)", "invalid_argument"],
    ["@Sort($runs, 'ms', 'sideways')", "invalid_argument"],
    ["@Sort($runs, 1, 'asc')", "invalid_argument"],
    ["@Sort($runs, 'constructor')", "forbidden_key"],
    ["@Sort('abc')", "not_a_list"],
  ]);

  it("is stable: equal keys keep their order, ascending and descending", () => {
    const rows = Array.from({ length: 50 }, (_, index) => ({ group: index % 3, index }));
    for (const order of ["asc", "desc"]) {
      const sorted = run(`@Sort($rows, 'group', '${order}')`, { rows }) as { group: number; index: number }[];
      for (let index = 1; index < sorted.length; index++) {
        const previous = sorted[index - 1]!;
        const current = sorted[index]!;
        if (previous.group === current.group) expect(previous.index).toBeLessThan(current.index);
        else expect(order === "asc" ? previous.group < current.group : previous.group > current.group).toBe(true);
      }
    }
  });

  it("does not change the list it sorts", () => {
    const numbers = [3, 1, 2];
    run("@Sort($numbers)", { numbers });
    expect(numbers).toEqual([3, 1, 2]);
  });
});

describe("@Take", () => {
  cases([
    ["@Take($numbers, 2)", [3, 1]],
    ["@Take($numbers, -2)", [1, 2]],
    ["@Take($numbers, 0)", []],
    ["@Take($numbers, -0)", []],
    ["@Take($numbers, 10)", [3, 1, 2]],
    ["@Take($numbers, -10)", [3, 1, 2]],
    ["@Take($numbers, 1.9)", [3]],
    ["@Take($numbers, -1.9)", [2]],
    // A null count (a limit not known yet) takes the whole list; a null list is no rows.
    ["@Take($numbers, null)", [3, 1, 2]],
    ["@Take(null, 2)", []],
    ["@Take(null, null)", []],
  ]);
  refusals([
    ["@Take($numbers, '1')", "not_a_number"],
    ["@Take(null, '1')", "not_a_number"],
    ["@Take('abc', 1)", "not_a_list"],
  ]);
});

describe("@Contains", () => {
  cases([
    ["@Contains($text, 'world')", true],
    ["@Contains($text, 'WORLD')", true],
    ["@Contains($text, '')", true],
    ["@Contains($text, 'planet')", false],
    ["@Contains($names, 'a')", true],
    ["@Contains($names, 'd')", false],
    ["@Contains($numbers, 2)", true],
    ["@Contains($numbers, '2')", false],
    ["@Contains($mixed, [0])", true],
    ["@Contains($mixed, {k: 1})", true],
    ["@Contains($mixed, null)", true],
    ["@Contains($empty, 1)", false],
    // Null text or a null part is null: whether it contains anything is not known.
    ["@Contains(null, 'a')", null],
    ["@Contains(null, null)", null],
    ["@Contains($text, null)", null],
    ["@Contains($runs[3].ms, 'x')", null],
    // On a list, null is an element like any other.
    ["@Contains($numbers, null)", false],
  ]);
  refusals([
    ["@Contains($text, 1)", "not_a_string"],
    ["@Contains($text, true)", "not_a_string"],
    ["@Contains(12, '1')", "not_a_list"],
  ]);
});

describe("helpers charge the budget per element", () => {
  const list = Array.from({ length: 1_000 }, (_, index) => index);
  it.each([
    "@Sum($l)",
    "@Min($l)",
    "@Count(@Filter($l, x, true))",
    "@Count(@Map($l, x, x))",
    "@Join($l)",
    "@Count(@Sort($l, 'desc'))",
    "@Count(@Take($l, -1000))",
    "@Contains($l, -1)",
  ])("%s", (source) => {
    expect(failureCode(source, { l: list }, { steps: 500 })).toBe("budget_steps");
  });

  it.each(["@Filter($l, x, true)", "@Map($l, x, x)", "@Sort($l)", "@Take($l, 1000)"])("%s reserves iterations first", (source) => {
    expect(failureCode(source, { l: list }, { iterations: 999 })).toBe("budget_iterations");
  });
});
