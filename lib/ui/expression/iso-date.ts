/**
 * ISO 8601 date text as whole days since 1970-01-01 (UTC), and back: the
 * arithmetic behind the date helpers. It is integer calendar arithmetic
 * (proleptic Gregorian, after H. Hinnant's `days_from_civil`), never
 * `Date.parse`, which reads a timestamp without an offset in the host's time
 * zone — a server and a browser would disagree on the day.
 *
 * Decisions:
 * - `YYYY-MM-DD` is that day. A timestamp (`YYYY-MM-DDTHH:MM[:SS[.fraction]]`
 *   with an optional `Z` or `±HH[:MM]` offset; `T` may be a space) is the UTC
 *   day of that instant; without an offset it is read as UTC.
 * - Anything else — another layout, a month 13, February 30, hour 24 — is not
 *   a date (null).
 * - Only years 0000–9999 can be written as `YYYY-MM-DD`; a day outside them
 *   formats as null.
 */

/** Milliseconds in a day: the wall clock is divided by it to find today. */
export const UI_DAY_MS = 86_400_000;

/** Minutes in a day, to move a timestamp's offset across midnight. */
const DAY_MINUTES = 1_440;

/**
 * The longest text read as a date: `2025-03-14T10:00:00.123456789+05:30`.
 * Longer text is refused before the pattern runs, so a hostile string costs
 * nothing to reject.
 */
export const UI_ISO_DATE_MAX_LENGTH = 35;

/** `YYYY-MM-DD`, optionally followed by a time and an offset; groups: year, month, day, hour, minute, second, offset. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1–12). */
function daysFromCivil(year: number, month: number, day: number): number {
  const shifted = month <= 2 ? year - 1 : year;
  const era = Math.floor(shifted / 400);
  const yearOfEra = shifted - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The date of a day number: the inverse of `daysFromCivil`. */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The offset of a timestamp in minutes east of UTC, or null when it is out of range. */
function offsetMinutes(offset: string | undefined): number | null {
  if (offset === undefined || offset === "Z" || offset === "z") return 0;
  const digits = offset.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return null;
  return (offset[0] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

/** The UTC day (days since 1970-01-01) that ISO date text names, or null when the text is not an ISO date. */
export function uiIsoDay(text: string): number | null {
  if (text.length > UI_ISO_DATE_MAX_LENGTH) return null;
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, offset] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  const days = daysFromCivil(year, month, day);
  if (hourText === undefined) return days;
  const hour = Number(hourText);
  const minute = Number(minuteText);
  if (hour > 23 || minute > 59 || (secondText !== undefined && Number(secondText) > 59)) return null;
  const east = offsetMinutes(offset);
  if (east === null) return null;
  return days + Math.floor((hour * 60 + minute - east) / DAY_MINUTES);
}

/** The first and last day that `YYYY-MM-DD` can write. */
const FIRST_DAY = daysFromCivil(0, 1, 1);
const LAST_DAY = daysFromCivil(9999, 12, 31);

/** `YYYY-MM-DD` of a day number, or null when it is not a whole day in the years 0000–9999. */
export function uiIsoDateText(days: number): string | null {
  if (!Number.isInteger(days) || days < FIRST_DAY || days > LAST_DAY) return null;
  const { year, month, day } = civilFromDays(days);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** 1970-01-01 was a Thursday: three days after a Monday, where weeks start. */
const EPOCH_DAYS_AFTER_MONDAY = 3;

/** The day number of the Monday of `days`'s week, or of the first of its month. */
export function uiIsoStartOf(days: number, unit: "week" | "month"): number {
  if (unit === "week") {
    const sinceMonday = (((days + EPOCH_DAYS_AFTER_MONDAY) % 7) + 7) % 7;
    return days - sinceMonday;
  }
  const { year, month } = civilFromDays(days);
  return daysFromCivil(year, month, 1);
}
