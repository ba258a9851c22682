import { describe, expect, it } from "vitest";
import { failureCode, run } from "./test-support";
import type { UiRecord, UiValue } from "./value";

const billing: UiRecord = { name: "billing", owner: "ana", failed: true };
const search: UiRecord = { name: "search", owner: "bo", failed: false };
const auth: UiRecord = { name: "auth", owner: "ana", failed: false };
const orders: UiRecord = { name: "orders", failed: true };
const profile: UiRecord = { name: "profile", owner: "cy", failed: true };
const cart: UiRecord = { name: "cart", owner: "bo", failed: true };
const tests: UiRecord[] = [billing, search, auth, orders, profile, cart];
const variables: Record<string, UiValue> = {
  tests,
  keys: [1, "1", true, null, 1, [1, 2], [1, 2], { a: 1, b: 2 }, { b: 2, a: 1 }, 0, -0],
  empty: [],
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

describe("@Group", () => {
  cases([
    [
      '@Group($tests, "owner")',
      [
        { key: "ana", count: 2, rows: [billing, auth] },
        { key: "bo", count: 2, rows: [search, cart] },
        // A row without the field is in the null group, so the counts add up.
        { key: null, count: 1, rows: [orders] },
        { key: "cy", count: 1, rows: [profile] },
      ],
    ],
    [
      '@Group($tests, "failed")',
      [
        { key: true, count: 4, rows: [billing, orders, profile, cart] },
        { key: false, count: 2, rows: [search, auth] },
      ],
    ],
    ['@Map(@Group($tests, "owner"), g, g.key + ": " + g.count)', ["ana: 2", "bo: 2", null, "cy: 1"]],
    ['@Sort(@Group(@Filter($tests, t, t.failed), "owner"), "count", "desc")[0].key', "ana"],
    [
      "@Group($keys)",
      [
        { key: 1, count: 2, rows: [1, 1] },
        { key: "1", count: 1, rows: ["1"] },
        { key: true, count: 1, rows: [true] },
        { key: null, count: 1, rows: [null] },
        { key: [1, 2], count: 2, rows: [[1, 2], [1, 2]] },
        { key: { a: 1, b: 2 }, count: 2, rows: [{ a: 1, b: 2 }, { b: 2, a: 1 }] },
        // 0 === -0, and rows are the elements as they were.
        { key: 0, count: 2, rows: [0, -0] },
      ],
    ],
    ['@Group([1, {owner: "x"}], "owner")', [{ key: null, count: 1, rows: [1] }, { key: "x", count: 1, rows: [{ owner: "x" }] }]],
    ['@Group($empty, "owner")', []],
    // A query not answered yet is no rows, as for the other list helpers; a null field is no field.
    ['@Group(null, "owner")', []],
    ["@Group([2, 2], null)", [{ key: 2, count: 2, rows: [2, 2] }]],
  ]);
  refusals([
    ['@Group("tests", "owner")', "not_a_list"],
    ['@Group({owner: "ana"}, "owner")', "not_a_list"],
    ["@Group($tests, 1)", "not_a_string"],
    ['@Group($tests, "__proto__")', "forbidden_key"],
    ['@Group(null, "constructor")', "forbidden_key"],
  ]);
});

describe("@Unique", () => {
  cases([
    ['@Unique($tests, "owner")', ["ana", "bo", "cy"]],
    ['@Unique($tests, "failed")', [true, false]],
    ["@Unique($keys)", [1, "1", true, [1, 2], { a: 1, b: 2 }, 0]],
    ['@Count(@Unique($tests, "owner"))', 3],
    ['@Join(@Unique(@Map($tests, t, t.owner)), " / ")', "ana / bo / cy"],
    ['@Unique($tests, "missing")', []],
    ['@Unique(null, "owner")', []],
  ]);
  refusals([
    ['@Unique(3, "owner")', "not_a_list"],
    ["@Unique($tests, false)", "not_a_string"],
    ['@Unique($tests, "prototype")', "forbidden_key"],
  ]);
});

describe("the budget of @Group and @Unique", () => {
  const many = Array.from({ length: 50 }, (_, index) => ({ owner: `o${index % 5}` }));

  it("reserves an iteration per element before it allocates", () => {
    expect(failureCode('@Group($many, "owner")', { many }, { iterations: 49 })).toBe("budget_iterations");
    expect(failureCode('@Unique($many, "owner")', { many }, { iterations: 49 })).toBe("budget_iterations");
    expect(run('@Count(@Group($many, "owner"))', { many }, { iterations: 50 })).toBe(5);
  });

  it("charges a step per element", () => {
    expect(failureCode('@Unique($many, "owner")', { many }, { steps: 50 })).toBe("budget_steps");
  });

  it("measures the rows it builds like any built value", () => {
    // Each group's rows hold the same large row: cheap to group, huge to render.
    const wide = { owner: "x", cells: Array.from({ length: 400 }, (_, index) => index) };
    const rows = Array.from({ length: 40 }, () => wide);
    expect(failureCode('@Group($rows, "owner")', { rows }, { steps: 10_000 })).toBe("budget_output");
  });

  it("compares list and record keys by content, within the step budget", () => {
    const lists = Array.from({ length: 300 }, (_, index) => ({ key: [index] }));
    expect(failureCode('@Group($lists, "key")', { lists }, { steps: 5_000 })).toBe("budget_steps");
    expect(run('@Count(@Unique($lists, "key"))', { lists })).toBe(300);
  });
});
