import { describe, expect, it } from "vitest";
import { uiIsoDateText, uiIsoDay, uiIsoStartOf, UI_DAY_MS, UI_ISO_DATE_MAX_LENGTH } from "./iso-date";

describe("uiIsoDay", () => {
  it.each([
    ["1970-01-01", 0],
    ["1970-01-02", 1],
    ["1969-12-31", -1],
    ["2000-02-29", 11_016],
    ["2025-03-14", 20_161],
    ["0000-01-01", -719_528],
    ["9999-12-31", 2_932_896],
  ])("%s is day %i", (text, day) => {
    expect(uiIsoDay(text)).toBe(day);
    // The same day the host's calendar gives for that date at UTC midnight.
    expect(uiIsoDay(text)).toBe(Math.floor(Date.parse(`${text}T00:00:00Z`) / UI_DAY_MS));
  });

  it.each([
    ["2025-03-14T10:00", "2025-03-14"],
    ["2025-03-14T10:00:59Z", "2025-03-14"],
    ["2025-03-14t23:59:59.999999999z", "2025-03-14"],
    ["2025-03-14 08:15:00Z", "2025-03-14"],
    // An offset moves the instant, and with it the UTC day.
    ["2025-03-14T23:30:00-05:00", "2025-03-15"],
    ["2025-03-14T01:00:00+02:00", "2025-03-13"],
    ["2025-03-14T01:00:00+0200", "2025-03-13"],
    ["2025-03-14T01:00+02", "2025-03-13"],
    ["2025-01-01T00:30:00+01:00", "2024-12-31"],
  ])("a timestamp counts as its UTC day: %s", (text, date) => {
    expect(uiIsoDay(text)).toBe(uiIsoDay(date));
  });

  it.each([
    "",
    "2025-3-14",
    "25-03-14",
    "2025/03/14",
    "2025-13-01",
    "2025-00-10",
    "2025-02-29",
    "1900-02-29",
    "2025-04-31",
    "2025-03-00",
    "2025-03-14T24:00",
    "2025-03-14T10:60",
    "2025-03-14T10:00:60",
    "2025-03-14T10",
    "2025-03-14T10:00+24:00",
    "2025-03-14T10:00+05:60",
    "2025-03-14T10:00:00.1234567890Z",
    " 2025-03-14",
    "2025-03-14 ",
    "tomorrow",
    "١٢٣٤-٠١-٠١",
  ])("%j is not a date", (text) => {
    expect(uiIsoDay(text)).toBeNull();
  });

  it("refuses text longer than any ISO timestamp before matching it", () => {
    expect(uiIsoDay("2025-03-14T10:00:00.123456789+05:30")).toBe(uiIsoDay("2025-03-14"));
    expect("2025-03-14T10:00:00.123456789+05:30".length).toBe(UI_ISO_DATE_MAX_LENGTH);
    expect(uiIsoDay("2025-03-14" + " ".repeat(UI_ISO_DATE_MAX_LENGTH))).toBeNull();
  });
});

describe("uiIsoDateText", () => {
  it("writes every day of four centuries back as the text it was read from", () => {
    const first = uiIsoDay("1900-01-01")!;
    const last = uiIsoDay("2300-12-31")!;
    const wrong: number[] = [];
    for (let day = first; day <= last; day++) {
      const text = uiIsoDateText(day);
      if (text !== new Date(day * UI_DAY_MS).toISOString().slice(0, 10) || uiIsoDay(text) !== day) wrong.push(day);
    }
    expect(wrong).toEqual([]);
  });

  it("writes only whole days in the years 0000–9999", () => {
    expect(uiIsoDateText(uiIsoDay("0000-01-01")!)).toBe("0000-01-01");
    expect(uiIsoDateText(uiIsoDay("0000-01-01")! - 1)).toBeNull();
    expect(uiIsoDateText(uiIsoDay("9999-12-31")!)).toBe("9999-12-31");
    expect(uiIsoDateText(uiIsoDay("9999-12-31")! + 1)).toBeNull();
    expect(uiIsoDateText(0.5)).toBeNull();
    expect(uiIsoDateText(Number.NaN)).toBeNull();
  });
});

describe("uiIsoStartOf", () => {
  const start = (date: string, unit: "week" | "month") => uiIsoDateText(uiIsoStartOf(uiIsoDay(date)!, unit));

  it.each([
    // 2025-03-10 is a Monday.
    ["2025-03-10", "2025-03-10"],
    ["2025-03-12", "2025-03-10"],
    ["2025-03-16", "2025-03-10"],
    ["2025-03-17", "2025-03-17"],
    // Before 1970, where the day numbers are negative.
    ["1969-12-31", "1969-12-29"],
    ["1970-01-01", "1969-12-29"],
    ["2025-01-01", "2024-12-30"],
  ])("the week of %s starts on Monday %s", (date, monday) => {
    expect(start(date, "week")).toBe(monday);
  });

  it.each([
    ["2025-03-14", "2025-03-01"],
    ["2025-03-01", "2025-03-01"],
    ["2024-02-29", "2024-02-01"],
    ["1969-12-31", "1969-12-01"],
  ])("the month of %s starts on %s", (date, first) => {
    expect(start(date, "month")).toBe(first);
  });
});
