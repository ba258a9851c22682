import { describe, expect, it } from "vitest";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { replySegments } from "./reply-segments";

describe("replySegments", () => {
  it("keeps prose around each block, in order, and leaves blank prose out", () => {
    const text = "Before.\n\n```ui\n<Summary>one</Summary>\n```\n\nBetween.\n\n```ui\n<Tag>two</Tag>\n```\n";
    const blocks = compileUi(text, { id: "r", final: true });
    const segments = replySegments(text, blocks);
    expect(segments.map((segment) => segment.kind)).toEqual(["prose", "block", "prose", "block"]);
    expect(segments[0]).toEqual({ kind: "prose", text: "Before.\n\n" });
    expect(segments[2]).toMatchObject({ kind: "prose", text: expect.stringContaining("Between.") });
    expect(segments[2]).not.toMatchObject({ text: expect.stringContaining("```") });
  });

  it("keeps an unfinished fence as a block at the end", () => {
    const text = "Here:\n\n```ui\n<Summary>par";
    const segments = replySegments(text, compileUi(text, { id: "r" }));
    expect(segments.map((segment) => segment.kind)).toEqual(["prose", "block"]);
  });

  it("is all prose without blocks", () => {
    expect(replySegments("Just text.", [])).toEqual([{ kind: "prose", text: "Just text." }]);
  });
});
