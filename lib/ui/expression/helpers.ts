/**
 * The value helpers: the reference's five (`@Count`, `@Filter`, `@Sum`,
 * `@Join`, `@Round`) and catalog 1's additions (`@Map`, `@Sort`, `@Take`,
 * `@Min`, `@Max`, `@Avg`, `@Contains`, `@Format`); the date helpers
 * (date-helpers.ts) and `@Group`/`@Unique` (group-helpers.ts) join the same
 * table. Each charges a step per
 * element it visits and reserves iterations before it allocates a list.
 * `@Set`/`@Reset` (actions) and `@Query` (declarations) are not values and are
 * refused here; `uiActionKind` and `uiQueryCall` recognise them where they
 * belong.
 *
 * Decisions where the language page is silent (the catalog descriptions tell
 * the model the same):
 * - `@Count` of a string counts UTF-16 units, like every range in the library.
 * - Aggregates (`@Sum`, `@Min`, `@Max`, `@Avg`) skip nulls (a missing field);
 *   any other non-number is refused. An empty input sums to 0; `@Min`, `@Max`
 *   and `@Avg` of nothing are null.
 * - `@Join` writes numbers in their shortest form, booleans as `true`/`false`
 *   and null as nothing; the separator defaults to `", "`.
 * - `@Round` rounds half away from zero on the decimal digits as written
 *   (`@Round(1.005, 2)` is 1.01).
 * - `@Sort` is stable. Ascending order: numbers, then strings (ignoring case,
 *   ties by UTF-16 units), then booleans (false first), then lists and records
 *   (kept in input order); nulls and missing fields always come last, also
 *   descending. With two arguments, `"asc"`/`"desc"` is the order, anything
 *   else the field.
 * - `@Take(list, n)` truncates n toward zero; a negative n takes the last |n|.
 * - `@Contains(text, part)` ignores case. On a list it is membership: an
 *   element equal to `part` by `===`, strings again ignoring case.
 * - Null (a missing field, a query that has not answered) never makes a
 *   helper fail. A null list is no rows for the helpers that return a list or
 *   a count (`@Count`, `@Filter`, `@Map`, `@Sort`, `@Take` give 0 or []) and
 *   for the aggregates (`@Sum` 0, `@Min`/`@Max`/`@Avg` null); whether no rows
 *   means "none" or "not known yet" is the block's to say (lib/ui/evaluate
 *   marks what reads an unanswered query as loading). The helpers that make a
 *   number or text of their main argument propagate it: `@Round(null)`,
 *   `@Format(null, …)`, `@Join(null)` and `@Contains(null, …)` (also
 *   `@Contains(text, null)`) are null. A `@Filter` condition that is null
 *   (unknown: `r.ms > 100` on a row without `ms`) keeps nothing, as SQL's
 *   WHERE. A null optional argument is its default: `@Round`'s precision (0),
 *   `@Join`'s separator, `@Format`'s style ("number"), `@Sort`'s field and
 *   order, the field of an aggregate, and `@Take`'s count (the whole list).
 *   A real value of the wrong type is still refused, also next to a null
 *   (`@Round(null, 7)`, `@Format(null, "money")`).
 * - See format.ts for the `@Format` styles.
 */
import type { UiHelperName } from "./ast";
import type { UiHelperContext } from "./context";
import { UI_DATE_HELPERS } from "./date-helpers";
import { UI_GROUP_HELPERS } from "./group-helpers";
import { uiValuesEqual } from "./equal";
import { checkUiFormatStyle, formatUiValue } from "./format";
import { isUiRecord, readOwnField, readOwnIndex, uiValueKind } from "./read";
import { safeKey, type UiRecord, type UiValue } from "./value";

/** String work (case folding, searching, joining) is native and fast: one step per this many UTF-16 units. */
export const UI_STRING_UNITS_PER_STEP = 64;

/** The largest `@Round` precision: beyond six decimals doubles stop being exact enough to promise the digits. */
export const UI_ROUND_MAX_DIGITS = 6;

/** The default `@Join` separator: the result is read by people. */
export const UI_JOIN_SEPARATOR = ", ";

/** Helpers that produce values (everything but actions and queries). */
export type UiValueHelperName = Exclude<UiHelperName, "Set" | "Reset" | "Query">;

type Helper = (context: UiHelperContext) => UiValue;

function finiteOrNull(number: number): number | null {
  if (!Number.isFinite(number)) return null;
  return number === 0 ? 0 : number;
}

function stringSteps(length: number): number {
  return 1 + Math.floor(length / UI_STRING_UNITS_PER_STEP);
}

/** What a list argument that is `null` stands for: no rows (the block, not the helper, tells "loading" from "none"). */
const NO_ROWS: readonly UiValue[] = Object.freeze([]);

function listArgument(context: UiHelperContext, index: number): readonly UiValue[] {
  const value = context.argument(index);
  if (value === null) return NO_ROWS;
  if (!Array.isArray(value)) throw context.fail("not_a_list", `@${context.call.helper} takes a list, not ${uiValueKind(value)}`);
  return value;
}

/** An optional string argument: `fallback` when it is not written or is null (a null optional argument is its default). */
function optionalStringArgument(context: UiHelperContext, index: number, what: string, fallback: string): string;
function optionalStringArgument(context: UiHelperContext, index: number, what: string, fallback: null): string | null;
function optionalStringArgument(context: UiHelperContext, index: number, what: string, fallback: string | null): string | null {
  if (context.argumentCount <= index) return fallback;
  const value = context.argument(index);
  if (value === null) return fallback;
  if (typeof value !== "string") throw context.fail("not_a_string", `${what} is a string, not ${uiValueKind(value)}`);
  return value;
}

/** The bound name of `@Filter`/`@Map` (the parser guarantees a `local` node). */
function boundName(context: UiHelperContext): string {
  const node = context.call.arguments[1];
  if (node?.kind !== "local") throw context.fail("syntax", `@${context.call.helper}'s second argument is a bare name`);
  return node.name;
}

/**
 * Visits the numbers of `@Sum`-like calls: the list's elements, or with a
 * field argument that field of each record. Nulls are skipped.
 */
function forEachNumber(context: UiHelperContext, visit: (number: number) => void): void {
  const list = listArgument(context, 0);
  const helper = context.call.helper;
  const field = optionalStringArgument(context, 1, `@${helper}'s field`, null);
  if (field !== null && !safeKey(field)) throw context.fail("forbidden_key", JSON.stringify(field));
  for (let index = 0; index < list.length; index++) {
    context.budget.step();
    const element = readOwnIndex(list, index);
    let value = element;
    if (field !== null) {
      if (!isUiRecord(element)) throw context.fail("invalid_argument", `@${helper} with a field takes a list of records`);
      value = readOwnField(element, field);
    }
    if (value === null) continue;
    if (typeof value !== "number") throw context.fail("not_a_number", `@${helper} adds numbers, not ${uiValueKind(value)}`);
    visit(value);
  }
}

function count(context: UiHelperContext): UiValue {
  const value = context.argument(0);
  if (typeof value === "string" || Array.isArray(value)) return value.length;
  if (value === null) return 0;
  throw context.fail("not_a_list", `@Count takes a list or a string, not ${uiValueKind(value)}`);
}

function filter(context: UiHelperContext): UiValue {
  const list = listArgument(context, 0);
  const name = boundName(context);
  context.budget.iterate(list.length);
  const kept: UiValue[] = [];
  for (let index = 0; index < list.length; index++) {
    context.budget.step();
    const element = readOwnIndex(list, index);
    const keep = context.argumentWith(2, name, element);
    // An unknown condition (null) keeps nothing.
    if (keep === null) continue;
    if (typeof keep !== "boolean") throw context.fail("not_a_boolean", `@Filter's condition is ${uiValueKind(keep)}, not a boolean`);
    if (keep) kept.push(element);
  }
  return context.built(kept);
}

function map(context: UiHelperContext): UiValue {
  const list = listArgument(context, 0);
  const name = boundName(context);
  context.budget.iterate(list.length);
  const mapped: UiValue[] = [];
  for (let index = 0; index < list.length; index++) {
    context.budget.step();
    mapped.push(context.argumentWith(2, name, readOwnIndex(list, index)));
  }
  return context.built(mapped);
}

function sum(context: UiHelperContext): UiValue {
  let total = 0;
  forEachNumber(context, (number) => {
    total += number;
  });
  return finiteOrNull(total);
}

function extreme(direction: 1 | -1): Helper {
  return (context) => {
    let best: number | null = null;
    forEachNumber(context, (number) => {
      if (best === null || (number - best) * direction > 0) best = number;
    });
    return best;
  };
}

function average(context: UiHelperContext): UiValue {
  let total = 0;
  let counted = 0;
  forEachNumber(context, (number) => {
    total += number;
    counted++;
  });
  return counted === 0 ? null : finiteOrNull(total / counted);
}

function join(context: UiHelperContext): UiValue {
  const given = context.argument(0);
  if (given !== null && !Array.isArray(given)) throw context.fail("not_a_list", `@Join takes a list, not ${uiValueKind(given)}`);
  const separator = optionalStringArgument(context, 1, "@Join's separator", UI_JOIN_SEPARATOR);
  // Text built from a missing list is missing, not empty.
  if (given === null) return null;
  const list: readonly UiValue[] = given;
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; index < list.length; index++) {
    context.budget.step();
    const element = readOwnIndex(list, index);
    let part: string;
    if (element === null) part = "";
    else if (typeof element === "string") part = element;
    else if (typeof element === "number" || typeof element === "boolean") part = String(element);
    else throw context.fail("invalid_argument", `@Join takes a list of scalars, not of ${uiValueKind(element)}s`);
    length += part.length + (index > 0 ? separator.length : 0);
    // Checked before the string exists, so a doubling cannot allocate first.
    context.budget.checkString(length, context.call.range);
    parts.push(part);
  }
  context.budget.step(stringSteps(length));
  return parts.join(separator);
}

/** Moves the decimal point `places` to the right, in decimal notation, so rounding sees the digits as written. */
function shiftDecimal(value: number, places: number): number {
  const [mantissa, exponent = "0"] = String(value).split("e");
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

function round(context: UiHelperContext): UiValue {
  const value = context.argument(0);
  if (typeof value !== "number" && value !== null) throw context.fail("not_a_number", `@Round takes a number, not ${uiValueKind(value)}`);
  let digits = 0;
  const given = context.argumentCount > 1 ? context.argument(1) : null;
  if (given !== null) {
    if (typeof given !== "number" || !Number.isInteger(given) || given < 0 || given > UI_ROUND_MAX_DIGITS) {
      throw context.fail("invalid_argument", `@Round's precision is a whole number from 0 to ${UI_ROUND_MAX_DIGITS}`);
    }
    digits = given;
  }
  if (value === null) return null;
  const magnitude = Math.abs(value);
  const rounded = shiftDecimal(Math.round(shiftDecimal(magnitude, digits)), -digits);
  return finiteOrNull(Math.sign(value) * rounded);
}

/** Ascending rank of a value's kind for `@Sort`; null is handled apart (always last). */
const SORT_RANK: Record<Exclude<ReturnType<typeof uiValueKind>, "null">, number> = {
  number: 0,
  string: 1,
  boolean: 2,
  list: 3,
  record: 3,
};

type SortEntry = { element: UiValue; key: UiValue; folded: string };

function compareAscending(left: SortEntry, right: SortEntry): number {
  const leftKey = left.key;
  const rightKey = right.key;
  const leftRank = SORT_RANK[uiValueKind(leftKey) as keyof typeof SORT_RANK];
  const rightRank = SORT_RANK[uiValueKind(rightKey) as keyof typeof SORT_RANK];
  if (leftRank !== rightRank) return leftRank - rightRank;
  if (typeof leftKey === "number" && typeof rightKey === "number") return leftKey - rightKey;
  if (typeof leftKey === "string" && typeof rightKey === "string") {
    if (left.folded !== right.folded) return left.folded < right.folded ? -1 : 1;
    return leftKey === rightKey ? 0 : leftKey < rightKey ? -1 : 1;
  }
  if (typeof leftKey === "boolean" && typeof rightKey === "boolean") return Number(leftKey) - Number(rightKey);
  return 0;
}

function sort(context: UiHelperContext): UiValue {
  const list = listArgument(context, 0);
  let field: string | null = null;
  let order: UiValue = "asc";
  if (context.argumentCount === 2) {
    const second = context.argument(1);
    if (second === "asc" || second === "desc") order = second;
    else if (typeof second === "string" || second === null) field = second;
    else throw context.fail("invalid_argument", "@Sort's second argument is a field name, \"asc\" or \"desc\"");
  } else if (context.argumentCount === 3) {
    const second = context.argument(1);
    if (typeof second !== "string" && second !== null) throw context.fail("invalid_argument", "@Sort's field is a string or null");
    field = second;
    order = context.argument(2) ?? "asc";
  }
  if (order !== "asc" && order !== "desc") throw context.fail("invalid_argument", "@Sort's order is \"asc\" or \"desc\"");
  if (field !== null && !safeKey(field)) throw context.fail("forbidden_key", JSON.stringify(field));
  context.budget.iterate(list.length);
  const entries: SortEntry[] = [];
  for (let index = 0; index < list.length; index++) {
    const element = readOwnIndex(list, index);
    let key = element;
    if (field !== null) key = isUiRecord(element) ? readOwnField(element, field) : null;
    const folded = typeof key === "string" ? key.toLowerCase() : "";
    context.budget.step(typeof key === "string" ? stringSteps(key.length) : 1);
    entries.push({ element, key, folded });
  }
  const sign = order === "asc" ? 1 : -1;
  // Array.prototype.sort is stable (ES2019); each comparison costs a step.
  entries.sort((left, right) => {
    context.budget.step();
    const leftNull = left.key === null;
    const rightNull = right.key === null;
    if (leftNull || rightNull) return Number(leftNull) - Number(rightNull);
    return sign * compareAscending(left, right);
  });
  return context.built(entries.map((entry) => entry.element));
}

function take(context: UiHelperContext): UiValue {
  const list = listArgument(context, 0);
  const requested = context.argument(1);
  if (typeof requested !== "number" && requested !== null) {
    throw context.fail("not_a_number", `@Take's count is a number, not ${uiValueKind(requested)}`);
  }
  // A count not known yet (null) takes the whole list.
  const wanted = requested === null ? list.length : Math.trunc(requested);
  const length = Math.min(Math.abs(wanted), list.length);
  const start = wanted >= 0 ? 0 : list.length - length;
  context.budget.iterate(length);
  const taken: UiValue[] = [];
  for (let index = start; index < start + length; index++) {
    context.budget.step();
    taken.push(readOwnIndex(list, index));
  }
  return context.built(taken);
}

function contains(context: UiHelperContext): UiValue {
  const haystack = context.argument(0);
  const part = context.argument(1);
  if (typeof haystack === "string") {
    if (part === null) return null;
    if (typeof part !== "string") throw context.fail("not_a_string", `@Contains looks for a string in a string, not ${uiValueKind(part)}`);
    context.budget.step(stringSteps(haystack.length + part.length));
    return haystack.toLowerCase().includes(part.toLowerCase());
  }
  if (haystack === null) return null;
  if (!Array.isArray(haystack)) throw context.fail("not_a_list", `@Contains takes a string or a list, not ${uiValueKind(haystack)}`);
  const foldedPart = typeof part === "string" ? part.toLowerCase() : null;
  for (let index = 0; index < haystack.length; index++) {
    const element = readOwnIndex(haystack, index);
    if (foldedPart !== null && typeof element === "string") {
      context.budget.step(stringSteps(element.length));
      if (element.toLowerCase() === foldedPart) return true;
    } else if (uiValuesEqual(element, part, context.budget)) {
      return true;
    }
  }
  return false;
}

function format(context: UiHelperContext): UiValue {
  const value = context.argument(0);
  const style = optionalStringArgument(context, 1, "@Format's style", "number");
  // A wrong style is refused before the data arrives, not only once it has.
  if (value === null) checkUiFormatStyle(style);
  return formatUiValue(value, style);
}

/** Every value helper by name. */
export const UI_VALUE_HELPERS: Readonly<Record<UiValueHelperName, Helper>> = {
  Count: count,
  Filter: filter,
  Sum: sum,
  Join: join,
  Round: round,
  Map: map,
  Sort: sort,
  Take: take,
  Min: extreme(-1),
  Max: extreme(1),
  Avg: average,
  Contains: contains,
  Format: format,
  ...UI_DATE_HELPERS,
  ...UI_GROUP_HELPERS,
};

/** Evaluates one helper call; `@Set`/`@Reset` are refused (`action_only`), `@Query` too (`declaration_only`). */
export function evaluateUiHelper(context: UiHelperContext): UiValue {
  const helper = context.call.helper;
  if (helper === "Set" || helper === "Reset") throw context.fail("action_only", `@${helper}`);
  if (helper === "Query") throw context.fail("declaration_only", "@Query");
  const implementation = UI_VALUE_HELPERS[helper];
  if (!implementation) throw context.fail("unknown_helper", `@${String(helper)}`);
  return implementation(context);
}

