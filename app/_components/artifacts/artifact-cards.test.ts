import { describe, expect, it } from "vitest";
import type { ArtifactCard } from "@/lib/artifacts/artifact-card";
import type { AssistantMessage, LiveReply, ToolCard } from "@/lib/chat/wire";
import { artifactCardsKey, artifactCardsOf, takeNewCards } from "./artifact-cards";
import { foldUnchanged } from "./artifact-changes";
import { diffLines } from "@/lib/artifacts/line-diff";

const card = (id: string, version = 1): ArtifactCard => ({ id, name: "write_file", textOffset: 0, path: "a.md", artifact: { artifactId: "a", path: "a.md", kind: "markdown", version } });
const renderUi: ToolCard = { id: "r", name: "render_ui", textOffset: 0, spec: null, diagnostics: [] };

function reply(id: string, tools: ToolCard[]): AssistantMessage {
  return { id, chatId: "c", sequence: 2, role: "assistant", text: "", tools, receipt: [], status: "complete", silent: false, model: "m", createdAt: "2026-01-01T00:00:00Z" };
}

describe("artifactCardsOf", () => {
  it("takes the artifact chips of stored replies, then of the live one, each once", () => {
    const live: LiveReply = { messageId: "m2", replyTo: "u", model: "m", startedAt: "x", text: "", ui: [], textLength: 0, tools: [card("c2"), card("c1")] };
    const cards = artifactCardsOf([reply("m1", [renderUi, card("c1")])], live);
    expect(cards.map((entry) => entry.id)).toEqual(["c1", "c2"]);
    expect(artifactCardsKey(cards)).toBe("c1:1|c2:1");
  });

  it("reports only chips not seen before", () => {
    const seen = new Set(["c1"]);
    expect(takeNewCards([card("c1"), card("c2")], seen).map((entry) => entry.id)).toEqual(["c2"]);
    expect(takeNewCards([card("c1"), card("c2")], seen)).toEqual([]);
  });
});

describe("foldUnchanged", () => {
  it("keeps three lines of context around each change and folds the rest", () => {
    const before = Array.from({ length: 20 }, (_, index) => `line ${index}`).join("\n");
    const after = before.replace("line 10", "LINE 10");
    const rows = foldUnchanged(diffLines(before, after).lines);
    expect(rows.map((row) => (row.kind === "fold" ? `fold ${row.count}` : `${row.line.kind} ${row.line.text}`))).toEqual([
      "fold 7",
      "same line 7",
      "same line 8",
      "same line 9",
      "removed line 10",
      "added LINE 10",
      "same line 11",
      "same line 12",
      "same line 13",
      "fold 6",
    ]);
  });
});
