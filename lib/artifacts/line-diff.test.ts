import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffLines, splitLines, type LineDiff } from "./line-diff";

/** Rebuilds both sides from a diff: what every correct diff must allow. */
function sides(diff: LineDiff): { before: string[]; after: string[] } {
  return {
    before: diff.lines.filter((line) => line.kind !== "added").map((line) => line.text),
    after: diff.lines.filter((line) => line.kind !== "removed").map((line) => line.text),
  };
}

describe("diffLines", () => {
  it("finds the one changed line of an edit, with line numbers on both sides", () => {
    const diff = diffLines("a\nb\nc\nd\n", "a\nB\nc\nd\ne\n");
    expect(diff.lines).toEqual([
      { kind: "same", text: "a", before: 1, after: 1 },
      { kind: "removed", text: "b", before: 2 },
      { kind: "added", text: "B", after: 2 },
      { kind: "same", text: "c", before: 3, after: 3 },
      { kind: "same", text: "d", before: 4, after: 4 },
      { kind: "added", text: "e", after: 5 },
    ]);
    expect([diff.added, diff.removed, diff.minimal]).toEqual([2, 1, true]);
  });

  it("shows a section inserted in the middle as added lines only", () => {
    const before = "# Report\n\n## Summary\nAll good.\n\n## Next\nShip.\n";
    const after = "# Report\n\n## Summary\nAll good.\n\n## Risks\n- Slip.\n\n## Next\nShip.\n";
    const diff = diffLines(before, after);
    expect(diff.removed).toBe(0);
    expect(diff.lines.filter((line) => line.kind === "added").map((line) => line.text)).toEqual(["## Risks", "- Slip.", ""]);
  });

  it("is empty of changes for equal texts and treats CRLF like LF", () => {
    expect(diffLines("x\r\ny\r\n", "x\ny\n").added).toBe(0);
    expect(splitLines("")).toEqual([]);
    expect(splitLines("a\n")).toEqual(["a"]);
  });

  it("always rebuilds both versions, and is minimal: no shorter script exists", () => {
    const lines = fc.array(fc.constantFrom("a", "b", "c", "d", ""), { maxLength: 30 });
    fc.assert(
      fc.property(lines, lines, (left, right) => {
        const diff = diffLines(left.map((line) => `${line}\n`).join(""), right.map((line) => `${line}\n`).join(""));
        expect(sides(diff)).toEqual({ before: left, after: right });
        expect(diff.minimal).toBe(true);
        // A shortest script has N + M − 2·LCS edits.
        expect(diff.added + diff.removed).toBe(left.length + right.length - 2 * lcs(left, right));
      }),
      { numRuns: 300 },
    );
  });

  it("falls back to a true but non-minimal diff past the edit budget", () => {
    const before = Array.from({ length: 50 }, (_, index) => `old ${index}`).join("\n");
    const after = Array.from({ length: 50 }, (_, index) => `new ${index}`).join("\n");
    const diff = diffLines(`keep\n${before}\nkeep\n`, `keep\n${after}\nkeep\n`, 10);
    expect(diff.minimal).toBe(false);
    expect(sides(diff)).toEqual({ before: ["keep", ...before.split("\n"), "keep"], after: ["keep", ...after.split("\n"), "keep"] });
  });
});

function lcs(left: readonly string[], right: readonly string[]): number {
  const table = Array.from({ length: left.length + 1 }, () => new Array<number>(right.length + 1).fill(0));
  for (let i = 1; i <= left.length; i += 1) {
    for (let j = 1; j <= right.length; j += 1) {
      table[i]![j] = left[i - 1] === right[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
    }
  }
  return table[left.length]![right.length]!;
}
