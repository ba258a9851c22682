import { describe, expect, it } from "vitest";
import { buildFinalReply } from "@/lib/chat/final/final-reply";
import type { AssistantMessage, ToolCard } from "@/lib/chat/wire";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { estimateTokens } from "./estimate-tokens";
import { replyUiMetrics } from "./reply-ui-metrics";

const MESSAGE_ID = "reply-1";

function reply(text: string, tools: ToolCard[] = []): AssistantMessage {
  const final = buildFinalReply({
    messageId: MESSAGE_ID,
    text,
    blocks: compileUi(text, { id: MESSAGE_ID, final: true }),
    tools,
    actionPanelId: null,
    currentPanels: [],
  });
  return {
    id: MESSAGE_ID,
    chatId: "chat",
    sequence: 2,
    role: "assistant",
    text,
    ui: final.ui,
    genui: final.fences,
    tools: final.tools,
    receipt: final.receipt,
    status: "complete",
    silent: false,
    model: "replay:default",
    createdAt: new Date(0).toISOString(),
  };
}

const CLEAN_UI = ["```ui", "<Stats>", '<Stat label="Failed" value={2}/>', '<Stat label="Total" value={10}/>', "</Stats>", "```"].join("\n");
const BROKEN_UI = ["```ui", "<Stats>", '<Stat label="Failed" value={2}/>', "<Stat label=", "```"].join("\n");
const SLIDER_FENCE = '```octo-ui\n{"items": [{"type": "slider", "field": "level", "label": "Level", "min": 0, "max": 10}, {"type": "text", "text": "hi"}]}\n```';
const CARD: ToolCard = {
  id: "call-1",
  name: "render_ui",
  textOffset: 0,
  spec: { items: [{ type: "text", text: "from the tool" }] },
  diagnostics: [{ code: "text_truncated", path: "items[0].text", message: "cut" }],
};

describe("replyUiMetrics", () => {
  it("counts a plain-text reply as no UI", () => {
    const metrics = replyUiMetrics(reply("Just words."));
    expect(metrics).toEqual({
      blocks: 0,
      blocksByDialect: { ui: 0, "octo-ui": 0, render_ui: 0 },
      nodes: 0,
      nodesByDialect: { ui: 0, "octo-ui": 0, render_ui: 0 },
      diagnostics: {},
      budgetRefusals: {},
      lintFindings: 0,
      dataFindings: { "real data": 0, "empty data": 0 },
      uiCharacters: 0,
      textCharacters: 11,
      uiShare: 0,
      uiTokensPerNode: { ui: null, "octo-ui": null, render_ui: null },
    });
  });

  it("counts blocks, element nodes (not text children), characters and tokens per node of a clean block", () => {
    const text = `Intro.\n${CLEAN_UI}\nOutro.`;
    const metrics = replyUiMetrics(reply(text));
    expect(metrics.blocks).toBe(1);
    expect(metrics.nodesByDialect.ui).toBe(3);
    expect(metrics.diagnostics).toEqual({});
    expect(metrics.uiCharacters).toBe(CLEAN_UI.length);
    expect(metrics.textCharacters).toBe(text.length - CLEAN_UI.length);
    expect(metrics.uiShare).toBeCloseTo(CLEAN_UI.length / text.length, 10);
    expect(metrics.uiTokensPerNode.ui).toBe(estimateTokens(CLEAN_UI) / 3);
  });

  it("counts what the data checks found by check, apart from the compile diagnostics (a pane is never repaired)", () => {
    const text = `Intro.\n${CLEAN_UI}\nOutro.`;
    const blocks = compileUi(text, { id: MESSAGE_ID, final: true });
    const finding = (check: "real data" | "empty data", code: string) => ({ code, message: code, range: { start: 0, end: 5 }, check });
    const final = buildFinalReply({
      messageId: MESSAGE_ID,
      text,
      blocks,
      tools: [],
      actionPanelId: null,
      currentPanels: [],
      dataChecks: [{ blockId: blocks[0]?.id ?? "", findings: [finding("real data", "not_a_number"), finding("empty data", "invalid_prop"), finding("real data", "type_mismatch")], realChecked: true, samples: [] }],
    });
    const metrics = replyUiMetrics({ ...reply(text), receipt: final.receipt });
    expect(metrics.dataFindings).toEqual({ "real data": 2, "empty data": 1 });
    expect(metrics.diagnostics).toEqual({});
  });

  it("counts a malformed block's diagnostics by code", () => {
    const metrics = replyUiMetrics(reply(BROKEN_UI));
    const total = Object.values(metrics.diagnostics).reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThan(0);
    expect(metrics.diagnostics.unfinished_element).toBeGreaterThan(0);
    expect(metrics.budgetRefusals).toEqual({});
  });

  it("counts GenUI nodes, lint findings apart from diagnostics, and a render_ui card's JSON as UI", () => {
    const text = `${SLIDER_FENCE}\nAfter.`;
    const metrics = replyUiMetrics(reply(text, [CARD]));
    expect(metrics.blocksByDialect).toEqual({ ui: 0, "octo-ui": 1, render_ui: 1 });
    expect(metrics.nodesByDialect).toEqual({ ui: 0, "octo-ui": 2, render_ui: 1 });
    expect(metrics.nodes).toBe(3);
    // The slider nothing reads is lint, not a diagnostic.
    expect(metrics.lintFindings).toBe(1);
    expect(metrics.diagnostics).toEqual({ text_truncated: 1 });
    const cardJson = JSON.stringify(CARD.name === "render_ui" ? CARD.spec : null);
    expect(metrics.uiCharacters).toBe(SLIDER_FENCE.length + cardJson.length);
    expect(metrics.uiShare).toBeCloseTo((SLIDER_FENCE.length + cardJson.length) / (text.length + cardJson.length), 10);
    expect(metrics.uiTokensPerNode.render_ui).toBe(estimateTokens(cardJson));
    expect(metrics.uiTokensPerNode["octo-ui"]).toBe(estimateTokens(SLIDER_FENCE) / 2);
  });

  it("counts budget refusals apart from diagnostics", () => {
    const items = Array.from({ length: 205 }, (_, index) => ({ type: "text", text: `row ${index}` }));
    const text = `\`\`\`octo-ui\n${JSON.stringify({ items })}\n\`\`\``;
    const metrics = replyUiMetrics(reply(text));
    expect(metrics.budgetRefusals.too_many_nodes).toBe(1);
    expect(metrics.diagnostics.too_many_nodes).toBeUndefined();
    expect(metrics.nodesByDialect["octo-ui"]).toBe(200);
  });

  it("counts reply-wide receipt entries and skips the receipt's truncation marker", () => {
    const message = reply("Plain.");
    const metrics = replyUiMetrics({
      ...message,
      receipt: [
        { code: "text_replaced", message: "m", where: "the whole reply" },
        { code: "receipt_truncated", message: "m", where: "the whole reply" },
        { code: "duplicate_panel_id", message: "m", where: "x", dialect: "octo-ui" },
        // Entries of a part are counted from the part, not again from the receipt.
        { code: "invalid_json", message: "m", where: "octo-ui fence 1", dialect: "octo-ui" },
      ],
    });
    expect(metrics.diagnostics).toEqual({ text_replaced: 1, duplicate_panel_id: 1 });
  });
});

describe("estimateTokens", () => {
  it("is a quarter of the characters, rounded up", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abc")).toBe(1);
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
  });
});
