import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UiValueSchema } from "../expression/value";
import { UI_CATALOG } from "./catalog";
import { uiJsonListSchema } from "./json-list";
import { UI_PROP_LIMITS } from "./prop-limits";
import { UiFieldNameSchema, UiRowsSchema } from "./prop-schemas";

/** `null` as an empty list, as the zod schemas did before. */
const nullAsEmpty = (input: unknown) => (input === null ? [] : input);

/** The zod schemas the hand-written walk replaced: what it must accept, exactly. */
const REFERENCE = {
  rows: z.preprocess(nullAsEmpty, z.array(z.record(UiFieldNameSchema, UiValueSchema)).max(UI_PROP_LIMITS.rows)),
  chartRows: z.preprocess(
    nullAsEmpty,
    z
      .array(z.record(UiFieldNameSchema, UiValueSchema).refine((row) => typeof row.label === "string" || typeof row.label === "number"))
      .max(UI_PROP_LIMITS.rows),
  ),
  items: z.preprocess(nullAsEmpty, z.array(UiValueSchema).max(UI_PROP_LIMITS.rows)),
};

/**
 * The reference's verdict. Zod itself throws on a few inputs (a null-prototype
 * record whose `constructor` key holds another such record crashes its error
 * message): that is a refusal the new walk must give without throwing.
 */
function referenceVerdict(reference: z.ZodType, input: unknown): { success: true; data: unknown } | { success: false } {
  try {
    return reference.safeParse(input);
  } catch {
    return { success: false };
  }
}

const CHART_ROWS = UI_CATALOG.Chart.schema.shape.rows;
const EACH_ITEMS = UI_CATALOG.Each.schema.shape.items;

/** Keys a model or a host might write, the awkward ones included. */
const key = fc.constantFrom("label", "name", "ms", "a-b", "", "x".repeat(UI_PROP_LIMITS.token), "y".repeat(UI_PROP_LIMITS.token + 1), "constructor", "prototype", "toString", "0");

/** Values near JSON: JSON itself, and what is not quite (non-finite numbers, undefined, functions, class instances, holes). */
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.string({ maxLength: 4 }),
    fc.double(),
    fc.constantFrom(undefined, () => 1, new Date(0), new Map(), Symbol("s"), 1n),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.sparseArray(tie("value"), { maxLength: 3 }),
    fc.dictionary(key, tie("value"), { maxKeys: 4 }),
  ),
}));

/** Lists of records (mostly), of anything, and non-lists. */
const list = fc.oneof(fc.array(fc.dictionary(key, value, { maxKeys: 4 }), { maxLength: 4 }), fc.array(value, { maxLength: 4 }), value);

describe("uiJsonListSchema accepts exactly what the zod schemas it replaced accepted", () => {
  for (const [name, schema, reference] of [
    ["Table.rows", UiRowsSchema, REFERENCE.rows],
    ["Chart.rows", CHART_ROWS, REFERENCE.chartRows],
    ["Each.items", EACH_ITEMS, REFERENCE.items],
  ] as const)
    it(`${name}: same verdict and same output on generated values`, () => {
      fc.assert(
        fc.property(list, (input) => {
          const expected = referenceVerdict(reference, input);
          const actual = schema.safeParse(input);
          expect(actual.success).toBe(expected.success);
          if (actual.success && expected.success) expect(actual.data).toStrictEqual(expected.data);
        }),
        { numRuns: 2_000 },
      );
    });
});

describe("uiJsonListSchema", () => {
  it("reads null as no rows and refuses what is not a list", () => {
    expect(UiRowsSchema.parse(null)).toEqual([]);
    expect(UiRowsSchema.safeParse(undefined).success).toBe(false);
    expect(UiRowsSchema.safeParse({ 0: { a: 1 } }).success).toBe(false);
    expect(EACH_ITEMS.safeParse("abc").success).toBe(false);
  });

  it("refuses a list longer than UI_PROP_LIMITS.rows, and one with holes", () => {
    const full = Array.from({ length: UI_PROP_LIMITS.rows }, (_, index) => ({ n: index }));
    expect(UiRowsSchema.safeParse(full).success).toBe(true);
    expect(UiRowsSchema.safeParse([...full, { n: 0 }]).success).toBe(false);
    // eslint-disable-next-line no-sparse-arrays
    expect(EACH_ITEMS.safeParse([1, , 3]).success).toBe(false);
  });

  it("names the first bad item and why", () => {
    const result = UiRowsSchema.safeParse([{ a: 1 }, { a: [1, { b: Number.NaN }] }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("item 1: NaN is not a finite number");
    expect(CHART_ROWS.safeParse([{ label: "a", n: 1 }, { n: 2 }]).error?.issues[0]?.message).toBe("item 1: every chart row has a label (text or number)");
    expect(UiRowsSchema.safeParse([{ "": 1 }]).error?.issues[0]?.message).toBe("item 0: a field name is not empty");
  });

  it("refuses prototype keys at every depth, symbol keys and objects that are not plain", () => {
    expect(UiRowsSchema.safeParse(JSON.parse('[{"__proto__": {"polluted": true}}]')).success).toBe(false);
    expect(EACH_ITEMS.safeParse(JSON.parse('[{"a": {"__proto__": 1}}]')).success).toBe(false);
    expect(EACH_ITEMS.safeParse([{ a: { constructor: 1 } }]).success).toBe(false);
    expect(UiRowsSchema.safeParse([{ a: 1, [Symbol("s")]: 2 }]).success).toBe(false);
    expect(UiRowsSchema.safeParse([Object.assign(Object.create(null) as object, { a: 1 })]).success).toBe(true);
    class Row {
      a = 1;
    }
    expect(UiRowsSchema.safeParse([new Row()]).success).toBe(false);
    expect(EACH_ITEMS.safeParse([[new Date(0)]]).success).toBe(false);
    // The zod schema this replaced threw a TypeError on this one instead of refusing it.
    const bare = Object.assign(Object.create(null) as object, { constructor: Object.assign(Object.create(null) as object, { name: Object.create(null) as object }) });
    expect(() => REFERENCE.items.safeParse([bare])).toThrow(TypeError);
    expect(EACH_ITEMS.safeParse([bare]).success).toBe(false);
    expect(({}) as Record<string, unknown>).not.toHaveProperty("polluted");
  });

  it("returns a deep copy that shares nothing with its input, keys in order", () => {
    const input = [{ b: 1, a: { list: [1, 2], note: "x" } }];
    const output = UiRowsSchema.parse(input);
    expect(output).toStrictEqual(input);
    expect(Object.keys(output[0]!)).toEqual(["b", "a"]);
    expect(output).not.toBe(input);
    expect(output[0]).not.toBe(input[0]);
    expect(output[0]!.a).not.toBe(input[0]!.a);
    expect((output[0]!.a as { list: number[] }).list).not.toBe(input[0]!.a.list);
  });

  it("copies deeply nested values it is given", () => {
    let deep: unknown = 1;
    for (let depth = 0; depth < 200; depth += 1) deep = { a: [deep] };
    expect(EACH_ITEMS.parse([deep])).toStrictEqual([deep]);
  });

  it("keeps the catalog's own rules on top: series must be numeric fields of the rows", () => {
    expect(UI_CATALOG.Chart.schema.safeParse({ kind: "bar", rows: [{ label: "a", n: 1 }], series: ["n"] }).success).toBe(true);
    expect(UI_CATALOG.Chart.schema.safeParse({ kind: "bar", rows: [{ label: "a", n: "1" }], series: ["n"] }).success).toBe(false);
  });

  it("a records list can add its own rule per item", () => {
    const schema = uiJsonListSchema<{ [key: string]: number }>({ items: "records", itemRule: (row) => (Object.keys(row).length === 0 ? "empty" : undefined) });
    expect(schema.safeParse([{ a: 1 }]).success).toBe(true);
    expect(schema.safeParse([{}]).error?.issues[0]?.message).toBe("item 0: empty");
  });
});
