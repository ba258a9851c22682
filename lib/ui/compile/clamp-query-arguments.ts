/**
 * Query arguments that bend instead of breaking: a number past the range its
 * source's schema allows (`limit: 500` where the schema says `.max(100)`) is
 * moved to the nearest bound, and only then is the value checked. The bounds
 * are read from the schema's own range issues (zod's `too_big` / `too_small`
 * on a number, inclusive), never from a hand-kept list, so every numeric
 * argument with a range bends and every other mistake (a wrong type, a
 * misspelt name, a fraction where an integer is due, an exclusive bound)
 * stays a refusal. The compiler reports each clamp as a diagnostic; the
 * query route applies the same function silently, so both agree on the
 * value a block's query is read with.
 */
import type { z } from "zod";

/** One argument moved into its range. */
export type UiQueryArgumentClamp = {
  /** Where the argument stands in the arguments object (`["limit"]`). */
  path: (string | number)[];
  /** What was written. */
  value: number;
  /** What is used instead: the bound it was past. */
  clamped: number;
  /** Which bound: `maximum` when the value was too big. */
  bound: "minimum" | "maximum";
};

/** What {@link clampUiQueryArguments} found: the parsed arguments and their clamps, or the schema's refusal. */
export type UiClampedQueryArguments<Output> =
  | { success: true; data: Output; clamps: UiQueryArgumentClamp[] }
  | { success: false; error: z.ZodError };

/** Zod's origins of a range issue on a number (`z.number().max()`, and `z.int()`'s own bounds). */
const NUMBER_ORIGINS: ReadonlySet<string> = new Set(["number", "int"]);

/** The number at `path` of `value`, or undefined. */
function numberAt(value: unknown, path: readonly PropertyKey[]): number | undefined {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null || typeof key === "symbol" || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return typeof current === "number" && Number.isFinite(current) ? current : undefined;
}

/** A copy of `value` with `replacement` at `path` (copied along the path only; the rest is shared). */
function withNumberAt(value: unknown, path: readonly (string | number)[], replacement: number): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  const inner = (value as Record<string | number, unknown>)[key];
  if (Array.isArray(value)) return value.map((item, index) => (index === key ? withNumberAt(inner, rest, replacement) : item));
  return { ...(value as Record<string, unknown>), [key]: withNumberAt(inner, rest, replacement) };
}

/** The clamp a range issue asks for, or undefined when it is no inclusive bound on a finite number of `value`. */
function clampOf(issue: z.core.$ZodIssue, value: unknown): UiQueryArgumentClamp | undefined {
  if (issue.code !== "too_big" && issue.code !== "too_small") return undefined;
  if (!NUMBER_ORIGINS.has(issue.origin) || issue.inclusive === false) return undefined;
  const path = issue.path.filter((key): key is string | number => typeof key !== "symbol");
  if (path.length !== issue.path.length) return undefined;
  const written = numberAt(value, path);
  const bound = Number(issue.code === "too_big" ? issue.maximum : issue.minimum);
  if (written === undefined || !Number.isFinite(bound)) return undefined;
  return { path, value: written, clamped: bound, bound: issue.code === "too_big" ? "maximum" : "minimum" };
}

/** The tighter of two clamps of one argument (a schema may carry several bounds on one side). */
function tighter(left: UiQueryArgumentClamp, right: UiQueryArgumentClamp): UiQueryArgumentClamp {
  if (left.bound !== right.bound) return left;
  return (left.bound === "maximum" ? right.clamped < left.clamped : right.clamped > left.clamped) ? right : left;
}

/**
 * Checks `value` against `schema`, first moving every number past an
 * inclusive bound of the schema to that bound (see the file comment). Never
 * throws: a value that still does not fit is the schema's error.
 */
export function clampUiQueryArguments<Schema extends z.ZodType>(schema: Schema, value: unknown): UiClampedQueryArguments<z.output<Schema>> {
  const first = schema.safeParse(value);
  if (first.success) return { success: true, data: first.data, clamps: [] };
  const byPath = new Map<string, UiQueryArgumentClamp>();
  for (const issue of first.error.issues) {
    const clamp = clampOf(issue, value);
    if (!clamp) continue;
    const key = JSON.stringify(clamp.path);
    const known = byPath.get(key);
    byPath.set(key, known ? tighter(known, clamp) : clamp);
  }
  if (byPath.size === 0) return { success: false, error: first.error };
  const clamps = [...byPath.values()];
  let clamped = value;
  for (const clamp of clamps) clamped = withNumberAt(clamped, clamp.path, clamp.clamped);
  const second = schema.safeParse(clamped);
  return second.success ? { success: true, data: second.data, clamps } : { success: false, error: second.error };
}

/** `limit 500 is past commits' cap; 100 is used`: a clamp in the words the compiler's diagnostic carries. */
export function describeUiQueryClamp(source: string, clamp: UiQueryArgumentClamp): string {
  const name = clamp.path.map(String).join(".");
  const owner = source.endsWith("s") ? `${source}'` : `${source}'s`;
  return clamp.bound === "maximum"
    ? `${name} ${clamp.value} is past ${owner} cap; ${clamp.clamped} is used`
    : `${name} ${clamp.value} is below ${owner} minimum; ${clamp.clamped} is used`;
}
