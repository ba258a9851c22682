import { describe, expect, it } from "vitest";
import type { MessageStatus, Panel } from "@/db/schema";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { ToolCard } from "../wire";
import { buildFinalReply } from "./final-reply";

const MESSAGE_ID = "reply-2";

function panel(panelId: string, revision: number, state: Panel["state"]): Panel {
  return { chatId: "c", panelId, revision, messageId: "reply-1", state, updatedAt: new Date(0) };
}

function build(text: string, options: { panels?: Panel[]; actionPanelId?: string; tools?: ToolCard[]; status?: MessageStatus } = {}) {
  return buildFinalReply({
    messageId: MESSAGE_ID,
    text,
    blocks: compileUi(text, { id: MESSAGE_ID, final: true }),
    tools: options.tools ?? [],
    actionPanelId: options.actionPanelId ?? null,
    currentPanels: options.panels ?? [],
    ...(options.status ? { status: options.status } : {}),
  });
}

const UI_BLOCKS = ["```ui id=build", "$failedOnly = false", '<Switch label="Failed" value={$failedOnly}/>', "```", "", "```ui", "<Summary>one-off</Summary>", "```", ""].join("\n");
const SALES = '```octo-ui\n{"id": "sales", "items": [{"type": "select", "field": "range", "options": [{"label": "7 days", "value": "7d"}]}]}\n```\n';

describe("buildFinalReply", () => {
  it("gives a panel's block the panel's next revision and every other block revision 1, carrying state", () => {
    const final = build(UI_BLOCKS, { panels: [panel("build", 3, { values: { failedOnly: true, gone: 1 } })] });
    expect(final.ui.map((block) => [block.id, block.revision])).toEqual([
      ["build", 4],
      [`${MESSAGE_ID}:1`, 1],
    ]);
    expect(final.panels).toEqual([{ panelId: "build", dialect: "ui", revision: 4, state: { values: { failedOnly: true } } }]);
    expect(final.silent).toBe(false);
    expect(final.receipt).toEqual([]);
  });

  it("starts a new panel at revision 1 and carries GenUI state by carryPanelState", () => {
    expect(build(SALES).panels).toEqual([{ panelId: "sales", dialect: "octo-ui", revision: 1, state: { fields: {}, tabs: {}, folds: {} } }]);
    const kept = build(SALES, { panels: [panel("sales", 1, { fields: { range: "7d", other: "x" }, tabs: {}, folds: {} })] });
    expect(kept.panels[0]?.state).toEqual({ fields: { range: "7d" }, tabs: {}, folds: {} });
    expect(kept.fences).toEqual([expect.objectContaining({ index: 0, panelId: "sales" })]);
    // A panel that changed dialect starts with a clean state.
    expect(build(SALES, { panels: [panel("sales", 5, { values: { range: "7d" } })] }).panels[0]).toEqual({
      panelId: "sales",
      dialect: "octo-ui",
      revision: 6,
      state: { fields: {}, tabs: {}, folds: {} },
    });
  });

  it("makes only the first use of a panel id the panel, and lists the other", () => {
    const duplicate = `${UI_BLOCKS}${SALES.replace('"sales"', '"build"')}`;
    const final = build(duplicate);
    expect(final.panels.map((written) => [written.panelId, written.dialect])).toEqual([["build", "ui"]]);
    expect(final.receipt.map((entry) => entry.code)).toEqual(["duplicate_panel_id"]);
  });

  it("marks a reply to an action on a panel silent only when it is that panel alone", () => {
    expect(build(SALES, { actionPanelId: "sales" }).silent).toBe(true);
    expect(build(`Refreshed.\n${SALES}`, { actionPanelId: "sales" }).silent).toBe(false);
    expect(build(SALES, { actionPanelId: "other" }).silent).toBe(false);
    expect(build(SALES).silent).toBe(false);
  });

  it("makes a render_ui card with an id a panel too", () => {
    const card: ToolCard = { id: "call-1", name: "render_ui", textOffset: 0, spec: { id: "incident", items: [] }, diagnostics: [] };
    expect(build("Summary below.", { tools: [card] }).panels).toEqual([
      { panelId: "incident", dialect: "render_ui", revision: 1, state: { fields: {}, tabs: {}, folds: {} } },
    ]);
  });

  describe("an unfinished re-emission never supersedes", () => {
    const stored = panel("sales", 2, { fields: { range: "30d" }, tabs: {}, folds: {} });
    const partial = SALES.slice(0, SALES.indexOf('"items"') + 12);

    it("keeps the panel's revision when an answer to its action is stopped or fails mid-fence, and keeps that answer silent", () => {
      for (const status of ["stopped", "error"] as const) {
        const final = build(partial, { panels: [stored], actionPanelId: "sales", status });
        expect(final.panels).toEqual([]);
        expect(final.fences).toEqual([expect.objectContaining({ panelId: "sales" })]);
        expect(final.silent).toBe(true);
      }
    });

    it("keeps it when the fence came whole but the reply was stopped before it ended", () => {
      const final = build(SALES, { panels: [stored], actionPanelId: "sales", status: "stopped" });
      expect(final.panels).toEqual([]);
      expect(final.silent).toBe(true);
    });

    it("keeps it for an unclosed fence even in a reply that ended normally", () => {
      expect(build(partial, { panels: [stored], actionPanelId: "sales" }).panels).toEqual([]);
    });

    it("keeps a ```ui panel's revision when its block with id= is cut short", () => {
      const build4 = panel("build", 4, { values: { failedOnly: true } });
      const cut = "```ui id=build\n$failedOnly = false\n<Switch label=\"Fai";
      const final = build(cut, { panels: [build4], actionPanelId: "build", status: "stopped" });
      expect(final.panels).toEqual([]);
      expect(final.ui.map((block) => [block.id, block.revision])).toEqual([["build", 1]]);
      expect(final.silent).toBe(true);
    });

    it("keeps a stopped answer silent while it could still have been the update, and visible once it could not", () => {
      const stopped = (text: string) => build(text, { panels: [stored], actionPanelId: "sales", status: "stopped" }).silent;
      expect(stopped("")).toBe(true);
      expect(stopped("\n``")).toBe(true);
      expect(stopped('```octo-ui\n{"ti')).toBe(true);
      expect(stopped(`Refreshing now.\n${partial}`)).toBe(false);
      expect(stopped(partial.replace('"sales"', '"other"'))).toBe(false);
      expect(build("", { actionPanelId: "sales", status: "complete" }).silent).toBe(false);
    });

    it("still makes a panel id new to the chat a panel when its reply is stopped", () => {
      expect(build(partial, { status: "stopped" }).panels).toEqual([expect.objectContaining({ panelId: "sales", revision: 1 })]);
    });
  });
});
