import { describe, expect, it } from "vitest";
import type { RenderUiCard } from "@/lib/chat/wire";
import { replyPlainText, transportView } from "./transport-text";

const card: RenderUiCard = { id: "call-1", name: "render_ui", textOffset: 0, spec: { title: "INC-2291", items: [{ type: "text", text: "Mitigated" }] }, diagnostics: [] };
const standalone = "INC-2291 is mitigated but not resolved: traffic moved off the lagging replica at 14:32 and latency is back under the objective.";
const uiBlockReply = "Before.\n\n```ui\n<Stat label=\"Tests\" value={12} />\n```\n\nAfter.";
const uiBlock = { range: { start: 9, end: uiBlockReply.indexOf("After.") - 2 }, fallback: "Tests: 12" };
const fenceReply = 'Intro.\n\n```octo-ui\n{"title":"Sales","items":[{"type":"text","text":"x"}]}\n```\n\nDone.';

describe("transportView", () => {
  it("shows the prose with each ui block as its fallback and each octo-ui fence as its placeholder line", () => {
    const view = transportView({ text: uiBlockReply, ui: [uiBlock] as never, tools: [] });
    expect(view.text).toBe("Before.\n\nTests: 12\n\nAfter.");
    expect(transportView({ text: fenceReply, ui: [], tools: [] }).text).toBe("Intro.\n\n[Interactive panel “Sales” — open this chat in the web app to use it]\n\nDone.");
  });

  it("leaves render_ui cards out (IM and the terminal never show tool cards) and counts them", () => {
    const view = transportView({ text: standalone, ui: [], tools: [card] });
    expect(view).toEqual({ text: standalone, hiddenCards: 1, problems: [] });
  });

  it("flags a reply whose card has no text beside it", () => {
    const view = transportView({ text: "", ui: [], tools: [card, { ...card, id: "call-2" }] });
    expect(view.text).toBe("");
    expect(view.problems).toEqual(["The reply has no text: here it shows nothing, because the 2 cards cannot be shown."]);
  });

  it("flags text too short to carry the card, and text that points at it", () => {
    expect(transportView({ text: "Here you go.", ui: [], tools: [card] }).problems).toEqual(["The text is too short to stand on its own without the card."]);
    expect(transportView({ text: `${standalone} The details are in the card above.`, ui: [], tools: [card] }).problems).toEqual(["The text points at the card, which is not shown here."]);
    expect(transportView({ text: `As you can see in the chart, ${standalone}`, ui: [], tools: [card] }).problems).toHaveLength(1);
  });

  it("asks nothing of a reply without cards, however short", () => {
    expect(transportView({ text: "Yes.", ui: [], tools: [] }).problems).toEqual([]);
    expect(transportView({ text: "See the table below.", ui: [], tools: [] }).problems).toEqual([]);
  });
});

describe("transportView's text is plain", () => {
  const hostile = "Done.\u001b[2J\u001b]8;;https://tracker.example.test/\u001b\\here\u001b]8;;\u001b\\ \u001b]52;c;ZXZpbA==\u0007 \u009b31m \u202eevil\u202c \u2067x\u2069";
  const acting = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

  it("shows every escape sequence and bidi control of the prose as a mark, never as itself", () => {
    const view = transportView({ text: hostile, ui: [], tools: [] });
    expect(view.text).not.toMatch(acting);
    expect(view.text).toBe("Done.⟨ESC⟩[2J⟨ESC⟩]8;;https://tracker.example.test/⟨ESC⟩\\here⟨ESC⟩]8;;⟨ESC⟩\\ ⟨ESC⟩]52;c;ZXZpbA==⟨BEL⟩ ⟨CSI⟩31m ⟨U+202E⟩evil⟨U+202C⟩ ⟨U+2067⟩x⟨U+2069⟩");
  });

  it("does the same inside a ui block's fallback text and in the text copied with its cards", () => {
    const reply = "Before.\n\n```ui\n<Summary>x</Summary>\n```\n\nAfter.";
    const view = transportView({ text: reply, ui: [{ range: { start: 9, end: reply.indexOf("After.") - 2 }, fallback: "Tests \u001b[31mred\u202e" }] as never, tools: [] });
    expect(view.text).toBe("Before.\n\nTests ⟨ESC⟩[31mred⟨U+202E⟩\n\nAfter.");
    const copied = replyPlainText({ text: hostile, ui: [], tools: [{ ...card, spec: { title: "T\u202ex\u2067", items: [] } }] });
    expect(copied).not.toMatch(acting);
    expect(copied).toContain("⟨U+202E⟩");
  });
});

describe("replyPlainText", () => {
  it("keeps a line for each card after the prose, for copying", () => {
    expect(replyPlainText({ text: standalone, ui: [], tools: [card] })).toBe(`${standalone}\n\n[Interactive panel “INC-2291” — open this chat in the web app to use it]`);
  });
});
