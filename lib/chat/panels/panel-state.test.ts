import { describe, expect, it } from "vitest";
import { PANEL_STATE_MAX_BYTES, panelStateDialect, parsePanelState, readGenuiPanelState, readUiPanelState } from "./panel-state";

const genui = { fields: { range: "7d" }, tabs: { "items[0]": 1 }, folds: {} };
const ui = { values: { failedOnly: true } };

describe("panel state", () => {
  it("tells the dialects apart by shape", () => {
    expect(panelStateDialect(genui)).toBe("octo-ui");
    expect(panelStateDialect(ui)).toBe("ui");
    expect(panelStateDialect({})).toBeNull();
    expect(readGenuiPanelState(ui)).toEqual({ fields: {}, tabs: {}, folds: {} });
    expect(readUiPanelState(genui)).toEqual({ values: {} });
    expect(readUiPanelState(ui)).toEqual(ui);
  });

  it("accepts only a state that fits the panel's dialect and size, and keeps only what the schema knows", () => {
    expect(parsePanelState("octo-ui", genui)).toEqual({ ok: true, state: genui });
    expect(parsePanelState("render_ui", genui)).toEqual({ ok: true, state: genui });
    expect(parsePanelState("ui", ui)).toEqual({ ok: true, state: ui });
    expect(parsePanelState(null, ui)).toEqual({ ok: true, state: ui });
    expect(parsePanelState("ui", genui).ok).toBe(false);
    expect(parsePanelState("octo-ui", ui).ok).toBe(false);
    expect(parsePanelState(null, { anything: 1 }).ok).toBe(false);
    expect(parsePanelState("ui", JSON.parse('{"values":{"__proto__":{"polluted":true},"kept":1}}'))).toEqual({ ok: true, state: { values: { kept: 1 } } });
    expect(parsePanelState("octo-ui", { ...genui, extra: "dropped" })).toEqual({ ok: true, state: genui });
    expect(parsePanelState("ui", { values: { big: "x".repeat(PANEL_STATE_MAX_BYTES) } }).ok).toBe(false);
  });
});
