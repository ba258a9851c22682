import { describe, expect, it } from "vitest";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { genuiFenceRecords } from "../final/final-reply";
import { brokenBlocks, errorDiagnostics } from "./repair-blocks";
import { spliceRepairs } from "./repair-splice";

const BROKEN_UI = ["```ui id=health", "<Stats>", '  <Gauge label="Checkout" value={3}/>', "</Stat>", "```"].join("\n");
const FIXED_UI = ["```ui id=health", "<Stats>", '  <Stat label="Checkout" value={3}/>', "</Stats>", "```"].join("\n");
const CLEAN_UI = ["```ui", "<Summary>Fine.</Summary>", "```"].join("\n");
const BROKEN_JSON = ["```octo-ui", '{"id": "deploys", "items": [{"type": "heatmap", "cells": []}]}', "```"].join("\n");
const FIXED_JSON = ["```octo-ui", '{"id": "deploys", "items": [{"type": "text", "text": "No deploys today."}]}', "```"].join("\n");

const TEXT = `Prose before, with **Markdown**.\n\n${BROKEN_UI}\n\nProse between.\n\n${CLEAN_UI}\n\n${BROKEN_JSON}\n\nProse after.\n`;

function reply(text: string) {
  return { id: "m1", ui: compileUi(text, { id: "m1", final: true }), genui: genuiFenceRecords(text) };
}

function splice(answer: string, text = TEXT) {
  return spliceRepairs({ text, messageId: "m1", blocks: brokenBlocks(reply(text)), answer });
}

describe("brokenBlocks", () => {
  it("finds the blocks with errors in text order, in both dialects, and not the clean one", () => {
    const blocks = brokenBlocks(reply(TEXT));
    expect(blocks.map((block) => [block.dialect, block.position, block.panelId])).toEqual([
      ["ui", 1, "health"],
      ["octo-ui", 1, "deploys"],
    ]);
    expect(blocks[1]?.errors.map((error) => error.code)).toEqual(["unknown_type"]);
  });

  it("does not count advice or caps as errors, and leaves a block refused by a budget alone", () => {
    expect(errorDiagnostics([{ code: "unread_control", message: "" }, { code: "text_truncated", message: "" }])).toEqual([]);
    expect(errorDiagnostics([{ code: "unknown_component", message: "" }, { code: "budget_exceeded", message: "" }])).toBeNull();
    expect(errorDiagnostics([{ code: "unknown_component", message: "x" }])).toEqual([{ code: "unknown_component", message: "x" }]);
    const cut = "Prose.\n\n```ui\n<Summary>cut off";
    expect(brokenBlocks(reply(cut))).toEqual([]);
  });
});

describe("spliceRepairs", () => {
  it("replaces only the broken blocks' ranges: the prose and the clean block are exactly as written", () => {
    const result = splice(`Here you go:\n\n${FIXED_UI}\n\n${FIXED_JSON}\n\nThat is all.`);
    expect(result.replaced).toBe(2);
    expect(result.text).toBe(TEXT.replace(BROKEN_UI, FIXED_UI).replace(BROKEN_JSON, FIXED_JSON));
    expect(result.records.map((record) => [record.before, record.after, record.diagnosticsAfter])).toEqual([
      [BROKEN_UI, FIXED_UI, []],
      [BROKEN_JSON, FIXED_JSON, []],
    ]);
    expect(result.splices).toEqual([
      { start: TEXT.indexOf(BROKEN_UI), end: TEXT.indexOf(BROKEN_UI) + BROKEN_UI.length, delta: FIXED_UI.length - BROKEN_UI.length },
      { start: TEXT.indexOf(BROKEN_JSON), end: TEXT.indexOf(BROKEN_JSON) + BROKEN_JSON.length, delta: FIXED_JSON.length - BROKEN_JSON.length },
    ]);
  });

  it("keeps a block as written when its rewrite is missing, in the other dialect, no better, or names another panel", () => {
    const stillBroken = BROKEN_UI.replace("value={3}", "value={4}");
    const otherPanel = FIXED_UI.replace("id=health", "id=wealth");
    const cases: [string, string | undefined][] = [
      ["", "The answer held no rewrite for this block."],
      [`${FIXED_JSON}\n\n${FIXED_UI}`, "The rewrite is an octo-ui fence, not the block's own dialect."],
      [`${stillBroken}\n\n${FIXED_JSON}`, "The rewrite still has 3 errors."],
      [`${otherPanel}\n\n${FIXED_JSON}`, "The rewrite changed the block's panel id."],
    ];
    for (const [answer, reason] of cases) {
      const result = splice(answer);
      expect(result.records[0]?.rejected, answer).toBe(reason);
      expect(result.records[0]?.after, answer).toBeUndefined();
      expect(result.text.includes(BROKEN_UI), answer).toBe(true);
    }
  });

  it("takes a rewrite that fixes some of a block's errors, and records what is left", () => {
    const text = `Intro.\n\n${BROKEN_UI}\n`;
    const partly = FIXED_UI.replace("</Stats>", "</Stat>");
    const result = splice(partly, text);
    expect(result.replaced).toBe(1);
    expect(result.records[0]?.diagnosticsAfter?.map((diagnostic) => diagnostic.code)).toEqual(["unfinished_element", "unexpected_close_tag"]);
    expect(result.text).toBe(`Intro.\n\n${partly}\n`);
  });
});
