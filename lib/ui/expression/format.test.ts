import { describe, expect, it } from "vitest";
import { formatUiValue } from "./format";
import { failureCode, run } from "./test-support";
import type { UiValue } from "./value";

describe("@Format", () => {
  // Pinned outputs: every interpreter of a block must print exactly these.
  it.each<[UiValue, string, string]>([
    [1234.5678, "number", "1,234.568"],
    [-1234.5, "number", "-1,234.5"],
    [0, "number", "0"],
    [1e21, "number", "1,000,000,000,000,000,000,000"],
    [0.2567, "percent", "25.7%"],
    [1, "percent", "100%"],
    [-0.05, "percent", "-5%"],
    [999, "compact", "999"],
    [1234, "compact", "1.2K"],
    [1_500_000, "compact", "1.5M"],
    [-2500, "compact", "-2.5K"],
    [2_300_000_000, "compact", "2.3B"],
    [1234.5, "currency:USD", "$1,234.50"],
    [-1234.5, "currency:EUR", "-€1,234.50"],
    [1234.5, "currency:eur", "€1,234.50"],
    [1234.5, "currency:JPY", "¥1,235"],
    [3, "currency:GBP", "£3.00"],
    [3, "currency:CHF", "CHF\u00a03.00"],
    ["2024-01-05", "date", "Jan 5, 2024"],
    ["2024-01-05T23:30:00Z", "date", "Jan 5, 2024"],
    ["2024-01-05T23:30", "date", "Jan 5, 2024"],
    ["2024-01-05T23:30:00.123+05:00", "date", "Jan 5, 2024"],
    ["2024-01-05T23:30:00-02:00", "date", "Jan 6, 2024"],
    // Read by the date helpers' rule: a space for the T, and an offset without a colon.
    ["2025-02-10 09:05:00", "date", "Feb 10, 2025"],
    ["2024-01-05T23:30:00-0200", "date", "Jan 6, 2024"],
    [0, "date", "Jan 1, 1970"],
    [1_700_000_000_000, "date", "Nov 14, 2023"],
  ])("%j as %s → %s", (value, style, expected) => {
    expect(formatUiValue(value, style)).toBe(expected);
    expect(run(`@Format($v, '${style}')`, { v: value })).toBe(expected);
  });

  it("defaults to the number style, also for a null style", () => {
    expect(run("@Format(1234.5)")).toBe("1,234.5");
    expect(run("@Format(1234.5, null)")).toBe("1,234.5");
  });

  it("formats null (a missing field, a query not answered yet) as null: the block shows it as missing", () => {
    expect(run("@Format(null, 'date')")).toBeNull();
    expect(run("@Format($r.missing, 'number')", { r: {} })).toBeNull();
    expect(run("@Format($pending, 'percent')", { pending: null })).toBeNull();
    expect(run("@Format($pending, null)", { pending: null })).toBeNull();
    // So a figure built on it is missing too, not "— ms".
    expect(run("@Format($pending) + ' ms'", { pending: null })).toBeNull();
    expect(formatUiValue(null, "number")).toBeNull();
  });

  it("never writes a negative zero", () => {
    expect(run("@Format(-0.0001, 'number')")).toBe("0");
    expect(run("@Format(-0.0001, 'percent')")).toBe("0%");
    expect(run("@Format(-0.001, 'currency:USD')")).toBe("$0.00");
    expect(run("@Format(-0.01, 'compact')")).toBe("0");
  });

  it.each([
    ["@Format('12', 'number')", "not_a_number"],
    ["@Format(true, 'percent')", "not_a_number"],
    ["@Format(1, 'money')", "invalid_argument"],
    ["@Format(1, 'currency:US')", "invalid_argument"],
    ["@Format(1, 'currency:US1')", "invalid_argument"],
    ["@Format(1, 3)", "not_a_string"],
    ["@Format('yesterday', 'date')", "invalid_argument"],
    ["@Format('2024-13-45', 'date')", "invalid_argument"],
    ["@Format('Jan 5 2024', 'date')", "invalid_argument"],
    ["@Format(1e300, 'date')", "invalid_argument"],
    ["@Format([1], 'date')", "invalid_argument"],
    // A style that is wrong is refused also when the value is null, so it shows before the data arrives.
    ["@Format(null, 'money')", "invalid_argument"],
    ["@Format(null, 3)", "not_a_string"],
  ])("%s → %s", (source, code) => {
    expect(failureCode(source)).toBe(code);
  });
});
