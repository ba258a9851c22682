import { describe, expect, it } from "vitest";
import { createReplayLibrary, loadReplayLibrary } from "./load-recordings";
import { matchRecording } from "./match-recording";
import type { Recording } from "./recording-schema";

const library = loadReplayLibrary();

function recording(id: string, overrides: Partial<Recording> = {}): Recording {
  return {
    id,
    title: id,
    description: id,
    dialects: [],
    examplePrompt: id,
    match: { keywords: [], patterns: [] },
    priority: 0,
    listed: true,
    steps: [{ text: id, toolCalls: [] }],
    ...overrides,
  };
}

describe("matchRecording", () => {
  it.each(library.recordings.map((candidate) => [candidate.id, candidate.examplePrompt] as const))(
    "the example prompt of %s selects it",
    (id, prompt) => {
      const selection = matchRecording(library, prompt);
      expect(selection.kind === "unmatched" || selection.kind === "unmatched-action" ? null : selection.recording.id).toBe(id);
    },
  );

  it("matches keywords case-insensitively at word boundaries only", () => {
    const small = createReplayLibrary([recording("form", { match: { keywords: ["form"], patterns: [] } })]);
    expect(matchRecording(small, "Give me a FORM please").kind).toBe("keywords");
    expect(matchRecording(small, "How is performance?").kind).toBe("unmatched");
  });

  it("prefers priority, then more matched terms, then the id", () => {
    const small = createReplayLibrary([
      recording("b-two-terms", { match: { keywords: ["sales", "dashboard"], patterns: [] } }),
      recording("a-one-term", { match: { keywords: ["sales"], patterns: [] } }),
      recording("c-priority", { match: { keywords: ["weekly"], patterns: [] }, priority: 5 }),
    ]);
    const pick = (prompt: string) => {
      const selection = matchRecording(small, prompt);
      return selection.kind === "keywords" ? selection.recording.id : selection.kind;
    };
    expect(pick("sales dashboard")).toBe("b-two-terms");
    expect(pick("sales")).toBe("a-one-term");
    expect(pick("weekly sales dashboard")).toBe("c-priority");
  });

  it("answers an action envelope only with an action recording, preferring one that also names fields", () => {
    const envelope = (fields: Record<string, unknown>) =>
      `[octo-ui-action] ${JSON.stringify({ panel: "sales", action: "refresh", fields, payload: {} })}`;
    const monthly = matchRecording(library, envelope({ range: "30d", region: "" }));
    expect(monthly.kind).toBe("action");
    expect(monthly.kind === "action" && monthly.recording.id).toBe("sales-refresh");
    const weekly = matchRecording(library, envelope({ range: "7d" }));
    expect(weekly.kind === "action" && weekly.recording.id).toBe("sales-refresh-week");
  });

  it("reports an envelope no recording answers, even when its text has keywords", () => {
    const selection = matchRecording(
      library,
      '[octo-ui-action] {"panel":"sales","action":"export","fields":{"note":"sales dashboard"},"payload":{}}',
    );
    expect(selection.kind).toBe("unmatched-action");
    expect(selection.kind === "unmatched-action" && selection.envelope.action).toBe("export");
  });

  it("does not treat a malformed envelope as an action", () => {
    const selection = matchRecording(library, "[octo-ui-action] {not json} sales dashboard");
    expect(selection.kind).toBe("keywords");
  });

  it("plays any recording, listed or not, by /replay <id>", () => {
    const selection = matchRecording(library, "/replay sales-refresh");
    expect(selection.kind).toBe("direct");
    expect(selection.kind === "direct" && selection.recording.id).toBe("sales-refresh");
    expect(matchRecording(library, "/replay no-such-recording").kind).toBe("unmatched");
  });

  it("leaves an unrelated prompt unmatched", () => {
    expect(matchRecording(library, "What is the capital of Mongolia?").kind).toBe("unmatched");
  });
});
