import { describe, expect, it } from "vitest";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { isSilentReply, isSilentUiPanelUpdate } from "./silent-reply";

const UI_PANEL = '```ui id=build\n$on = false\n<Switch label="On" value={$on}/>\n```';
const GENUI_PANEL = '```octo-ui\n{"id": "sales", "items": [{"type": "text", "text": "hi"}]}\n```';
const card = { id: "call-1", name: "render_ui" as const, textOffset: 0, spec: { items: [] }, diagnostics: [] };

function silent(text: string, panelId: string, tools = false): boolean {
  return isSilentReply({ text, blocks: compileUi(text, { id: "reply", final: true }), tools: tools ? [card] : [], panelId });
}

describe("isSilentReply", () => {
  it("holds for exactly one closed fence of either dialect carrying the panel's id", () => {
    expect(silent(`\n${UI_PANEL}\n\n`, "build")).toBe(true);
    expect(silent(`${GENUI_PANEL}\n`, "sales")).toBe(true);
  });

  it("fails with any prose, another fence, another id, an open fence or a tool card", () => {
    expect(silent(`Here you go.\n${UI_PANEL}`, "build")).toBe(false);
    expect(silent(`${UI_PANEL}\nDone.`, "build")).toBe(false);
    expect(silent(`${UI_PANEL}\n${UI_PANEL.replace("build", "other")}`, "build")).toBe(false);
    expect(silent(`${UI_PANEL}\n${GENUI_PANEL}`, "build")).toBe(false);
    expect(silent(UI_PANEL, "sales")).toBe(false);
    expect(silent(UI_PANEL.replace("id=build", ""), "build")).toBe(false);
    expect(silent(UI_PANEL.slice(0, -3), "build")).toBe(false);
    expect(silent(GENUI_PANEL, "sales", true)).toBe(false);
  });

  it("applies the tag-language half to compiled blocks", () => {
    const blocks = compileUi(UI_PANEL, { id: "reply", final: true });
    expect(isSilentUiPanelUpdate(UI_PANEL, blocks, "build")).toBe(true);
    expect(isSilentUiPanelUpdate(UI_PANEL, [], "build")).toBe(false);
  });
});
