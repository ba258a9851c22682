import { describe, expect, it } from "vitest";
import { PANEL_STATE_MAX_BYTES } from "./panel-state";
import { applyPanelStatePatch, combinePanelStatePatches, panelStatePatch, PanelStatePatchSchema } from "./panel-state-patch";

const genui = { fields: { region: "north", target: 200 }, tabs: { "items[0]": 1 }, folds: { "items[2]": true } };

describe("panel state patches", () => {
  it("hold what an edit changed: entries set, keys removed, nothing that stayed", () => {
    expect(panelStatePatch(genui, { ...genui, fields: { ...genui.fields, region: "south" } })).toEqual({ set: { fields: { region: "south" } } });
    expect(panelStatePatch(genui, { ...genui, fields: { target: 200 }, tabs: { "items[0]": 2 } })).toEqual({ set: { tabs: { "items[0]": 2 } }, unset: { fields: ["region"] } });
    expect(panelStatePatch(genui, { ...genui })).toBeNull();
    // A ```ui snapshot holds every state variable: only the one that moved is sent, arrays and records compared by value.
    expect(panelStatePatch({ values: { a: 1, list: [1, 2], b: "x" } }, { values: { a: 1, list: [1, 2], b: "y" } })).toEqual({ set: { values: { b: "y" } } });
    // From nothing known (a state the tab never drew), everything the tab has is set.
    expect(panelStatePatch(undefined, { values: { a: null } })).toEqual({ set: { values: { a: null } } });
  });

  it("combine in order: a later set or removal of a key replaces the earlier one", () => {
    const first = panelStatePatch(genui, { ...genui, fields: { target: 210 } });
    const second = panelStatePatch({ ...genui, fields: { target: 210 } }, { ...genui, fields: { target: 210, region: "east" }, folds: {} });
    expect(first).toEqual({ set: { fields: { target: 210 } }, unset: { fields: ["region"] } });
    expect(combinePanelStatePatches(first, second)).toEqual({ set: { fields: { target: 210, region: "east" } }, unset: { folds: ["items[2]"] } });
    expect(combinePanelStatePatches(second, { unset: { fields: ["region"] } })).toEqual({ unset: { folds: ["items[2]"], fields: ["region"] } });
    expect(combinePanelStatePatches(null, first)).toBe(first);
    expect(combinePanelStatePatches(first, null)).toBe(first);
  });

  it("merge into a stored state entry by entry, keeping what the patch does not name", () => {
    expect(applyPanelStatePatch("octo-ui", genui, { set: { fields: { range: "7d" } }, unset: { fields: ["region"] } })).toEqual({
      ok: true,
      state: { fields: { target: 200, range: "7d" }, tabs: { "items[0]": 1 }, folds: { "items[2]": true } },
    });
    expect(applyPanelStatePatch("ui", { values: { a: 1, b: 2 } }, { set: { values: { b: 3 } } })).toEqual({ ok: true, state: { values: { a: 1, b: 3 } } });
    // A state that is not the panel's shape (a row left empty) counts as untouched.
    expect(applyPanelStatePatch("render_ui", {}, { set: { tabs: { "items[1]": 0 } } })).toEqual({ ok: true, state: { fields: {}, tabs: { "items[1]": 0 }, folds: {} } });
    // The panel's dialect unknown: the stored state's shape, else the sections the patch names.
    expect(applyPanelStatePatch(null, { values: { a: 1 } }, { set: { values: { b: true } } })).toEqual({ ok: true, state: { values: { a: 1, b: true } } });
    expect(applyPanelStatePatch(null, null, { set: { folds: { x: false } } })).toEqual({ ok: true, state: { fields: {}, tabs: {}, folds: { x: false } } });
  });

  it("refuse a change that does not fit the panel, and one that would grow it past the size cap", () => {
    expect(applyPanelStatePatch("ui", { values: {} }, { set: { fields: { a: "x" } } }).ok).toBe(false);
    expect(applyPanelStatePatch("octo-ui", genui, { set: { values: { a: 1 } } }).ok).toBe(false);
    expect(applyPanelStatePatch(null, null, { set: { values: { a: 1 }, fields: { b: "x" } } }).ok).toBe(false);
    expect(applyPanelStatePatch("octo-ui", genui, { set: { fields: { region: { nested: true } } } }).ok).toBe(false);
    expect(applyPanelStatePatch("octo-ui", genui, { set: { tabs: { "items[0]": -1 } } }).ok).toBe(false);
    const half = "x".repeat(PANEL_STATE_MAX_BYTES / 2);
    const grown = applyPanelStatePatch("ui", { values: { a: half } }, { set: { values: { b: half } } });
    expect(grown.ok).toBe(false);
    expect(applyPanelStatePatch("ui", { values: {} }, { set: { values: { a: "x".repeat(PANEL_STATE_MAX_BYTES) } } }).ok).toBe(false);
  });

  it("never let a __proto__ key reach an object's prototype", () => {
    const parsed = PanelStatePatchSchema.parse(JSON.parse('{"set":{"values":{"__proto__":{"polluted":true},"kept":1}}}'));
    const merged = applyPanelStatePatch("ui", { values: {} }, parsed);
    expect(merged).toEqual({ ok: true, state: { values: { kept: 1 } } });
    const built = panelStatePatch({ values: {} }, JSON.parse('{"values":{"__proto__":{"polluted":true}}}'));
    expect(Object.getPrototypeOf(built?.set?.values)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("accept only the sections of a panel's state, as plain records", () => {
    expect(PanelStatePatchSchema.safeParse({ set: { fields: { a: "x" } }, unset: { tabs: ["b"] } }).success).toBe(true);
    expect(PanelStatePatchSchema.safeParse({ set: { other: {} } }).success).toBe(false);
    expect(PanelStatePatchSchema.safeParse({ set: { fields: [] } }).success).toBe(false);
    expect(PanelStatePatchSchema.safeParse({ replace: {} }).success).toBe(false);
  });
});
