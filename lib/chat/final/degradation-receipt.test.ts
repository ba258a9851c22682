import { describe, expect, it } from "vitest";
import { extractGenuiFences } from "@/lib/genui/fence/extract-genui-fences";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { ReceiptEntrySchema, type GenuiFenceRecord, type ToolCard } from "../wire";
import { TEXT_REPLACED_CODE, UNKNOWN_TOOL_CODE } from "./boundary-receipt";
import { degradationReceipt, RECEIPT_MAX_ENTRIES, RECEIPT_TRUNCATED_CODE } from "./degradation-receipt";

const MESSAGE_ID = "reply-1";

function receiptOf(text: string, tools: ToolCard[] = []) {
  const blocks = compileUi(text, { id: MESSAGE_ID, final: true });
  const fences: GenuiFenceRecord[] = extractGenuiFences(text).map((fence, index) => ({
    index,
    range: fence.range,
    ...(fence.spec?.id ? { panelId: fence.spec.id } : {}),
    spec: fence.spec,
    diagnostics: fence.diagnostics,
  }));
  return degradationReceipt({ text, messageId: MESSAGE_ID, blocks, fences, tools });
}

describe("degradationReceipt", () => {
  it("lists tag-language diagnostics with the block and the line", () => {
    const text = ["Intro", "", "```ui", "<Summary>fine</Summary>", "<Gauge value={1}/>", "```", "", "```ui id=build", "<Callout tone=\"info\" color=\"red\">x</Callout>", "```", ""].join("\n");
    const receipt = receiptOf(text);
    expect(receipt.map((entry) => [entry.dialect, entry.code, entry.where])).toEqual(
      expect.arrayContaining([
        ["ui", "unknown_component", "ui block 1, line 2"],
        ["ui", "refused_prop", "ui block 2 (panel build), line 1"],
      ]),
    );
    const panelEntry = receipt.find((entry) => entry.where.startsWith("ui block 2"));
    expect(panelEntry?.blockId).toBe("build");
    for (const entry of receipt) expect(ReceiptEntrySchema.safeParse(entry).success).toBe(true);
  });

  it("lists every trim, drop and lint finding of the JSON dialect with its path", () => {
    const spec = {
      id: "panel",
      items: [
        { type: "heatmap", cells: [] },
        { type: "link", text: "x", href: "javascript:alert(1)" },
        { type: "slider", field: "unread", min: 0, max: 10 },
      ],
    };
    const text = `\`\`\`octo-ui\n${JSON.stringify(spec)}\n\`\`\`\n`;
    const receipt = receiptOf(text);
    const places = receipt.map((entry) => entry.where);
    expect(places.some((where) => where.startsWith("octo-ui fence 1 (panel panel), items[0]"))).toBe(true);
    expect(places.some((where) => where.startsWith("octo-ui fence 1 (panel panel), items[1]"))).toBe(true);
    expect(receipt.map((entry) => entry.code)).toContain("unread_control");
    expect(receipt.every((entry) => entry.dialect === "octo-ui" && entry.blockId === "panel")).toBe(true);
  });

  it("lists render_ui cards by call, and nothing at all for a clean reply", () => {
    const card: ToolCard = {
      id: "call-1",
      name: "render_ui",
      textOffset: 0,
      spec: { items: [] },
      diagnostics: [{ code: "unknown_type", path: "items[0]", message: "dropped" }],
    };
    expect(receiptOf("Plain text.", [card]).map((entry) => [entry.dialect, entry.where])).toEqual([["render_ui", "render_ui call 1, items[0]"]]);
    expect(receiptOf("Plain text.\n\n```ui\n<Summary>ok</Summary>\n```\n")).toEqual([]);
  });

  it("keeps a bounded number of entries and counts the rest", () => {
    const body = Array.from({ length: RECEIPT_MAX_ENTRIES + 30 }, (_, index) => `<Unknown${index}/>`).join("\n");
    const receipt = receiptOf(`\`\`\`ui\n${body}\n\`\`\`\n`);
    expect(receipt).toHaveLength(RECEIPT_MAX_ENTRIES);
    expect(receipt.at(-1)?.code).toBe(RECEIPT_TRUNCATED_CODE);
  });

  it("puts what the model boundary replaced or refused first, so a full receipt never cuts it off", () => {
    const body = Array.from({ length: RECEIPT_MAX_ENTRIES + 30 }, (_, index) => `<Unknown${index}/>`).join("\n");
    const text = `\`\`\`ui\n${body}\n\`\`\`\n`;
    const receipt = degradationReceipt({
      text,
      messageId: MESSAGE_ID,
      blocks: compileUi(text, { id: MESSAGE_ID, final: true }),
      fences: [],
      tools: [],
      boundary: { replacedCharacters: 2, refusedTools: [{ toolName: "delete_branches", textOffset: 0 }] },
    });
    expect(receipt.slice(0, 2).map((entry) => [entry.code, entry.dialect])).toEqual([
      [TEXT_REPLACED_CODE, undefined],
      [UNKNOWN_TOOL_CODE, undefined],
    ]);
    expect(receipt).toHaveLength(RECEIPT_MAX_ENTRIES);
    for (const entry of receipt) expect(ReceiptEntrySchema.safeParse(entry).success).toBe(true);
  });
});
