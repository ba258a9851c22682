import { describe, expect, it } from "vitest";
import { extractGenuiFences } from "@/lib/genui";
import type { ToolCard } from "@/lib/chat/wire";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { replySegments, type GenuiFencePart, type ReplySegment } from "./reply-segments";

const REPLY = [
  "Main is red: 3 tests failed.",
  "",
  "```ui id=build",
  "<Summary>Run #1842 on main</Summary>",
  "<Stats>",
  '  <Stat label="Failed" value={3} tone="danger"/>',
  "</Stats>",
  "```",
  "",
  "And the sales panel:",
  "",
  "```octo-ui",
  '{"id": "sales", "title": "Sales", "items": [{"type": "text", "text": "Up 12%"}]}',
  "```",
  "",
  "All three failures touch invoice rounding.",
].join("\n");

function fencesOf(text: string): GenuiFencePart[] {
  return extractGenuiFences(text).map((fence, index) => ({ index, range: fence.range, spec: fence.spec, diagnostics: fence.diagnostics, closed: fence.closed }));
}

/** A readable outline: prose by its text, parts by kind and id. */
function outline(segments: ReplySegment[]): string[] {
  return segments.map((segment) => {
    if (segment.kind === "text") return `text: ${segment.text.trim()}`;
    if (segment.kind === "ui") return `ui: ${segment.block.id}${segment.block.complete ? "" : " (incomplete)"}`;
    if (segment.kind === "genui") return `genui: ${segment.fence.spec?.id ?? segment.fence.index}${segment.fence.closed ? "" : " (open)"}`;
    return `tool: ${segment.card.id}`;
  });
}

function card(id: string, textOffset: number): ToolCard {
  return { id, name: "render_ui", textOffset, spec: { title: "Incident", items: [] }, diagnostics: [] };
}

function live(text: string, previewLength: number, tools: ToolCard[] = []): ReplySegment[] {
  return replySegments({
    text,
    blocks: compileUi(text.slice(0, previewLength), { id: "reply" }),
    blocksTextLength: previewLength,
    genuiFences: fencesOf(text),
    tools,
    streaming: true,
  });
}

describe("replySegments of a stored reply", () => {
  const stored = (tools: ToolCard[] = []) =>
    replySegments({
      text: REPLY,
      blocks: compileUi(REPLY, { id: "reply", final: true }),
      blocksTextLength: REPLY.length,
      genuiFences: fencesOf(REPLY),
      tools,
      streaming: false,
    });

  it("puts blocks and fences where they stand, with the prose between them", () => {
    expect(outline(stored())).toEqual([
      "text: Main is red: 3 tests failed.",
      "ui: build",
      "text: And the sales panel:",
      "genui: sales",
      "text: All three failures touch invoice rounding.",
    ]);
  });

  it("never shows a fence's source as prose", () => {
    const prose = stored()
      .filter((segment) => segment.kind === "text")
      .map((segment) => (segment.kind === "text" ? segment.text : ""))
      .join("");
    expect(prose).not.toContain("```");
    expect(prose).not.toContain("<Summary>");
  });

  it("draws a render_ui card at its text offset, and one called inside a fence after that fence", () => {
    const beforeFence = REPLY.indexOf("And the sales");
    const insideBlock = REPLY.indexOf("<Stats>");
    expect(outline(stored([card("call-a", beforeFence), card("call-b", insideBlock), card("call-c", 0)]))).toEqual([
      "tool: call-c",
      "text: Main is red: 3 tests failed.",
      "ui: build",
      "tool: call-b",
      "tool: call-a",
      "text: And the sales panel:",
      "genui: sales",
      "text: All three failures touch invoice rounding.",
    ]);
  });

  it("splits prose at a card's offset", () => {
    const text = "First part. Second part.";
    const segments = replySegments({ text, blocks: [], blocksTextLength: text.length, genuiFences: [], tools: [card("call", 11)], streaming: false });
    expect(outline(segments)).toEqual(["text: First part.", "tool: call", "text: Second part."]);
  });
});

describe("replySegments of a live reply", () => {
  it("shows prose past the newest preview as text", () => {
    const end = REPLY.indexOf("And the sales") + "And the sales panel:".length;
    const previewLength = REPLY.indexOf("```\n\nAnd") + 4;
    expect(outline(live(REPLY.slice(0, end), previewLength))).toEqual([
      "text: Main is red: 3 tests failed.",
      "ui: build",
      "text: And the sales panel:",
    ]);
  });

  it("holds back the rest of a block the preview saw open, until its closing line", () => {
    const previewLength = REPLY.indexOf("<Stats>");
    const segments = live(REPLY.slice(0, REPLY.indexOf("And the sales")), previewLength);
    expect(outline(segments)).toEqual(["text: Main is red: 3 tests failed.", "ui: build (incomplete)"]);
    const stillOpen = live(REPLY.slice(0, REPLY.indexOf("</Stats>")), previewLength);
    expect(outline(stillOpen)).toEqual(["text: Main is red: 3 tests failed.", "ui: build (incomplete)"]);
  });

  it("holds back a ui fence the preview has not seen yet, instead of flashing its source", () => {
    const text = REPLY.slice(0, REPLY.indexOf("<Stats>"));
    const segments = live(text, "Main is red".length);
    expect(outline(segments)).toEqual(["text: Main is red: 3 tests failed."]);
  });

  it("draws an octo-ui fence while it is still open, from the live text", () => {
    const text = REPLY.slice(0, REPLY.indexOf('"items"'));
    const segments = live(text, text.length);
    expect(outline(segments)).toEqual(["text: Main is red: 3 tests failed.", "ui: build", "text: And the sales panel:", "genui: 0 (open)"]);
  });
});
