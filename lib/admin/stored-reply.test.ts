import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { readReplyParts } = await import("./stored-reply");

describe("readReplyParts", () => {
  it("keeps the cards that parse when one stored card does not", () => {
    // A card stored before tool-call ids were bounded: 300 characters no longer parse.
    const broken = { id: "c".repeat(300), name: "render_ui", textOffset: 0, spec: null, diagnostics: [] };
    const good = { id: "call-1", name: "file_issue", textOffset: 5, ok: false, state: "proposed", line: "File issue 'X' on project Demo as Ana", proposalId: "p-1" };
    const parts = readReplyParts({ ui: [], genui: { fences: [], tools: [broken, good] }, diagnostics: [] });
    expect(parts.tools.map((tool) => tool.id)).toEqual(["call-1"]);
  });
});
