import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { readStoredGenui } = await import("./message-record");

describe("readStoredGenui", () => {
  it("leaves out a card that does not parse and keeps its siblings: a long render_ui id cannot hide a reply's host action lines", () => {
    const renderUi = { id: "c".repeat(300), name: "render_ui", textOffset: 0, spec: null, diagnostics: [] };
    const issue = (id: string) => ({ id, name: "file_issue", textOffset: 5, ok: false, state: "proposed", line: "File issue 'X' on project Demo as Ana", proposalId: `p-${id}` });
    const stored = readStoredGenui({ fences: [], tools: [renderUi, issue("a"), issue("b")] });
    expect(stored?.tools.map((card) => card.id)).toEqual(["a", "b"]);
  });

  it("reads nothing from a column that is no object", () => {
    expect(readStoredGenui(null)).toBeNull();
    expect(readStoredGenui([1, 2])).toBeNull();
  });
});
