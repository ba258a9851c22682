import { stepCountIs, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { createReplayLibrary, loadReplayLibrary } from "./replay/load-recordings";
import type { Recording } from "./replay/recording-schema";
import { createReplayModel } from "./replay/replay-language-model";
import { instantSleep } from "./replay/replay-sleep";
import { RENDER_UI_TOOL_NAME, executeRenderUi, renderUiTool, type RenderUiToolResult } from "./render-ui-tool";

const tools = { render_ui: renderUiTool };

function toolRecording(id: string, spec: unknown): Recording {
  return {
    id,
    title: id,
    description: id,
    dialects: ["render_ui"],
    examplePrompt: id,
    match: { keywords: [id], patterns: [] },
    priority: 0,
    listed: true,
    steps: [
      { text: "", toolCalls: [{ toolName: RENDER_UI_TOOL_NAME, input: JSON.stringify({ spec }) }] },
      { text: "Done.", toolCalls: [] },
    ],
  };
}

describe("executeRenderUi", () => {
  it("returns the clamped spec and reports every drop", () => {
    const result = executeRenderUi({
      spec: {
        title: "Deploys",
        items: [
          { type: "progress", value: 140, label: "Rollout" },
          { type: "button", label: "Retry", action: "retry" },
        ],
      },
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.spec.items).toEqual([{ type: "progress", value: 100, label: "Rollout" }]);
    expect(result.diagnostics.map((diagnostic) => diagnostic.path)).toEqual(["items[0].value", "items[1]"]);
  });

  it("fails with reasons when nothing renderable is left", () => {
    const result = executeRenderUi({ spec: { items: [{ type: "input", field: "name" }] } });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/call render_ui again/);
    expect(!result.ok && result.error).toContain("items[0]");
  });
});

describe("render_ui through streamText and the replay model", () => {
  it("executes the recorded call and returns the card's spec", async () => {
    const library = loadReplayLibrary();
    const model = createReplayModel({ library, sleep: instantSleep });
    model.session.expect("incident-card");
    const result = streamText({ model, prompt: "Summarize the current incident", tools, stopWhen: stepCountIs(3) });
    const outputs: RenderUiToolResult[] = [];
    for await (const part of result.fullStream) {
      if (part.type === "tool-result" && !part.dynamic) outputs.push(part.output);
    }
    const recorded = JSON.parse(library.get("incident-card")?.steps[0]?.toolCalls[0]?.input ?? "{}");
    expect(outputs).toEqual([{ ok: true, spec: recorded.spec, diagnostics: [] }]);
    // The model is told only that the card was drawn.
    const messages = (await result.response).messages;
    const toolMessage = messages.find((message) => message.role === "tool");
    expect(JSON.stringify(toolMessage?.content)).toContain("was rendered for the user");
    expect(await result.text).toBe(library.get("incident-card")?.steps[1]?.text);
    model.session.assertConsumed();
  });

  it("hands the model an error it can read when the spec has no valid items", async () => {
    const library = createReplayLibrary([toolRecording("empty-card", { title: "Empty", items: [{ type: "slider", field: "x", min: 0, max: 1 }] })]);
    const model = createReplayModel({ library, sleep: instantSleep });
    model.session.expect("empty-card");
    const result = streamText({ model, prompt: "empty-card", tools, stopWhen: stepCountIs(3) });
    let output: RenderUiToolResult | undefined;
    for await (const part of result.fullStream) {
      if (part.type === "tool-result" && !part.dynamic) output = part.output;
    }
    expect(output?.ok).toBe(false);
    const toolMessage = (await result.response).messages.find((message) => message.role === "tool");
    const content = toolMessage?.role === "tool" ? toolMessage.content[0] : undefined;
    expect(content?.type === "tool-result" && content.output.type).toBe("error-text");
    model.session.assertConsumed();
  });

  it("is refused by the SDK (as a tool error the model sees) when items is not an array", async () => {
    const library = createReplayLibrary([toolRecording("no-items", { title: "No items" })]);
    const model = createReplayModel({ library, sleep: instantSleep });
    model.session.expect("no-items");
    const result = streamText({ model, prompt: "no-items", tools, stopWhen: stepCountIs(3) });
    const types: string[] = [];
    for await (const part of result.fullStream) types.push(part.type);
    expect(types).toContain("tool-error");
    expect(types).not.toContain("tool-result");
    model.session.assertConsumed();
  });
});
