import { describe, expect, it } from "vitest";
import { genuiFenceRecords } from "@/lib/chat/final/final-reply";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { sourceMarks } from "./source-marks";

describe("sourceMarks", () => {
  it("marks each block and each diagnostic at its place in the reply, and cuts the text by them", () => {
    const text = 'Intro\n```ui\n<Tag tone="warning" color="red">flaky</Tag>\n```\nThen\n```octo-ui\n{"items":[{"type":"text","text":"hi","x":1}]}\n```\n';
    const ui = compileUi(text, { id: "m", final: true, now: () => 0 });
    const fences = genuiFenceRecords(text);
    const { marks, segments } = sourceMarks({ text, ui, fences, tools: [] });
    const slice = (id: string) => {
      const mark = marks.find((item) => item.id === id)!;
      return text.slice(mark.start, mark.end);
    };
    expect(marks.map((mark) => mark.label)).toEqual(["ui block 1", "refused_prop in ui block 1", "octo-ui fence 1", "unknown_field in octo-ui fence 1"]);
    expect(slice("block-ui-0")).toMatch(/^```ui\n<Tag[\s\S]*```$/);
    expect(slice("diagnostic-0")).toBe('color="red"');
    expect(marks[1]?.where).toBe("ui block 1, line 1");
    expect(slice("block-fence-0")).toMatch(/^```octo-ui/);
    expect(marks[3]?.where).toBe("octo-ui fence 1, items[0].x");
    // Segments tile the text, and the refused prop's segment is covered by its block and its diagnostic.
    expect(segments.map((segment) => text.slice(segment.start, segment.end)).join("")).toBe(text);
    expect(segments.find((segment) => text.slice(segment.start, segment.end) === 'color="red"')?.marks).toEqual(["block-ui-0", "diagnostic-0"]);
    expect(segments[0]).toEqual({ start: 0, end: 6, marks: [] });
  });

  it("gives an empty range one character so it can be seen, even at the very end", () => {
    const text = "```ui\n<Tag>open";
    const ui = compileUi(text, { id: "m", final: true, now: () => 0 });
    const { marks } = sourceMarks({ text, ui, fences: [], tools: [] });
    for (const mark of marks) expect(mark.end).toBeGreaterThan(mark.start);
    expect(marks.every((mark) => mark.end <= text.length)).toBe(true);
  });
});
