import { describe, expect, it } from "vitest";
import { formatNumber, formatSignedNumber } from "./format-number";

describe("formatNumber", () => {
  it("groups digits and keeps up to three decimals in en-US", () => {
    expect(formatNumber(1234567.89123)).toBe("1,234,567.891");
    expect(formatNumber(-0.5)).toBe("-0.5");
    expect(formatNumber(0)).toBe("0");
  });
});

describe("formatSignedNumber", () => {
  it("puts a sign before every non-zero change", () => {
    expect(formatSignedNumber(12)).toBe("+12");
    expect(formatSignedNumber(-3.5)).toBe("\u22123.5");
    expect(formatSignedNumber(0)).toBe("0");
    expect(formatSignedNumber(1500)).toBe("+1,500");
  });
});
