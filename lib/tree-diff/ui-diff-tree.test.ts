import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UI_CATALOG } from "@/lib/ui/catalog/catalog";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { diffTrees } from "./diff-trees";
import { uiDiffTree } from "./ui-diff-tree";

const RELAXED = { limits: { elapsedMs: 60_000 }, replyLimits: { elapsedMs: 60_000 } };
const compile = (text: string, extra: Parameters<typeof compileUi>[1] extends infer Options ? Partial<Options> : never = {}) =>
  compileUi(text, { ...RELAXED, id: "m1", final: true, ...extra });

const REPLY = [
  "Build status:",
  "```ui id=build",
  '<Stats><Stat label="Passed" value={42}/><Stat label="Failed" value={3} tone="danger"/></Stats>',
  '<Tag tone="warning">flaky</Tag>',
  "```",
].join("\n");

describe("uiDiffTree", () => {
  it("finds nothing between two compiles of the same text", () => {
    expect(diffTrees(uiDiffTree(compile(REPLY)), uiDiffTree(compile(REPLY))).changes).toEqual([]);
  });

  it("reports what a catalog change does to the same text: a refused prop is a changed prop and a new diagnostic", () => {
    const catalog = { ...UI_CATALOG, Tag: { ...UI_CATALOG.Tag, schema: z.strictObject({}) } };
    const diff = diffTrees(uiDiffTree(compile(REPLY)), uiDiffTree(compile(REPLY, { catalog })));
    expect(diff.changes).toHaveLength(1);
    const [change] = diff.changes;
    expect(change).toMatchObject({ kind: "changed", type: "Tag", path: "ui block 1 (panel build) › Tag[1]" });
    if (change?.kind !== "changed") throw new Error("expected a change");
    expect(change.props).toEqual([{ name: "tone", before: "warning", after: undefined }]);
    expect(change.diagnostics.added.map((item) => item.code)).toEqual(["refused_prop"]);
    expect(change.diagnostics.removed).toEqual([]);
  });

  it("reports a panel's next version: a stat added, a prop changed, a declaration changed", () => {
    const next = REPLY.replace('value={42}/>', 'value={44}/><Stat label="Skipped" value={1}/>').replace("Build status:", "Build status now:");
    const withState = next.replace("```ui id=build\n", "```ui id=build\n$tab = \"all\"\n");
    const diff = diffTrees(uiDiffTree(compile(REPLY)), uiDiffTree(compile(withState)));
    expect(diff.counts.added).toBe(1);
    expect(diff.changes.find((change) => change.kind === "added")).toMatchObject({ type: "Stat", path: "ui block 1 (panel build) › Stats[0] › Stat[1]" });
    const changedProps = diff.changes.flatMap((change) => (change.kind === "changed" ? change.props.map((prop) => `${change.type}.${prop.name}`) : []));
    expect(changedProps).toContain("ui block.$tab");
    // A literal `{44}` is folded into a static prop.
    expect(changedProps).toContain("Stat.value");
  });

  it("reports a block that is no longer there, keyed by its id", () => {
    const two = `${REPLY}\n\n\`\`\`ui\n<Tag>extra</Tag>\n\`\`\``;
    const diff = diffTrees(uiDiffTree(compile(two)), uiDiffTree(compile(REPLY)));
    expect(diff.changes).toEqual([{ kind: "removed", path: "ui block 2", type: "ui block", id: "m1:1", nodes: 3 }]);
  });
});
