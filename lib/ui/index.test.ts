import { describe, expect, it } from "vitest";
import * as ui from "./index";

/** Every runtime name the reference (seeds/004) gives the library. */
const REFERENCE_NAMES = [
  "compileUi", "compileUiBlock", "UiCompiler", "parseUiSyntax", "uiDiagnostic",
  "UiNodeSchema", "UiBlockSchema", "UiBlocksSchema", "UiDiagnosticSchema",
  "UI_CATALOG", "UI_GROUPS", "UI_CATALOG_VERSION", "UI_FENCE_LANGUAGE", "isUiComponent",
  "uiCatalogText", "uiCompactCatalog", "uiSessionNote", "uiReferenceText", "uiFallbackText", "UiToneSchema",
  "parseUiExpression", "evaluateUiExpression", "copyUiValue", "UiBudget", "UiFailure", "safeKey",
  "UI_LIMITS", "UI_REPLY_LIMITS", "UiState", "evaluateUiBlock", "uiQueryArguments", "uiQueryFallback",
  "uiInputValues", "resolveUiChoice", "uiValidatedState", "uiLinkTargets",
  "UiLinkTargetSchema", "UiLinkResolutionSchema", "UiStream", "UI_STREAM_INTERVAL_MS",
] as const;

describe("lib/ui public API", () => {
  it("exports every name of the reference", () => {
    const missing = REFERENCE_NAMES.filter((name) => (ui as Record<string, unknown>)[name] === undefined);
    expect(missing).toEqual([]);
  });

  it("runs the reference's own usage: compile a reply, evaluate each block with its state", () => {
    const reply = [
      "Here is the build.",
      "```ui",
      "$failedOnly = false",
      "<Stats><Stat label=\"Failed\" value={2} tone=\"danger\"/></Stats>",
      "<Switch label=\"Failed only\" value={$failedOnly}/>",
      "```",
    ].join("\n");
    // `now` as the reference offers it for deterministic tests: a cold, busy run must not trip the reply's time budget.
    const blocks = ui.compileUi(reply, { id: "item-1", final: true, now: () => 0 });
    expect(blocks).toHaveLength(1);
    const block = blocks[0]!;
    expect(block.diagnostics).toEqual([]);
    const state = new ui.UiState(block);
    const view = ui.evaluateUiBlock(block, state);
    expect(view.nodes.map((node) => node.type)).toEqual(["Stats", "Switch"]);
    expect(view.nodes[1]!.bindings.value!.set(true)).toBe(true);
    expect(state.scope()).toEqual({ failedOnly: true });
    expect(ui.UI_STREAM_INTERVAL_MS).toBe(250);
  });
});
