/**
 * Property tests: whatever arrives — any JSON value, any string, any
 * expression tree — the library ends with a value or a `UiFailure`, within
 * its budget.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UiFailure } from "../failure";
import type { UiLimits } from "../limits";
import type { UiBinaryOperator, UiExpression, UiHelperName } from "./ast";
import { UiBudget } from "./budget";
import { copyUiValue } from "./copy";
import { evaluateUiExpression } from "./evaluate";
import { parseUiExpression } from "./parse";
import { FORBIDDEN_KEYS, type UiValue } from "./value";

const range = { start: 0, end: 0 };

/** Bounds small enough that a hundred random runs stay quick, with a clock that never decides. */
const LIMITS: UiLimits = { steps: 20_000, iterations: 2_000, elapsedMs: 60_000 };

const VARIABLES: Record<string, UiValue> = {
  n: 3,
  zero: 0,
  text: "Hello",
  flag: true,
  nothing: null,
  list: [3, 1, 2],
  words: ["b", "A", "c"],
  rows: [
    { name: "a", ms: 10, failed: true },
    { name: "b", ms: null, failed: false },
  ],
  record: { a: 1, "b-c": [1, 2] },
  // Large enough that nested helpers over it run into the iteration and output bounds.
  big: Array.from({ length: 700 }, (_, index) => index),
};

/** Either a value or a failure code: the only two ways an evaluation may end. */
type Outcome = { value: UiValue } | { code: string };

function outcomeOf(action: () => UiValue): Outcome {
  try {
    return { value: action() };
  } catch (caught) {
    if (caught instanceof UiFailure) return { code: caught.code };
    throw caught;
  }
}

/** True for a finite JSON value without negative zeros or holes (checked without recursion limits mattering: values are shallow). */
function isFiniteJson(value: unknown): boolean {
  if (value === null || typeof value === "boolean" || typeof value === "string") return true;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.length === Object.keys(value).length && value.every(isFiniteJson);
  if (typeof value === "object") return Object.values(value).every(isFiniteJson);
  return false;
}

function withoutNegativeZero(value: unknown): unknown {
  if (typeof value === "number") return value === 0 ? 0 : value;
  if (Array.isArray(value)) return value.map(withoutNegativeZero);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutNegativeZero(entry)]));
  }
  return value;
}

function hasForbiddenKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasForbiddenKey);
  if (typeof value === "object" && value !== null) {
    return Object.keys(value).some((key) => FORBIDDEN_KEYS.has(key)) || Object.values(value).some(hasForbiddenKey);
  }
  return false;
}

describe("copyUiValue properties", () => {
  it("round-trips any JSON value (negative zero normalised)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), (value) => {
        const outcome = outcomeOf(() => copyUiValue(value));
        if (hasForbiddenKey(value)) expect(outcome).toEqual({ code: "forbidden_key" });
        else expect(outcome).toEqual({ value: withoutNegativeZero(value) });
      }),
      { numRuns: 300 },
    );
  });

  it("round-trips JSON text through JSON.parse, including unicode", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6, stringUnit: "binary" }), (value) => {
        const parsed: unknown = JSON.parse(JSON.stringify(value));
        const outcome = outcomeOf(() => copyUiValue(parsed));
        if ("value" in outcome) expect(JSON.stringify(outcome.value)).toBe(JSON.stringify(parsed));
        else expect(outcome.code).toBe("forbidden_key");
      }),
      { numRuns: 200 },
    );
  });

  it("ends on anything at all with a value or a UiFailure", () => {
    fc.assert(
      fc.property(fc.anything({ withMap: true, withSet: true, withDate: true, withBigInt: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withBoxedValues: true }), (value) => {
        const outcome = outcomeOf(() => copyUiValue(value));
        if ("value" in outcome) expect(isFiniteJson(outcome.value)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseUiExpression properties", () => {
  it.each([
    ["printable", fc.string({ maxLength: 60 })],
    ["any code units", fc.string({ unit: "binary", maxLength: 60 })],
    [
      "expression-like text",
      fc
        .array(
          fc.constantFrom(
            "1", "-2.5", "1e3", "'a'", '"b\\n"', "$n", "$list", "$rows", "x", "row", "true", "null", "(", ")", "[", "]", "{", "}",
            ",", ":", "a:", "+", "-", "*", "/", "%", "===", "==", "!=", "<", ">=", "&&", "||", "!", "?", ".", "?.", "name",
            "@Count(", "@Filter(", "@Map(", "@Sum(", "@Join(", "@Sort(", "@Format(", "@Today()", "@AddDays(", "@Group(", "@Set(", "@Query(", "__proto__", "=", "`", "\\",
          ),
          { maxLength: 30 },
        )
        .map((tokens) => tokens.join(" ")),
    ],
  ])("throws nothing but UiFailure on %s", (_, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, (source) => {
        const outcome = outcomeOf(() => {
          const budget = new UiBudget(LIMITS);
          return evaluateUiExpression(parseUiExpression(source, budget), VARIABLES, budget);
        });
        if ("value" in outcome) expect(isFiniteJson(outcome.value)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

const HELPERS: UiHelperName[] = [
  "Count", "Filter", "Sum", "Join", "Round", "Map", "Sort", "Take", "Min", "Max", "Avg", "Contains", "Format",
  "Today", "DaysBetween", "AddDays", "StartOf", "Group", "Unique", "Set", "Reset", "Query",
];
const BINARY: UiBinaryOperator[] = ["+", "-", "*", "/", "%", "===", "!==", "<", "<=", ">", ">=", "&&", "||"];

/** Random expression trees, including ones the parser would refuse (wrong arity, unbound locals, non-finite literals). */
const { expression } = fc.letrec<{ expression: UiExpression }>((tie) => ({
  expression: fc.oneof(
    { maxDepth: 6, depthSize: "small" },
    fc.oneof(
      fc.oneof(fc.constant(null), fc.boolean(), fc.double(), fc.integer({ min: -3, max: 5 }), fc.constantFrom("", "a", "name", "ms", "desc", "date", "percent", "__proto__", "currency:EUR", "2025-03-14", "week"))
        .map((value): UiExpression => ({ kind: "literal", value, range })),
      fc.constantFrom(...Object.keys(VARIABLES), "missing").map((name): UiExpression => ({ kind: "variable", name, range })),
      fc.constantFrom("x", "y").map((name): UiExpression => ({ kind: "local", name, range })),
    ),
    fc.array(tie("expression"), { maxLength: 4 }).map((items): UiExpression => ({ kind: "array", items, range })),
    fc
      .array(fc.tuple(fc.constantFrom("a", "name", "b-c", "constructor"), tie("expression")), { maxLength: 3 })
      .map((entries): UiExpression => ({ kind: "object", entries: entries.map(([key, value]) => ({ key, value })), range })),
    fc
      .tuple(tie("expression"), fc.oneof(tie("expression"), fc.constantFrom("name", "ms", "a", 0, 1, "length", "prototype").map((value): UiExpression => ({ kind: "literal", value, range }))))
      .map(([object, property]): UiExpression => ({ kind: "member", object, property, range })),
    fc.tuple(fc.constantFrom("-", "!") , tie("expression")).map(([operator, argument]): UiExpression => ({ kind: "unary", operator: operator as "-" | "!", argument, range })),
    fc.tuple(fc.constantFrom(...BINARY), tie("expression"), tie("expression")).map(([operator, left, right]): UiExpression => ({ kind: "binary", operator, left, right, range })),
    fc.tuple(tie("expression"), tie("expression"), tie("expression")).map(([test, consequent, alternate]): UiExpression => ({ kind: "conditional", test, consequent, alternate, range })),
    fc
      .tuple(fc.constantFrom(...HELPERS), tie("expression"), fc.constantFrom("x", "y"), fc.array(tie("expression"), { maxLength: 2 }), fc.boolean())
      .map(([helper, list, name, rest, bindsName]): UiExpression => ({
        kind: "call",
        helper,
        arguments: bindsName ? [list, { kind: "local", name, range }, ...rest] : [list, ...rest],
        range,
      })),
  ),
}));

/** Prints a tree as source, fully parenthesised, so the parser can read it back. */
function print(node: UiExpression): string {
  switch (node.kind) {
    case "literal":
      return typeof node.value === "number" ? `(${Number.isFinite(node.value) ? String(node.value === 0 ? 0 : node.value) : "null"})` : JSON.stringify(node.value);
    case "variable":
      return `$${node.name}`;
    case "local":
      return node.name;
    case "array":
      return `[${node.items.map(print).join(", ")}]`;
    case "object":
      return `{${node.entries.map((entry) => `${JSON.stringify(entry.key)}: ${print(entry.value)}`).join(", ")}}`;
    case "member":
      return `(${print(node.object)})[${print(node.property)}]`;
    case "unary":
      return `(${node.operator}${print(node.argument)})`;
    case "binary":
      return `(${print(node.left)} ${node.operator} ${print(node.right)})`;
    case "conditional":
      return `(${print(node.test)} ? ${print(node.consequent)} : ${print(node.alternate)})`;
    case "call":
      return `@${node.helper}(${node.arguments.map(print).join(", ")})`;
  }
}

describe("evaluateUiExpression properties", () => {
  it("ends every random tree with a finite JSON value or a UiFailure, within the budget", () => {
    fc.assert(
      fc.property(expression, (ast) => {
        const budget = new UiBudget(LIMITS);
        const outcome = outcomeOf(() => evaluateUiExpression(ast, VARIABLES, budget));
        if ("value" in outcome) expect(isFiniteJson(outcome.value)).toBe(true);
        expect(budget.steps).toBeLessThanOrEqual(LIMITS.steps! + 1_000);
        expect(budget.iterations).toBeLessThanOrEqual(LIMITS.iterations! + 1_000);
      }),
      { numRuns: 1_000 },
    );
  });

  it("evaluates a printed tree read back by the parser as it evaluates the tree", () => {
    fc.assert(
      fc.property(expression, (ast) => {
        let parsed: UiExpression;
        try {
          parsed = parseUiExpression(print(ast));
        } catch (caught) {
          // The parser refuses what evaluation would (arity, bare names, forbidden keys, depth) earlier.
          expect(caught).toBeInstanceOf(UiFailure);
          return;
        }
        const direct = outcomeOf(() => evaluateUiExpression(ast, VARIABLES, new UiBudget(LIMITS)));
        const reparsed = outcomeOf(() => evaluateUiExpression(parsed, VARIABLES, new UiBudget(LIMITS)));
        // Folding `-literal` saves a step, so the two may differ right at the step limit.
        if ("code" in direct && direct.code === "budget_steps") return;
        if ("code" in reparsed && reparsed.code === "budget_steps") return;
        expect(reparsed).toEqual(direct);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("null properties", () => {
  const ORDERING_AND_ARITHMETIC = BINARY.filter((operator) => !["===", "!==", "&&", "||"].includes(operator));
  const literal = (value: null | boolean | number | string): UiExpression => ({ kind: "literal", value, range });
  /** The other operand as a node, with the kind of value it evaluates to (`-0`, NaN and infinities become numbers or null as literals do). */
  const operand = fc.oneof(
    fc.oneof(fc.constant(null), fc.double(), fc.string({ maxLength: 8 }), fc.boolean()).map((value) => ({ node: literal(value), value })),
    fc.constant({ node: { kind: "array", items: [literal(1)], range } as UiExpression, value: [1] as UiValue }),
    fc.constant({ node: { kind: "object", entries: [{ key: "a", value: literal(1) }], range } as UiExpression, value: { a: 1 } as UiValue }),
  );

  it("an arithmetic or ordering operator with a null operand is null, unless the other operand is one it never takes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDERING_AND_ARITHMETIC),
        operand,
        fc.boolean(),
        (operator, { node, value: other }, nullFirst) => {
          const [left, right] = nullFirst ? [literal(null), node] : [node, literal(null)];
          const outcome = outcomeOf(() => evaluateUiExpression({ kind: "binary", operator, left, right, range }));
          const numericOnly = operator === "-" || operator === "*" || operator === "/" || operator === "%";
          const taken = other === null || typeof other === "number" || (typeof other === "string" && !numericOnly);
          expect(outcome).toEqual(taken ? { value: null } : { code: "type_mismatch" });
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Sources built to blow up: helpers nested over a large list, strings doubled, values repeated. */
const blowup: fc.Arbitrary<string> = fc.letrec<{ source: string }>((tie) => ({
  source: fc.oneof(
    { maxDepth: 4, depthSize: "medium" },
    fc.constantFrom("$big", "x", "'abcdefghij'", "$rows", "[x, x]", "1"),
    tie("source").map((inner) => `@Map($big, x, ${inner})`),
    tie("source").map((inner) => `@Filter($big, x, @Count([${inner}]) > 0)`),
    tie("source").map((inner) => `@Map(${inner}, y, {a: y, all: $big})`),
    tie("source").map((inner) => `@Join(@Map($big, x, ${inner}), '')`),
    tie("source").map((inner) => `@Sort(@Map($big, x, ${inner}), 'desc')`),
    tie("source").map((inner) => `[${inner}, ${inner}, ${inner}]`),
    fc.tuple(tie("source"), tie("source")).map(([left, right]) => `(${left} + ${right})`),
    tie("source").map((inner) => `(${inner} === ${inner})`),
  ),
})).source;

describe("budget properties", () => {
  it("ends every blow-up quickly with a value or a budget refusal, under the default limits", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(blowup, (source) => {
        const started = performance.now();
        const outcome = outcomeOf(() => {
          const budget = new UiBudget();
          return evaluateUiExpression(parseUiExpression(source, budget), { big: VARIABLES.big ?? [], rows: VARIABLES.rows ?? [] }, budget);
        });
        // The default time limit is UI_LIMITS.elapsedMs; the bound here allows for a cold JIT on a busy machine.
        expect(performance.now() - started).toBeLessThan(2_000);
        if ("value" in outcome) expect(isFiniteJson(outcome.value)).toBe(true);
        else seen.add(outcome.code);
      }),
      { numRuns: 150 },
    );
    // The generator does reach the bounds it is meant to test.
    expect([...seen].some((code) => code.startsWith("budget_"))).toBe(true);
  });
});
