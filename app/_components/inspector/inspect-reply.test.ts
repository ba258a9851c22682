import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { boundaryReceiptEntries } from "@/lib/chat/final/boundary-receipt";
import { degradationReceipt } from "@/lib/chat/final/degradation-receipt";
import { checkBlockData } from "@/lib/chat/turn/block-data-check";
import type { GenuiFenceRecord, ToolCard } from "@/lib/chat/wire";
import { extractGenuiFences } from "@/lib/genui/fence/extract-genui-fences";
import { parseGenuiSpec } from "@/lib/genui/parse/parse-genui-spec";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { evaluateUiBlock } from "@/lib/ui/evaluate";
import { UiState } from "@/lib/ui/state";
import { inspectReply, INSPECTOR_FINDINGS_SHOWN, type InspectorFinding } from "./inspect-reply";
import type { SourceExcerpt } from "./source-excerpt";

const MESSAGE_ID = "reply-1";

/** A reply's parts as the final store makes them, and its receipt. */
function partsOf(text: string, tools: ToolCard[] = []) {
  const blocks = compileUi(text, { id: MESSAGE_ID, final: true });
  const fences: GenuiFenceRecord[] = extractGenuiFences(text).map((fence, index) => ({
    index,
    range: fence.range,
    ...(fence.spec?.id ? { panelId: fence.spec.id } : {}),
    spec: fence.spec,
    diagnostics: fence.diagnostics,
  }));
  const receipt = degradationReceipt({ text, messageId: MESSAGE_ID, blocks, fences, tools });
  return { text, blocks, fences, tools, receipt };
}

/** The marked text of an excerpt, line by line. */
function marked(excerpt: SourceExcerpt | undefined): string[] {
  return (excerpt?.lines ?? []).filter((line) => line.mark).map((line) => line.text.slice(line.mark!.start, line.mark!.end));
}

function byCode(findings: readonly InspectorFinding[], code: string): InspectorFinding {
  const found = findings.find((finding) => finding.code === code);
  if (!found) throw new Error(`no ${code} in ${findings.map((finding) => finding.code).join(", ")}`);
  return found;
}

describe("inspectReply", () => {
  it("groups the malformed reply's findings by part in reading order, in plain words, with the source marked", () => {
    const inspection = inspectReply(partsOf(readFileSync("fixtures/replays/malformed-ui/reply.md", "utf8")));
    expect(inspection.groups.map((group) => [group.title, group.dialect])).toEqual([
      ["UI block 1", "ui"],
      ["JSON panel 1 \u201cServices\u201d", "octo-ui"],
      ["JSON panel 2 \u201cBroken\u201d", "octo-ui"],
    ]);
    expect(inspection.summary).toBe("3 parts could not be shown, 1 value was adjusted, 4 writing mistakes were worked around");
    expect(inspection.total).toBe(8);

    const block = inspection.groups[0]!.findings;
    const gauge = byCode(block, "unknown_component");
    expect(gauge).toMatchObject({ kind: "hidden", place: "line 2", sentence: "A kind of element the app does not know was used; its text is shown instead." });
    expect(gauge.message).toContain("<Gauge>");
    expect(marked(gauge.excerpt)).toEqual(["Gauge"]);
    expect(gauge.excerpt?.lines.map((line) => line.number)).toEqual([1, 2, 3, 4]);
    expect(marked(byCode(block, "refused_prop").excerpt)).toEqual(['color="green"']);
    expect(marked(byCode(block, "unexpected_close_tag").excerpt)).toEqual(["</Section>"]);
    expect(byCode(block, "unexpected_close_tag").place).toBe("line 7");

    const services = inspection.groups[1]!.findings;
    expect(byCode(services, "unknown_type")).toMatchObject({ kind: "hidden", place: "items[1]" });
    expect(marked(byCode(services, "unknown_type").excerpt)).toEqual(['{"type": "heatmap", "cells": [[1, 2], [3, 4]]}']);
    expect(marked(byCode(services, "link_scheme").excerpt)).toEqual(['"href": "javascript:alert(1)"']);
    // A finding about the whole spec has no one place to mark.
    expect(inspection.groups[2]!.findings).toMatchObject([{ code: "invalid_json", place: "the whole panel", kind: "repaired" }]);
    expect(inspection.groups[2]!.findings[0]!.excerpt).toBeUndefined();
  });

  it("adds what drawing the block found, each once, and the lint's advice on a fence", () => {
    const text = ["```ui", "$limit = 5", "<Summary>{$limit + }</Summary>", "```", "", "```octo-ui", JSON.stringify({ items: [{ type: "slider", field: "limit", label: "Limit", min: 1, max: 9 }] }), "```", ""].join("\n");
    const parts = partsOf(text);
    const block = parts.blocks[0]!;
    const evaluation = evaluateUiBlock(block, new UiState(block));
    const evaluated = new Map([[block.id, [...block.diagnostics, ...evaluation.diagnostics]]]);
    const inspection = inspectReply({ ...parts, evaluated });
    const codes = inspection.groups[0]!.findings.map((finding) => finding.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain("expression_syntax");
    expect(inspection.groups[1]!.findings).toMatchObject([{ code: "unread_control", kind: "advice", place: "items[0]" }]);
    expect(marked(inspection.groups[1]!.findings[0]!.excerpt)[0]).toContain('{"type":"slider"');
  });

  it("lists a render_ui card's trims by path, and the receipt's entries about the reply as a whole", () => {
    const parsed = parseGenuiSpec({ items: [{ type: "text", text: "x".repeat(20_000) }, { type: "marquee" }] }, { surface: "tool" });
    const card: ToolCard = { id: "call-1", name: "render_ui", textOffset: 5, spec: parsed.spec, diagnostics: parsed.diagnostics };
    const text = "Hello there.";
    const parts = partsOf(text, [card]);
    const boundary = boundaryReceiptEntries({ replacedCharacters: 2, refusedTools: [{ toolName: "delete_branches", textOffset: 3 }] });
    const inspection = inspectReply({ ...parts, receipt: [...boundary, ...parts.receipt] });
    expect(inspection.groups.map((group) => group.title)).toEqual(["Tool card 1", "The reply as a whole"]);
    expect(inspection.groups[0]!.findings.map((finding) => [finding.code, finding.place, finding.kind])).toEqual(
      expect.arrayContaining([
        ["text_truncated", "items[0].text", "shortened"],
        ["unknown_type", "items[1]", "hidden"],
      ]),
    );
    // The card's entries are in the receipt too, and are listed once, under the card.
    expect(inspection.groups[1]!.findings.map((finding) => [finding.code, finding.kind, finding.place])).toEqual([
      ["text_replaced", "replaced", "the whole reply"],
      ["unknown_tool", "refused", "tool call 1 (delete_branches), after 3 characters"],
    ]);
    expect(inspection.summary).toBe("1 part could not be shown, 1 thing was shortened, some characters were replaced, 1 tool request was refused");
  });

  it("names a panel block and a panel fence by their ids", () => {
    const text = ["```ui id=build", '<Callout tone="info" color="red">x</Callout>', "```", "```octo-ui", JSON.stringify({ id: "sales", title: "Sales", items: [{ type: "text", text: 3 }] }), "```"].join("\n");
    const inspection = inspectReply(partsOf(text));
    expect(inspection.groups.map((group) => group.title)).toEqual(["UI block 1 (panel build)", "JSON panel 1 \u201cSales\u201d (panel sales)"]);
  });

  it("lists at most INSPECTOR_FINDINGS_SHOWN findings of a part and counts the rest", () => {
    const text = ["```ui", ...Array.from({ length: 80 }, (_, index) => `<Summary nope${index}="1">x</Summary>`), "```"].join("\n");
    const inspection = inspectReply(partsOf(text));
    const group = inspection.groups[0]!;
    expect(group.findings).toHaveLength(INSPECTOR_FINDINGS_SHOWN);
    expect(group.findings.length + group.more).toBe(inspection.total);
    expect(inspection.total).toBeGreaterThan(INSPECTOR_FINDINGS_SHOWN);
  });

  it("has nothing to say about a clean reply", () => {
    const inspection = inspectReply(partsOf("```ui\n<Summary>fine</Summary>\n```\n"));
    expect(inspection).toEqual({ groups: [], total: 0, counts: {}, summary: "" });
  });
});

describe("what the data checks found", () => {
  const body = ['$t = @Query("tests", {branch: "main"})', '<Stats><Stat label="Failing" value={@Sum($t, "failed")}/></Stats>'].join("\n");
  const text = `Intro.\n\n\`\`\`ui id=health\n${body}\n\`\`\`\n`;
  const schemas = { tests: z.object({ branch: z.string() }) };
  const blocks = compileUi(text, { id: MESSAGE_ID, final: true, querySchemas: schemas });
  const rows = [{ name: "a", ms: 3, failed: true }];
  const dataChecks = blocks.map((block) => checkBlockData(block, () => rows));
  const receipt = degradationReceipt({ text, messageId: MESSAGE_ID, blocks, fences: [], tools: [], dataChecks });

  it("lists a finding under its block, saying which check found it, with the source marked", () => {
    expect(blocks[0]?.diagnostics).toEqual([]);
    expect(receipt.map((entry) => [entry.code, entry.check, entry.where])).toEqual([["not_a_number", "real data", "ui block 1 (panel health), line 2, on real data"]]);
    const inspection = inspectReply({ text, blocks, fences: [], tools: [], receipt });
    expect(inspection.groups.map((group) => group.title)).toEqual(["UI block 1 (panel health)"]);
    const [found] = inspection.groups[0]?.findings ?? [];
    expect(found).toMatchObject({ code: "not_a_number", check: "real data", place: "line 2" });
    expect(marked(found?.excerpt).join("")).toContain('<Stat label="Failing"');
  });

  it("lists once what drawing the block finds again on the same rows, as the check's", () => {
    const state = new UiState(blocks[0]!);
    state.setQuery("t", rows, blocks[0]!);
    const drawn = evaluateUiBlock(blocks[0]!, state).diagnostics;
    expect(drawn.map((diagnostic) => diagnostic.code)).toEqual(["not_a_number"]);
    const inspection = inspectReply({ text, blocks, fences: [], tools: [], receipt, evaluated: new Map([[blocks[0]!.id, drawn]]) });
    expect(inspection.groups[0]?.findings.map((finding) => [finding.code, finding.check])).toEqual([["not_a_number", "real data"]]);
    expect(inspection.total).toBe(1);
  });

  it("reads a receipt stored before the checks as before: no check on any finding", () => {
    const old = receipt.map(({ check: _check, ...entry }) => entry);
    const inspection = inspectReply({ text, blocks, fences: [], tools: [], receipt: old });
    expect(inspection.groups.map((group) => group.title)).toEqual(["The reply as a whole"]);
    expect(inspection.groups[0]?.findings.every((finding) => finding.check === undefined)).toBe(true);
  });
});
