import { describe, expect, test } from "vitest";
import type { GenuiSpec } from "../schema/spec";
import { carryPanelState } from "./carry-panel-state";

const spec = (items: unknown[]): GenuiSpec => ({ items }) as GenuiSpec;

describe("carryPanelState", () => {
  test("values whose fields still exist are kept, the rest dropped", () => {
    const next = spec([{ type: "input", field: "q" }, { type: "table", columns: ["a"], rows: [], filterBy: { field: "q", column: "a" } }]);
    const carried = carryPanelState({ fields: { q: "ada", gone: "x" }, tabs: {}, folds: {} }, next);
    expect(carried.fields).toEqual({ q: "ada" });
  });
  test("a value the new control cannot hold is dropped", () => {
    const next = spec([
      { type: "slider", field: "n", min: 0, max: 10, step: 1 },
      { type: "select", field: "s", options: [{ label: "A", value: "a" }] },
      { type: "checkbox", field: "c" },
      { type: "number", field: "m", max: 5 },
    ]);
    const carried = carryPanelState({ fields: { n: "5", s: "b", c: true, m: 9 }, tabs: {}, folds: {} }, next);
    expect(carried.fields).toEqual({ c: true });
    const kept = carryPanelState({ fields: { n: 5, s: "a", m: 4 }, tabs: {}, folds: {} }, next);
    expect(kept.fields).toEqual({ n: 5, s: "a", m: 4 });
  });
  test("selected tabs and folds stay where the same path still holds such a node", () => {
    const next = spec([
      { type: "tabs", tabs: [{ label: "a", children: [{ type: "collapsible", title: "c", children: [] }] }, { label: "b", children: [] }] },
      { type: "text", text: "was a collapsible" },
    ]);
    const previous = { fields: {}, tabs: { "items[0]": 1, "items[9]": 0 }, folds: { "items[0].tabs[0].children[0]": true, "items[1]": false } };
    expect(carryPanelState(previous, next)).toEqual({ fields: {}, tabs: { "items[0]": 1 }, folds: { "items[0].tabs[0].children[0]": true } });
    expect(carryPanelState({ ...previous, tabs: { "items[0]": 2 } }, next).tabs).toEqual({});
  });
  test("prototype keys in a stored state never reach the new one", () => {
    const stored = JSON.parse('{"fields": {"__proto__": {"admin": true}, "q": "x"}, "tabs": {}, "folds": {}}');
    const carried = carryPanelState(stored, spec([{ type: "input", field: "q" }]));
    expect(carried.fields).toEqual({ q: "x" });
    expect(Object.getPrototypeOf(carried.fields)).toBe(Object.prototype);
  });
});
