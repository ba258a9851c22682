import { describe, expect, it } from "vitest";
import { EXCERPT_LINE_LENGTH, EXCERPT_MARKED_LINES, sourceExcerpter } from "./source-excerpt";

const SOURCE = ["one", "two", "three", "four", "five", "six", "seven"].join("\n");

describe("sourceExcerpter", () => {
  it("shows the marked line with two lines either side, numbered from 1", () => {
    const start = SOURCE.indexOf("four");
    const excerpt = sourceExcerpter(SOURCE)({ start, end: start + 4 });
    expect(excerpt.lines.map((line) => [line.number, line.text, line.mark ?? null])).toEqual([
      [2, "two", null],
      [3, "three", null],
      [4, "four", { start: 0, end: 4 }],
      [5, "five", null],
      [6, "six", null],
    ]);
    expect(excerpt.markCut).toBe(false);
  });

  it("marks each line of a range over several, and cuts a range over many", () => {
    const start = SOURCE.indexOf("ree");
    const excerpt = sourceExcerpter(SOURCE)({ start, end: SOURCE.indexOf("four") + 2 });
    expect(excerpt.lines.filter((line) => line.mark).map((line) => line.text.slice(line.mark!.start, line.mark!.end))).toEqual(["ree", "fo"]);
    const long = Array.from({ length: 20 }, (_, index) => `line ${index}`).join("\n");
    const whole = sourceExcerpter(long)({ start: 0, end: long.length });
    expect(whole.lines.filter((line) => line.mark)).toHaveLength(EXCERPT_MARKED_LINES);
    expect(whole.markCut).toBe(true);
  });

  it("makes an empty range visible, and leaves a caret where there is nothing to cover", () => {
    const excerpt = sourceExcerpter(SOURCE);
    expect(excerpt({ start: 4, end: 4 }).lines.find((line) => line.mark)).toMatchObject({ text: "two", mark: { start: 0, end: 1 } });
    expect(excerpt({ start: 3, end: 3 }).lines.find((line) => line.mark)).toMatchObject({ text: "one", mark: { start: 2, end: 3 } });
    expect(sourceExcerpter("a\n\nb")({ start: 2, end: 2 }).lines.find((line) => line.mark)).toMatchObject({ number: 2, text: "", mark: { start: 0, end: 0 } });
    // Out of range and reversed offsets are clamped, not thrown on.
    expect(excerpt({ start: 500, end: -3 }).lines.length).toBeGreaterThan(0);
  });

  it("cuts a long line around its mark and says so", () => {
    const line = `${"a".repeat(500)}TARGET${"b".repeat(500)}`;
    const shown = sourceExcerpter(line)({ start: 500, end: 506 }).lines[0]!;
    expect(shown.text.length).toBe(EXCERPT_LINE_LENGTH);
    expect(shown.text.slice(shown.mark!.start, shown.mark!.end)).toBe("TARGET");
    expect([shown.cutBefore, shown.cutAfter]).toEqual([true, true]);
  });

  it("drops the carriage return of a CRLF line", () => {
    expect(sourceExcerpter("a\r\nb\r\n")({ start: 3, end: 4 }).lines.map((line) => line.text)).toEqual(["a", "b", ""]);
  });
});
