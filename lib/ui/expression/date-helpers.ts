/**
 * The date helpers over ISO date text (iso-date.ts reads and writes it):
 * `@Today()`, `@DaysBetween(a, b)`, `@AddDays(date, n)` and
 * `@StartOf(date, "week" | "month")`. Dates are text, as query rows carry
 * them, so `<`/`>` (which compare strings by UTF-16 units) already order
 * them; these helpers do the arithmetic text cannot.
 *
 * Decisions (the catalog text tells the model the same):
 * - `@Today()` is the UTC date of the budget's wall clock, read once per
 *   evaluation: UTC, so a server and a browser in different time zones agree.
 * - A null argument makes the result null (a query not answered yet stays
 *   missing); text that is not an ISO date is null too — rows are data, and a
 *   bad date is a missing one. Any other kind is refused: a date is a string
 *   (`not_a_string`), a count of days a number (`not_a_number`).
 * - `@DaysBetween(a, b)` is b − a in calendar days (UTC), negative when b is
 *   earlier; a timestamp counts as its UTC day.
 * - `@AddDays(date, n)` truncates n toward zero (as `@Take` does) and writes
 *   `YYYY-MM-DD`; a result outside the years 0000–9999 is null.
 * - `@StartOf(date, unit)`: `"week"` is its Monday, `"month"` its first day.
 */
import type { UiHelperContext } from "./context";
import { uiIsoDateText, uiIsoDay, uiIsoStartOf, UI_DAY_MS } from "./iso-date";
import { uiValueKind } from "./read";
import type { UiValue } from "./value";

type Helper = (context: UiHelperContext) => UiValue;

/** The helper names this file implements. */
export type UiDateHelperName = "Today" | "DaysBetween" | "AddDays" | "StartOf";

/** The units `@StartOf` knows. */
const START_UNITS: ReadonlySet<string> = new Set(["week", "month"]);

/**
 * Argument `index` as a day number: null when it is null or not ISO date
 * text; refused when it is not a string at all.
 */
function dayArgument(context: UiHelperContext, index: number, what: string): number | null {
  const value = context.argument(index);
  context.budget.step();
  if (value === null) return null;
  if (typeof value !== "string") throw context.fail("not_a_string", `${what} is ISO date text, not ${uiValueKind(value)}`);
  return uiIsoDay(value);
}

function today(context: UiHelperContext): UiValue {
  const instant = context.budget.wallTime();
  if (!Number.isFinite(instant)) return null;
  return uiIsoDateText(Math.floor(instant / UI_DAY_MS));
}

function daysBetween(context: UiHelperContext): UiValue {
  const from = dayArgument(context, 0, "@DaysBetween's first date");
  const to = dayArgument(context, 1, "@DaysBetween's second date");
  if (from === null || to === null) return null;
  return to - from;
}

function addDays(context: UiHelperContext): UiValue {
  const day = dayArgument(context, 0, "@AddDays's date");
  const count = context.argument(1);
  if (count !== null && typeof count !== "number") throw context.fail("not_a_number", `@AddDays's count is a number, not ${uiValueKind(count)}`);
  if (day === null || count === null) return null;
  return uiIsoDateText(day + Math.trunc(count));
}

function startOf(context: UiHelperContext): UiValue {
  const day = dayArgument(context, 0, "@StartOf's date");
  const unit = context.argument(1);
  if (unit !== null) {
    if (typeof unit !== "string") throw context.fail("not_a_string", `@StartOf's unit is "week" or "month", not ${uiValueKind(unit)}`);
    if (!START_UNITS.has(unit)) throw context.fail("invalid_argument", `@StartOf's unit is "week" or "month", not ${JSON.stringify(unit.slice(0, 20))}`);
  }
  if (day === null || unit === null) return null;
  return uiIsoDateText(uiIsoStartOf(day, unit as "week" | "month"));
}

/** The date helpers by name, for the value helpers' table. */
export const UI_DATE_HELPERS: Readonly<Record<UiDateHelperName, Helper>> = {
  Today: today,
  DaysBetween: daysBetween,
  AddDays: addDays,
  StartOf: startOf,
};
