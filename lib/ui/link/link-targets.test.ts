import { describe, expect, it } from "vitest";
import { blockBuilder } from "../evaluate/testing/block-builder";
import { UiFailure } from "../failure";
import { UiState } from "../state/ui-state";
import { uiLinkTargets, UiLinkTargetEntrySchema } from "./link-targets";
import { uiValidatedState } from "./validated-state";

/** Runs `action` and returns the code of the `UiFailure` it throws (fails the test otherwise). */
function failureCode(action: () => unknown): string {
  try {
    action();
  } catch (caught) {
    expect(caught).toBeInstanceOf(UiFailure);
    return (caught as UiFailure).code;
  }
  throw new Error("expected a UiFailure");
}

function linkPanel(options: { complete?: boolean; catalog?: string } = {}) {
  const b = blockBuilder("links");
  const file = b.element("File", { props: { path: "src/app.ts", line: 12, label: "app" } });
  const hiddenCommit = b.element("Commit", { props: { sha: "abc1234" } });
  const perRun = b.element("Diff", { expressions: { path: 'run.path', head: '"feature"' } });
  const node = b.element("Node", { props: { ref: "service:billing" } });
  const invalid = b.element("Commit", { props: { sha: "not a sha" } });
  const block = b.block(
    [
      b.element("Switch", { props: { label: "Details" }, bindings: { value: "details" } }),
      b.element("EntityList", {}, [
        b.element("Entry", { props: { title: "App" } }, [file]),
        b.element("Show", { expressions: { when: "$details" } }, [b.element("Entry", { props: { title: "Commit" } }, [hiddenCommit])]),
        b.element("Each", { expressions: { items: "$runs" }, props: { as: "run" } }, [b.element("Entry", { expressions: { title: "run.path" } }, [perRun])]),
        b.element("Entry", { props: { title: "Node" } }, [node, invalid]),
      ]),
    ],
    [b.state("details", false), b.state("runs", [{ path: "a.ts" }, { path: "b.ts" }])],
    options,
  );
  return { block, file, hiddenCommit, perRun, node };
}

describe("uiLinkTargets", () => {
  it("lists the visible targets in document order by evaluated node id", () => {
    const { block, file, perRun, node } = linkPanel();
    const targets = uiLinkTargets(block, {});
    expect(targets).toEqual([
      { nodeId: file.id, target: { kind: "file", path: "src/app.ts", line: 12 }, label: "app" },
      { nodeId: `${perRun.id}#0`, sourceId: perRun.id, target: { kind: "diff", path: "a.ts", head: "feature" } },
      { nodeId: `${perRun.id}#1`, sourceId: perRun.id, target: { kind: "diff", path: "b.ts", head: "feature" } },
      { nodeId: node.id, target: { kind: "node", ref: "service:billing" } },
    ]);
    for (const target of targets) expect(UiLinkTargetEntrySchema.parse(target)).toEqual(target);
  });

  it("lists a target hidden by Show only once the submitted values show it", () => {
    const { block, hiddenCommit } = linkPanel();
    expect(uiLinkTargets(block).map((target) => target.nodeId)).not.toContain(hiddenCommit.id);
    expect(uiLinkTargets(block, { details: true })).toContainEqual({ nodeId: hiddenCommit.id, target: { kind: "commit", sha: "abc1234" } });
  });

  it("reads a UiState as it stands", () => {
    const { block, hiddenCommit } = linkPanel();
    const state = new UiState(block);
    state.set("details", true);
    expect(uiLinkTargets(block, state).map((target) => target.nodeId)).toContain(hiddenCommit.id);
    expect(failureCode(() => uiLinkTargets(block, new UiState(blockBuilder("other").block([]))))).toBe("other_block");
  });

  it("refuses unfinished blocks, unknown catalogs and invalid values", () => {
    expect(failureCode(() => uiLinkTargets(linkPanel({ complete: false }).block, {}))).toBe("unfinished_block");
    expect(failureCode(() => uiLinkTargets(linkPanel({ catalog: "0" }).block, {}))).toBe("unsupported_catalog");
    expect(failureCode(() => uiLinkTargets(linkPanel().block, { details: "yes" }))).toBe("type_change");
    expect(failureCode(() => uiLinkTargets(linkPanel().block, { runs: [{ path: "/etc/passwd" }] }))).toBe("invalid_input");
  });
});

describe("uiValidatedState", () => {
  it("returns a copy of values that visible inputs accept", () => {
    const { block } = linkPanel();
    const input = { details: true };
    const validated = uiValidatedState(block, input);
    expect(validated).toEqual({ details: true });
    expect(validated).not.toBe(input);
  });

  it("refuses what a person could not have entered", () => {
    const { block } = linkPanel();
    expect(failureCode(() => uiValidatedState(block, { nope: 1 }))).toBe("unknown_state");
    expect(failureCode(() => uiValidatedState(block, { details: 1 }))).toBe("type_change");
    expect(failureCode(() => uiValidatedState(block, { runs: [] }))).toBe("invalid_input");
    expect(failureCode(() => uiValidatedState(block, JSON.parse('{"__proto__": {"details": true}}')))).toBe("forbidden_key");
  });
});
