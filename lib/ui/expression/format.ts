/**
 * `@Format(value, style)`: numbers and dates as text, fixed to one locale
 * (en-US) and one time zone (UTC) so that every interpreter of a block shows
 * the same words. Only `Intl` features that Node 20's bundled ICU and every
 * current browser carry are used; the outputs are pinned in format.test.ts.
 */
import { UiFailure } from "../failure";
import { UI_DAY_MS, uiIsoDay } from "./iso-date";
import type { UiValue } from "./value";

/** The one locale every interpreter formats in. */
export const UI_FORMAT_LOCALE = "en-US";

/** The styles `@Format` knows (`currency:XXX` with any ISO 4217 code). */
export const UI_FORMAT_STYLES = ["number", "percent", "compact", "currency:XXX", "date"] as const;

/** A minus sign only for numbers below zero: -0.0001 rounds to "0", not "-0". */
const SIGN_OPTIONS: Intl.NumberFormatOptions = { signDisplay: "negative" };
/** Grouped digits with up to three decimals: `1,234.568`. */
const NUMBER_OPTIONS: Intl.NumberFormatOptions = { ...SIGN_OPTIONS, maximumFractionDigits: 3 };
/** A ratio as a percentage with up to one decimal: 0.257 → `25.7%`. */
const PERCENT_OPTIONS: Intl.NumberFormatOptions = { ...SIGN_OPTIONS, style: "percent", maximumFractionDigits: 1 };
/** Short compact notation: 1,234 → `1.2K`, 1,500,000 → `1.5M`. */
const COMPACT_OPTIONS: Intl.NumberFormatOptions = {
  ...SIGN_OPTIONS,
  notation: "compact",
  compactDisplay: "short",
  maximumFractionDigits: 1,
};
/** A calendar date without a time, in UTC: `Jan 5, 2024`. */
const DATE_OPTIONS: Intl.DateTimeFormatOptions = { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" };

/** An ISO 4217 code after `currency:`. */
const CURRENCY_STYLE = /^currency:([A-Za-z]{3})$/;

/** Formatters are costly to build and pure to use, so each configuration is built once. */
const numberFormats = new Map<string, Intl.NumberFormat>();
let dateFormat: Intl.DateTimeFormat | undefined;

function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(UI_FORMAT_LOCALE, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * Milliseconds since the epoch of a number, or of the UTC day that ISO date
 * text names — read by the same rule as the date helpers (iso-date.ts), so
 * `@Format(t, "date")` takes exactly the dates `@DaysBetween(t, …)` does.
 * The style shows only the day, so the day is all that is read.
 */
function dateMilliseconds(value: UiValue): number {
  if (typeof value === "number") return value;
  const day = typeof value === "string" ? uiIsoDay(value) : null;
  if (day !== null) return day * UI_DAY_MS;
  throw new UiFailure("invalid_argument", "@Format(…, \"date\") takes an ISO 8601 date string or milliseconds since 1970");
}

/** Refuses (`invalid_argument`) a style `@Format` does not know; the style is checked also when the value is null. */
export function checkUiFormatStyle(style: string): void {
  if (style === "date" || style === "number" || style === "percent" || style === "compact" || CURRENCY_STYLE.test(style)) return;
  throw new UiFailure("invalid_argument", `@Format style is one of ${UI_FORMAT_STYLES.join(", ")}`);
}

/** Formats `value` in `style`; null stays null (a missing field formats as nothing: the block shows it as missing). */
export function formatUiValue(value: UiValue, style: string): string | null {
  if (value === null) return null;
  if (style === "date") {
    const milliseconds = dateMilliseconds(value);
    // Outside ±8.64e15 ms a Date is invalid; formatting it would throw.
    if (!Number.isFinite(milliseconds) || Math.abs(milliseconds) > 8.64e15) {
      throw new UiFailure("invalid_argument", "the date is out of range");
    }
    dateFormat ??= new Intl.DateTimeFormat(UI_FORMAT_LOCALE, DATE_OPTIONS);
    return dateFormat.format(milliseconds);
  }
  let format: Intl.NumberFormat;
  if (style === "number") format = numberFormat(style, NUMBER_OPTIONS);
  else if (style === "percent") format = numberFormat(style, PERCENT_OPTIONS);
  else if (style === "compact") format = numberFormat(style, COMPACT_OPTIONS);
  else {
    const currency = CURRENCY_STYLE.exec(style)?.[1]?.toUpperCase();
    if (!currency) {
      throw new UiFailure("invalid_argument", `@Format style is one of ${UI_FORMAT_STYLES.join(", ")}`);
    }
    format = numberFormat(`currency:${currency}`, { ...SIGN_OPTIONS, style: "currency", currency });
  }
  if (typeof value !== "number") throw new UiFailure("not_a_number", `@Format(…, "${style}")`);
  return format.format(value);
}
