import { describe, expect, it } from "vitest";
import { parseGenuiSpec } from "@/lib/genui/parse/parse-genui-spec";
import { diffTrees } from "./diff-trees";
import { genuiDiffTree, type GenuiDiffPart } from "./genui-diff-tree";

function part(raw: unknown, key = "fence 0"): GenuiDiffPart {
  const parsed = parseGenuiSpec(raw, { surface: "fence" });
  return { key, label: "octo-ui fence 1", spec: parsed.spec, diagnostics: parsed.diagnostics };
}

const FORM = {
  id: "deploy",
  title: "Deploy",
  items: [
    { type: "text", text: "Pick a target" },
    { type: "select", field: "target", options: [{ label: "Staging", value: "staging" }] },
    { type: "tabs", tabs: [{ label: "One", children: [{ type: "text", text: "a" }] }] },
    { type: "button", label: "Deploy", action: "deploy" },
  ],
};

describe("genuiDiffTree", () => {
  it("finds nothing between two parses of the same spec", () => {
    expect(diffTrees(genuiDiffTree([part(FORM)]), genuiDiffTree([part(FORM)])).changes).toEqual([]);
  });

  it("matches field nodes by field and others by place, with readable JSON paths", () => {
    const next = structuredClone(FORM);
    next.items.splice(0, 1, { type: "checkbox", field: "confirm" } as never);
    (next.items[2] as { tabs: { children: { text: string }[] }[] }).tabs[0]!.children[0]!.text = "b";
    const diff = diffTrees(genuiDiffTree([part(FORM)]), genuiDiffTree([part(next)]));
    const summary = diff.changes.map((change) => `${change.kind} ${change.path}`);
    expect(summary).toEqual([
      "removed octo-ui fence 1 › items[0] text",
      "added octo-ui fence 1 › items[0] checkbox",
      "changed octo-ui fence 1 › items[2] tabs › tabs[0] › children[0] text",
    ]);
  });

  it("hangs a diagnostic on the node its path names, and reports it as a change of that node", () => {
    const hostile = structuredClone(FORM);
    (hostile.items[0] as Record<string, unknown>).color = "red";
    const diff = diffTrees(genuiDiffTree([part(FORM)]), genuiDiffTree([part(hostile)]));
    expect(diff.changes).toHaveLength(1);
    expect(diff.changes[0]).toMatchObject({ kind: "changed", path: "octo-ui fence 1 › items[0] text", props: [] });
    if (diff.changes[0]?.kind !== "changed") throw new Error("expected a change");
    expect(diff.changes[0].diagnostics.added).toHaveLength(1);
  });

  it("keys a part by its panel id, so a re-ordered reply still pairs its panels", () => {
    const other = part({ items: [{ type: "text", text: "other" }] }, "fence 1");
    const diff = diffTrees(genuiDiffTree([part(FORM), other]), genuiDiffTree([{ ...other, key: "fence 0" }, { ...part(FORM), key: "fence 1" }]));
    expect(diff.changes).toEqual([]);
  });
});
