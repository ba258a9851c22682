/** Chip columns: their cells are listed as link targets with the block's other chips, by column and row. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileUi } from "../compile/compile-ui";
import type { UiBlock } from "../envelope/schema";
import { evaluateUiBlock } from "../evaluate/evaluate-block";
import { UiState } from "../state/ui-state";
import { UI_CHIP_CELL_ROWS, uiCellTarget, uiNodesNameLinks } from "./cell-targets";
import { uiLinkTargets } from "./link-targets";

function compile(body: string): UiBlock {
  const querySchemas = { commits: z.object({ limit: z.number() }) };
  const [block] = compileUi(`\`\`\`ui\n${body}\n\`\`\``, { id: "cells", final: true, querySchemas });
  if (!block) throw new Error("no block");
  return block;
}

const TABLE = `$rows = [{sha: "9f2c1ab", path: "src/cart.ts", ref: "service:cart"}, {sha: "nope", path: "", ref: "service:pay"}]
<Table rows={$rows}>
  <Column field="sha" presentation="commit"/>
  <Column field="path" presentation="file"/>
  <Column field="ref" presentation="node"/>
  <Column field="sha" title="Plain"/>
</Table>
<Commit sha="3e4f5a6"/>`;

describe("chip columns", () => {
  it("compile without diagnostics, and list each valid cell by <column id>@<row>, in document order", () => {
    const block = compile(TABLE);
    expect(block.diagnostics).toEqual([]);
    const evaluation = evaluateUiBlock(block, new UiState(block));
    expect(evaluation.diagnostics).toEqual([]);
    const table = evaluation.nodes[0]!;
    const [sha, path, ref] = table.children.map((column) => column.id);
    const targets = uiLinkTargets(block, new UiState(block));
    expect(targets.map((entry) => [entry.nodeId, entry.target])).toEqual([
      [`${sha}@0`, { kind: "commit", sha: "9f2c1ab" }],
      [`${path}@0`, { kind: "file", path: "src/cart.ts" }],
      [`${ref}@0`, { kind: "node", ref: "service:cart" }],
      [`${ref}@1`, { kind: "node", ref: "service:pay" }],
      [evaluation.nodes[1]!.id, { kind: "commit", sha: "3e4f5a6" }],
    ]);
  });

  it("list cells of query rows once the host supplied them, at most UI_CHIP_CELL_ROWS per column", () => {
    const block = compile(`$commits = @Query("commits", {limit: 500})
<Table rows={$commits}><Column field="sha" presentation="commit"/></Table>`);
    const state = new UiState(block);
    expect(uiLinkTargets(block, state)).toEqual([]);
    state.setQuery("commits", Array.from({ length: 300 }, (_, index) => ({ sha: (0x10000 + index).toString(16) })), block);
    expect(uiLinkTargets(block, state)).toHaveLength(UI_CHIP_CELL_ROWS);
  });

  it("name their cells inside Each with the iteration suffix and the source id", () => {
    const block = compile(`$groups = [[{sha: "9f2c1ab"}], [{sha: "3e4f5a6"}]]
<Each items={$groups} as="group"><Table rows={group}><Column field="sha" presentation="commit"/></Table></Each>`);
    const targets = uiLinkTargets(block, new UiState(block));
    expect(targets.map((entry) => entry.nodeId.slice(entry.nodeId.indexOf("#")))).toEqual(["#0@0", "#1@0"]);
    expect(targets.every((entry) => entry.sourceId !== undefined && entry.sourceId.endsWith("@0") && !entry.sourceId.includes("#"))).toBe(true);
  });

  it("tell a host that a block needs the links request", () => {
    expect(uiNodesNameLinks(compile(TABLE).nodes)).toBe(true);
    expect(uiNodesNameLinks(compile(`$r = []\n<Table rows={$r}><Column field="sha" presentation="code"/></Table>`).nodes)).toBe(false);
    expect(uiNodesNameLinks(compile(`$r = []\n$p = "commit"\n<Table rows={$r}><Column field="sha" presentation={$p}/></Table>`).nodes)).toBe(true);
    expect(uiNodesNameLinks(compile(`<Summary>Since <Commit sha="9f2c1ab"/></Summary>`).nodes)).toBe(true);
  });

  it("read a target only from text that is one", () => {
    expect(uiCellTarget("commit", " 9f2c1ab ")).toEqual({ kind: "commit", sha: "9f2c1ab" });
    expect(uiCellTarget("commit", "HEAD")).toBeUndefined();
    expect(uiCellTarget("file", 12)).toBeUndefined();
    expect(uiCellTarget("file", "a\u0007b")).toBeUndefined();
    expect(uiCellTarget("node", "")).toBeUndefined();
  });
});
