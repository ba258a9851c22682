import { describe, expect, it } from "vitest";
import { replyDetails, replyDetailsText } from "./reply-details";

describe("replyDetails", () => {
  it("names the model, its token counts and the compile time", () => {
    const rows = replyDetails({
      modelName: "Replay",
      modelId: "replay:scripted",
      usage: { inputTokens: 1_234, outputTokens: 56, reported: true, compileMs: 12.4 },
    });
    expect(rows).toEqual([
      { label: "Model", value: "Replay (replay:scripted)" },
      { label: "Tokens", value: "1,234 in / 56 out" },
      { label: "Compile time", value: "12 ms" },
    ]);
    expect(replyDetailsText(rows)).toBe("Model: Replay (replay:scripted) · Tokens: 1,234 in / 56 out · Compile time: 12 ms");
  });

  it("marks counts the provider did not report as estimated, and shows seconds from one second", () => {
    const rows = replyDetails({ modelName: "x:y", modelId: "x:y", usage: { inputTokens: 10, outputTokens: null, reported: false, compileMs: 1_460 } });
    expect(rows).toEqual([
      { label: "Model", value: "x:y" },
      { label: "Tokens", value: "10 in / unknown out (estimated)" },
      { label: "Compile time", value: "1.5 s" },
    ]);
  });

  it("has only the model for a reply stored without usage", () => {
    expect(replyDetails({ modelName: "Replay", modelId: "replay:scripted", usage: undefined })).toEqual([{ label: "Model", value: "Replay (replay:scripted)" }]);
  });
});
