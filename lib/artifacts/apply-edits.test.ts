import { describe, expect, it } from "vitest";
import { applyArtifactEdits } from "./apply-edits";
import { ARTIFACT_LIMITS } from "./limits";

const TARGET = { path: "report.md", version: 3 };
const TEXT = "# Report\n\nStatus: green\n\n## Risks\nNone yet.\n\n## Next\nNone yet.\n";

describe("applyArtifactEdits", () => {
  it("replaces each find exactly once, in order, each against the text the edits before it left", () => {
    const result = applyArtifactEdits(TEXT, [
      { find: "Status: green", replace: "Status: amber" },
      { find: "## Risks\nNone yet.", replace: "## Risks\n- The migration may slip." },
      // Only one "None yet." is left after the edit above: no longer ambiguous.
      { find: "None yet.", replace: "Ship 2.4." },
    ], TARGET);
    expect(result).toEqual({ ok: true, content: "# Report\n\nStatus: amber\n\n## Risks\n- The migration may slip.\n\n## Next\nShip 2.4.\n" });
  });

  it("fails a missing find, changes nothing, and says what to do", () => {
    const result = applyArtifactEdits(TEXT, [{ find: "Status: green", replace: "x" }, { find: "Status: red", replace: "y" }], TARGET);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toContain("Edit 2 of 2 failed");
    expect(result.error).toContain("does not occur in report.md");
    expect(result.error).toContain("Nothing was changed: report.md is still version 3.");
    expect(result.error).toContain("show_artifact");
  });

  it("says so when the find matches only with different whitespace", () => {
    const result = applyArtifactEdits(TEXT, [{ find: "## Risks None yet.", replace: "x" }], TARGET);
    expect(!result.ok && result.error).toMatch(/whitespace is ignored/);
  });

  it("fails an ambiguous find, naming its lines", () => {
    const result = applyArtifactEdits(TEXT, [{ find: "None yet.", replace: "x" }], TARGET);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toContain("The edit failed: its `find` text occurs 2 times in report.md (lines 6, 9)");
    expect(result.error).toContain("Add surrounding text");
  });

  it("counts overlapping matches as ambiguous", () => {
    expect(applyArtifactEdits("aaa", [{ find: "aa", replace: "b" }], TARGET).ok).toBe(false);
  });

  it("refuses no edits, an empty find, too many edits, and a result past the size cap", () => {
    expect(applyArtifactEdits(TEXT, [], TARGET).ok).toBe(false);
    expect(applyArtifactEdits(TEXT, [{ find: "", replace: "x" }], TARGET).ok).toBe(false);
    const many = Array.from({ length: ARTIFACT_LIMITS.editsPerCall + 1 }, () => ({ find: "Report", replace: "Report" }));
    const tooMany = applyArtifactEdits(TEXT, many, TARGET);
    expect(!tooMany.ok && tooMany.error).toMatch(/at most 50 are allowed.*write_file/);
    const huge = applyArtifactEdits(TEXT, [{ find: "Status: green", replace: "x".repeat(ARTIFACT_LIMITS.contentBytes) }], TARGET);
    expect(!huge.ok && huge.error).toMatch(/After the edits: The content is 1\.0 MiB/);
  });

  it("treats replacement text literally ($& and $1 are not patterns)", () => {
    expect(applyArtifactEdits("price: X", [{ find: "X", replace: "$& $1 $$" }], TARGET)).toEqual({ ok: true, content: "price: $& $1 $$" });
  });
});
