import { z } from "zod";

/** A finite JSON value: what every expression produces and every state variable holds. */
export type UiValue = null | boolean | number | string | UiValue[] | { [key: string]: UiValue };

/** A record of `UiValue`s (a JSON object). */
export type UiRecord = { [key: string]: UiValue };

/** Names that are never read, written or declared: they reach a JavaScript object's prototype. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** True when a field or variable name may be used; `__proto__`, `constructor` and `prototype` may not. */
export function safeKey(key: string): boolean {
  // Three comparisons, not a Set lookup: this runs for every key of every record a list prop copies.
  return key !== "__proto__" && key !== "constructor" && key !== "prototype";
}

/** Zod schema of a finite JSON value with no forbidden keys (the wire form of `UiValue`). */
export const UiValueSchema: z.ZodType<UiValue> = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number().finite(),
    z.string(),
    z.array(UiValueSchema),
    z.record(z.string().refine(safeKey, "forbidden key"), UiValueSchema),
  ]),
);
