import { describe, expect, it } from "vitest";
import { compileUi } from "../compile/compile-ui";
import { evaluateUiBlock } from "../evaluate/evaluate-block";
import { UiState } from "../state/ui-state";
import { uiBlockFallback } from "./fallback";
import { UI_GROUPS } from "./groups";
import { uiLanguageText, uiReferenceText, uiSessionNote, uiTextExamples } from "./text";

/**
 * A clock that never moves: these tests compare what the examples compile and
 * evaluate to, so a busy machine must not trip the time budgets (the reference
 * text alone is seven blocks, near the reply's 60 ms on a cold, loaded run).
 */
const STILL_CLOCK = () => 0;

/** Evaluation takes no clock, only limits: a time limit no run reaches. */
const UNTIMED = { elapsedMs: 60_000 };

/** Compiles a text as a final reply, with an attachment for `generated="latest"`. */
function compile(text: string) {
  return compileUi(text, { id: "example", final: true, latestAttachment: "att_latest", now: STILL_CLOCK });
}

/** Compiles one example body as a fence of its own. */
function compileExample(example: string) {
  const [block] = compile("```ui\n" + example + "\n```\n");
  if (!block) throw new Error("the example compiled to no block");
  return block;
}

describe("every example the texts show compiles and evaluates without diagnostics", () => {
  it("in the session note", () => {
    const blocks = compile(uiSessionNote());
    expect(blocks).toHaveLength(1);
    for (const block of blocks) {
      expect(block.diagnostics).toEqual([]);
      expect(block.complete).toBe(true);
      expect(block.nodes.length).toBeGreaterThan(0);
    }
  });

  it("in the reference, one block per group", () => {
    const blocks = compile(uiReferenceText());
    expect(blocks).toHaveLength(uiTextExamples().length - 1);
    expect(compile(uiLanguageText() + "\n" + uiReferenceText())).toHaveLength(uiTextExamples().length);
    for (const block of blocks) {
      expect(block.diagnostics, block.id).toEqual([]);
      expect(block.complete).toBe(true);
      expect(block.nodes.length).toBeGreaterThan(0);
    }
  });

  it("each on its own, compiled and evaluated against its state", () => {
    for (const example of uiTextExamples()) {
      const block = compileExample(example);
      expect(block.diagnostics, example.slice(0, 60)).toEqual([]);
      const evaluation = evaluateUiBlock(block, new UiState(block, { now: STILL_CLOCK }), UNTIMED);
      expect(evaluation.diagnostics, example.slice(0, 60)).toEqual([]);
      expect(evaluation.nodes.some((node) => node.type === "#fallback"), example.slice(0, 60)).toBe(false);
    }
  });
});

describe("the fallback of compiled and evaluated examples", () => {
  it("a compiled block's fallback shows expression values as placeholders", () => {
    const block = compileExample(UI_GROUPS.Data.example);
    expect(block.fallback).toContain("- Failed: …");
    expect(block.fallback).toContain("(table)");
    expect(block.fallback).toContain("`src/checkout/cart.ts:88`");
  });

  it("an evaluated tree's fallback shows the values", () => {
    const block = compileExample(UI_GROUPS.Data.example);
    const evaluation = evaluateUiBlock(block, new UiState(block, { now: STILL_CLOCK }), UNTIMED);
    const markdown = uiBlockFallback(evaluation.nodes);
    expect(markdown).toContain("- Failed: 1 (+1)");
    expect(markdown).toContain("- Slowest: 940 ms");
    expect(markdown).toContain("| Test | Time (ms) |\n| --- | --- |\n| login | 120 |");
    expect(markdown).toContain("| label | ms |\n| --- | --- |\n| login | 120 |");
    expect(markdown).toContain("- **checkout**: Fails in `src/checkout/cart.ts:88`");
  });

  it("an evaluated Each repeats its content and Show follows its state", () => {
    const block = compileExample(UI_GROUPS["Local inputs"].example);
    const state = new UiState(block, { now: STILL_CLOCK });
    expect(uiBlockFallback(evaluateUiBlock(block, state, UNTIMED).nodes)).toContain("**login** **checkout**");
    state.set("failedOnly", true);
    const markdown = uiBlockFallback(evaluateUiBlock(block, state, UNTIMED).nodes);
    expect(markdown).toContain("**checkout**");
    expect(markdown).not.toContain("**login**");
    expect(markdown).not.toContain("Release note");
  });
});
