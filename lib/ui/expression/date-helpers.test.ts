import { afterEach, describe, expect, it, vi } from "vitest";
import { UiBudget } from "./budget";
import { evaluateUiExpression } from "./evaluate";
import { parseUiExpression } from "./parse";
import { failureCode, failureOf, run } from "./test-support";
import type { UiValue } from "./value";

/** A Friday a minute before midnight UTC: where a local-time reading would already say Saturday east of Greenwich. */
const FRIDAY_LATE = Date.UTC(2025, 2, 14, 23, 59);

/** Evaluates `source` with the wall clock fixed at `instant` (and a still timing clock). */
function runAt(instant: number, source: string, variables: Record<string, UiValue> = {}): UiValue {
  const budget = new UiBudget(undefined, () => 0, () => instant);
  return evaluateUiExpression(parseUiExpression(source, budget), variables, budget);
}

const releases = [
  { tag: "v1.2.0", date: "2025-03-03T16:20:00Z" },
  { tag: "v1.1.0", date: "2025-02-10" },
  { tag: "v1.0.0", date: "not yet" },
];

function cases(table: [string, UiValue][]) {
  it.each(table)("%s → %j", (source, expected) => {
    expect(runAt(FRIDAY_LATE, source, { releases, missing: null })).toEqual(expected);
  });
}

function refusals(table: [string, string][]) {
  it.each(table)("%s → %s", (source, code) => {
    expect(failureCode(source, { releases })).toBe(code);
  });
}

describe("@Today", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is the UTC date of the budget's wall clock", () => {
    expect(runAt(FRIDAY_LATE, "@Today()")).toBe("2025-03-14");
    expect(runAt(Date.UTC(2025, 2, 15), "@Today()")).toBe("2025-03-15");
    expect(runAt(Date.UTC(1969, 11, 31, 12), "@Today()")).toBe("1969-12-31");
  });

  it("reads the clock once per evaluation, so two @Today() in one expression agree across midnight", () => {
    let instant = FRIDAY_LATE;
    const clock = vi.fn(() => {
      const now = instant;
      instant += 60_000;
      return now;
    });
    const budget = new UiBudget(undefined, () => 0, clock);
    const value = evaluateUiExpression(parseUiExpression("[@Today(), @Today(), @AddDays(@Today(), 0)]", budget), {}, budget);
    expect(value).toEqual(["2025-03-14", "2025-03-14", "2025-03-14"]);
    expect(clock).toHaveBeenCalledTimes(1);
  });

  it("defaults to the host's wall clock, which a test fixes with fake Date", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(FRIDAY_LATE);
    expect(run("@Today()")).toBe("2025-03-14");
  });

  it("is null when a clock gives no time", () => {
    expect(runAt(Number.NaN, "@Today()")).toBeNull();
    expect(runAt(Date.UTC(10_000, 0, 1), "@Today()")).toBeNull();
  });

  it("takes no arguments", () => {
    expect(failureOf(() => parseUiExpression('@Today("UTC")')).code).toBe("helper_arity");
  });
});

describe("@DaysBetween", () => {
  cases([
    ['@DaysBetween("2025-03-01", "2025-03-14")', 13],
    ['@DaysBetween("2025-03-14", "2025-03-01")', -13],
    ['@DaysBetween("2024-02-28", "2024-03-01")', 2],
    ['@DaysBetween("2025-02-28", "2025-03-01")', 1],
    ['@DaysBetween("1969-12-31", "1970-01-01")', 1],
    // Calendar days, not elapsed 24-hour spans: an hour before midnight to midnight is a day.
    ['@DaysBetween("2025-03-13T23:00:00Z", "2025-03-14")', 1],
    ['@DaysBetween($releases[0].date, @Today())', 11],
    ['@DaysBetween($releases[1].date, $releases[0].date)', 21],
    // Bad date text is a missing value, like a missing field.
    ['@DaysBetween($releases[2].date, @Today())', null],
    ['@DaysBetween("2025-02-30", @Today())', null],
    ['@DaysBetween(null, @Today())', null],
    ['@DaysBetween($missing, @Today())', null],
    ['@DaysBetween(@Today(), $releases[5].date)', null],
  ]);
  refusals([
    ['@DaysBetween(20250301, "2025-03-14")', "not_a_string"],
    ['@DaysBetween("2025-03-01", true)', "not_a_string"],
    // A real value of the wrong kind is refused even when the other side is missing.
    ["@DaysBetween(null, [1])", "not_a_string"],
  ]);
});

describe("@AddDays", () => {
  cases([
    ['@AddDays("2025-03-14", 1)', "2025-03-15"],
    ['@AddDays("2025-03-14", -14)', "2025-02-28"],
    ['@AddDays("2024-02-28", 1)', "2024-02-29"],
    ['@AddDays("2025-12-31", 1)', "2026-01-01"],
    ['@AddDays("2025-03-14T22:00:00-05:00", 0)', "2025-03-15"],
    ["@AddDays(@Today(), -7)", "2025-03-07"],
    // Whole days: a fraction is truncated toward zero, as @Take's count is.
    ['@AddDays("2025-03-14", 1.9)', "2025-03-15"],
    ['@AddDays("2025-03-14", -1.9)', "2025-03-13"],
    ['@AddDays("9999-12-31", 1)', null],
    ['@AddDays("2025-03-14", 1e300)', null],
    ['@AddDays("yesterday", 1)', null],
    ["@AddDays(null, 1)", null],
    ['@AddDays("2025-03-14", null)', null],
    ["@AddDays($missing, $missing)", null],
  ]);
  refusals([
    ["@AddDays(1, 1)", "not_a_string"],
    ['@AddDays("2025-03-14", "1")', "not_a_number"],
    ['@AddDays(null, "1")', "not_a_number"],
  ]);
});

describe("@StartOf", () => {
  cases([
    // 2025-03-14 is a Friday; weeks start on Monday.
    ['@StartOf("2025-03-14", "week")', "2025-03-10"],
    ['@StartOf("2025-03-10", "week")', "2025-03-10"],
    ['@StartOf("2025-03-16", "week")', "2025-03-10"],
    ['@StartOf("2025-03-14", "month")', "2025-03-01"],
    ['@StartOf("2025-01-01", "week")', "2024-12-30"],
    ['@StartOf(@Today(), "month")', "2025-03-01"],
    ['@StartOf("2025-03-01T00:30:00+01:00", "month")', "2025-02-01"],
    ['@StartOf("0000-01-01", "week")', null],
    ['@StartOf("03/14/2025", "week")', null],
    ['@StartOf(null, "week")', null],
    ['@StartOf("2025-03-14", null)', null],
  ]);
  refusals([
    ['@StartOf("2025-03-14", "year")', "invalid_argument"],
    ['@StartOf("2025-03-14", "Week")', "invalid_argument"],
    ['@StartOf(null, "day")', "invalid_argument"],
    ['@StartOf("2025-03-14", 7)', "not_a_string"],
    ['@StartOf({date: "2025-03-14"}, "week")', "not_a_string"],
  ]);
});

describe("ISO date text and the comparison operators", () => {
  // `<`/`>` compare strings by UTF-16 units, which is date order for `YYYY-MM-DD`; the catalog text says so.
  cases([
    ['"2025-03-09" < "2025-03-10"', true],
    ['"2024-12-31" < "2025-01-01"', true],
    ['@AddDays(@Today(), 1) > @Today()', true],
    ['@Filter(@Take($releases, 2), r, r.date >= @StartOf(@Today(), "month"))', [releases[0]] as UiValue],
    // Text that is not a date compares as text: "not yet" sorts after every date.
    ['"not yet" > @Today()', true],
  ]);
});
