import { describe, expect, test } from "vitest";
import { isVisible } from "./is-visible";

const when = (visibleWhen: object) => ({ visibleWhen: { field: "f", ...visibleWhen } });

describe("isVisible", () => {
  test("a node without a condition is always visible", () => {
    expect(isVisible({}, {})).toBe(true);
  });
  test("equals compares strictly with the JSON value", () => {
    expect(isVisible(when({ equals: "advanced" }), { f: "advanced" })).toBe(true);
    expect(isVisible(when({ equals: 1 }), { f: "1" })).toBe(false);
    expect(isVisible(when({ equals: true }), { f: true })).toBe(true);
    expect(isVisible(when({ equals: true }), { f: "true" })).toBe(false);
  });
  test("in and not", () => {
    expect(isVisible(when({ in: ["a", "b"] }), { f: "b" })).toBe(true);
    expect(isVisible(when({ in: ["a", "b"] }), { f: "c" })).toBe(false);
    expect(isVisible(when({ not: "a" }), { f: "b" })).toBe(true);
    expect(isVisible(when({ not: "a" }), { f: "a" })).toBe(false);
  });
  test("an untouched field compares as the empty string", () => {
    expect(isVisible(when({ equals: "" }), {})).toBe(true);
    expect(isVisible(when({ not: "" }), {})).toBe(false);
    expect(isVisible(when({ in: [""] }), {})).toBe(true);
  });
  test("range tests all must hold: {gte: 10, lt: 100} is an interval", () => {
    const interval = when({ gte: 10, lt: 100 });
    expect(isVisible(interval, { f: 10 })).toBe(true);
    expect(isVisible(interval, { f: 99.5 })).toBe(true);
    expect(isVisible(interval, { f: 100 })).toBe(false);
    expect(isVisible(interval, { f: 9 })).toBe(false);
    expect(isVisible(when({ gt: 1, lte: 2 }), { f: 2 })).toBe(true);
    expect(isVisible(when({ gt: 1, lte: 2 }), { f: 1 })).toBe(false);
  });
  test("an untouched field fails every range test, so a range-gated node stays hidden until its slider moves", () => {
    for (const range of [{ gt: -1 }, { gte: 0 }, { lt: 1 }, { lte: 0 }]) expect(isVisible(when(range), {})).toBe(false);
  });
  test("a text or boolean value fails a range test", () => {
    expect(isVisible(when({ gte: 0 }), { f: "5" })).toBe(false);
    expect(isVisible(when({ gte: 0 }), { f: true })).toBe(false);
  });
  test("fields named like Object.prototype members are untouched, not inherited", () => {
    expect(isVisible({ visibleWhen: { field: "toString", equals: "" } }, {})).toBe(true);
  });
});
