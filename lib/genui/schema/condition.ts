/**
 * `visibleWhen`: the condition any node may carry, and the field names and
 * values it compares. Shared by the node schemas, the parser and `isVisible`.
 */
import { z } from "zod";
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";

/** Keys refused everywhere a name becomes an object key (fields, payloads). */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** A control's field name: 1–128 characters, never a prototype key. */
export const GenuiFieldNameSchema = z
  .string()
  .min(1)
  .max(GENUI_BUDGETS.fieldNameLength)
  .refine((name) => !FORBIDDEN_KEYS.has(name), { message: "forbidden field name" });

/** A value a condition compares a field with: what a control can hold. */
export const GenuiConditionValueSchema = z.union([z.string().max(GENUI_LIMITS.stringLength), z.number(), z.boolean()]);

/** A value a condition compares a field with. */
export type GenuiConditionValue = z.infer<typeof GenuiConditionValueSchema>;

/** The equality tests, in the order that decides which one survives when several are sent. */
export const EQUALITY_TESTS = ["equals", "in", "not"] as const;

/** The range tests; every one present must hold. */
export const RANGE_TESTS = ["gt", "gte", "lt", "lte"] as const;

/**
 * A node's visibility condition: one equality test (`equals`, `in` or `not`)
 * or any combination of range tests (`gt`, `gte`, `lt`, `lte`), never both.
 */
export const GenuiConditionSchema = z
  .object({
    field: GenuiFieldNameSchema,
    equals: GenuiConditionValueSchema.optional(),
    in: z.array(GenuiConditionValueSchema).max(GENUI_BUDGETS.conditionValues).optional(),
    not: GenuiConditionValueSchema.optional(),
    gt: z.number().optional(),
    gte: z.number().optional(),
    lt: z.number().optional(),
    lte: z.number().optional(),
  })
  .refine(
    (condition) => {
      const equality = EQUALITY_TESTS.filter((test) => condition[test] !== undefined).length;
      const range = RANGE_TESTS.filter((test) => condition[test] !== undefined).length;
      return (equality === 1 && range === 0) || (equality === 0 && range > 0);
    },
    { message: "one equality test or one or more range tests" },
  );

/** A node's visibility condition; see `GenuiConditionSchema`. */
export type GenuiCondition = z.infer<typeof GenuiConditionSchema>;

/** The value of every field the user has touched: strings, numbers (slider, number) or booleans (checkbox, switch). */
export const GenuiFieldValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** Field name → current value, for the fields the user has touched. */
export type GenuiFieldValues = z.infer<typeof GenuiFieldValuesSchema>;

/** One field's value. */
export type GenuiFieldValue = GenuiFieldValues[string];
