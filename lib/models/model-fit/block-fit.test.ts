/** What counts as a false value while loading, and as a fault, on evaluated trees. */
import { describe, expect, it } from "vitest";
import type { UiViewNode } from "@/lib/ui/evaluate/view-node";
import { fallbackNodes, falseValuesWhileLoading, isErrorDiagnostic } from "./block-fit";

function node(type: string, props: UiViewNode["props"], extra: Partial<UiViewNode> = {}): UiViewNode {
  return { id: `b:${type}`, type, props, children: [], bindings: {}, actions: {}, complete: true, ...extra };
}

const LOADING = new Set(["tests"]);

describe("falseValuesWhileLoading", () => {
  it("flags a figure, a tone, text and an empty row set computed from an unanswered query", () => {
    const nodes = [
      node("Stat", { label: "Failed", value: 0, tone: "success" }, { hostData: { value: ["tests"], tone: ["tests"] } }),
      node("Summary", {}, { children: [node("#text", { text: "0 of 0 failed" }, { hostData: { text: ["tests"] } })] }),
      node("Table", { rows: [] }, { hostData: { rows: ["tests"] } }),
    ];
    expect(falseValuesWhileLoading(nodes, LOADING).map((finding) => finding.message.match(/\((.*)\)/)?.[1])).toEqual([
      "Stat.value = 0 before $tests answered",
      'Stat.tone = "success" before $tests answered',
      '#text.text = "0 of 0 failed" before $tests answered',
      "Table.rows = [] before $tests answered",
    ]);
  });

  it("leaves alone what states nothing, what waits, and what the model typed", () => {
    const nodes = [
      node("Stat", { label: "Failed", value: "—" }, { hostData: { value: ["tests"] } }),
      node("Stat", { label: "Failed" }, { hostData: { value: ["tests"] } }),
      node("Stat", { label: "Failed", value: 0 }, { hostData: { value: ["tests"] }, pending: ["tests"] }),
      node("#pending", { type: "Stat" }, { pending: ["tests"] }),
      node("Stat", { label: "Target", value: 3 }),
      node("Stat", { label: "Commits", value: 4 }, { hostData: { value: ["commits"] } }),
    ];
    expect(falseValuesWhileLoading(nodes, LOADING)).toEqual([]);
  });

  it("still looks inside a node that waits: its children carry their own marks", () => {
    const child = node("Stat", { value: 2 }, { hostData: { value: ["tests"] } });
    expect(falseValuesWhileLoading([node("Stats", {}, { pending: ["tests"], children: [child] })], LOADING)).toHaveLength(1);
  });
});

describe("fallbackNodes and isErrorDiagnostic", () => {
  it("finds fallbacks at any depth and names what they replace", () => {
    const tree = [node("Card", {}, { children: [node("#fallback", { text: "", type: "Sparkline" })] })];
    expect(fallbackNodes(tree, "real").map((finding) => [finding.stage, finding.message])).toEqual([
      ["real", "This part is drawn as its fallback text instead of a component. (in place of Sparkline)"],
    ]);
  });

  it("counts a fault as an error, and a clamp or advice the chat does not repair as none", () => {
    const range = { start: 0, end: 1 };
    expect(isErrorDiagnostic({ code: "type_mismatch", message: "", range })).toBe(true);
    expect(isErrorDiagnostic({ code: "query_argument_clamped", message: "", range })).toBe(false);
    expect(isErrorDiagnostic({ code: "unread_control", message: "", range })).toBe(false);
  });
});
