/** A checklist over a list: compiled from source, evaluated, bound, counted, sent with a choice and restored. */
import { describe, expect, it } from "vitest";
import { resolveUiChoice } from "../choice/resolve-choice";
import { uiInputValues } from "../choice/input-values";
import { compileUi } from "../compile/compile-ui";
import type { UiBlock } from "../envelope/schema";
import { evaluateUiBlock } from "../evaluate/evaluate-block";
import type { UiViewNode } from "../evaluate/view-node";
import { UiFailure } from "../failure";
import { UiState } from "../state/ui-state";
import { uiChecklistAccepts, uiChecklistItem, uiChecklistToggle } from "./checklist-items";
import { uiBlockFallback } from "./fallback";

function compile(body: string): UiBlock {
  const [block] = compileUi(`\`\`\`ui\n${body}\n\`\`\``, { id: "list", final: true });
  if (!block) throw new Error("no block");
  return block;
}

function flatten(nodes: readonly UiViewNode[]): UiViewNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

const RELEASE = `$tasks = ["Changelog", "Tag the release", "Announce"]
$done = []
<Checklist title="Release" items={$tasks} value={$done}/>
<Summary>{@Count($done)} of {@Count($tasks)} done</Summary>
<Progress value={@Count($done) / @Count($tasks) * 100} label="Release"/>
<Choices>
  <Choice id="ship" label="Ship it" disabled={@Count($done) < @Count($tasks)}/>
</Choices>`;

describe("Checklist over a list", () => {
  it("compiles without diagnostics and binds value to the list state", () => {
    const block = compile(RELEASE);
    expect(block.diagnostics).toEqual([]);
    const evaluation = evaluateUiBlock(block, new UiState(block));
    expect(evaluation.diagnostics).toEqual([]);
    const checklist = flatten(evaluation.nodes).find((node) => node.type === "Checklist");
    expect(checklist?.props.items).toEqual(["Changelog", "Tag the release", "Announce"]);
    expect(checklist?.bindings.value?.variable).toBe("done");
  });

  it("counts the checked items with @Count, and a binding refuses ids that are not items", () => {
    const block = compile(RELEASE);
    const state = new UiState(block);
    const checklist = () => flatten(evaluateUiBlock(block, state).nodes).find((node) => node.type === "Checklist");
    expect(checklist()?.bindings.value?.set(["Changelog", "Announce"])).toBe(true);
    const nodes = flatten(evaluateUiBlock(block, state).nodes);
    expect(nodes.find((node) => node.type === "#text" && String(node.props.text).includes("done"))).toBeDefined();
    expect(nodes.filter((node) => node.type === "#text").map((node) => node.props.text).join("")).toContain("2 of 3 done");
    expect(nodes.find((node) => node.type === "Progress")?.props.value).toBeCloseTo(66.67, 1);
    expect(checklist()?.bindings.value?.set(["Deploy"])).toBe(false);
    expect(checklist()?.bindings.value?.set(["Changelog", "Changelog"])).toBe(false);
    expect(checklist()?.bindings.value?.set("Changelog")).toBe(false);
    expect(state.value("done")).toEqual(["Changelog", "Announce"]);
  });

  it("takes records with an id and a label, and numbers", () => {
    const block = compile(`$tests = [{id: 7, label: "login"}, {label: "checkout"}]
$picked = []
<Checklist items={$tests} value={$picked}/>`);
    const state = new UiState(block);
    const node = flatten(evaluateUiBlock(block, state).nodes).find((candidate) => candidate.type === "Checklist");
    expect(node?.bindings.value?.set([7, "checkout"])).toBe(true);
    expect(state.value("picked")).toEqual([7, "checkout"]);
    expect(uiChecklistItem(3)).toEqual({ id: 3, label: "3" });
    expect(uiChecklistItem({ id: true, label: "x" })).toBeUndefined();
  });

  it("shows an invalid items list as a fallback, and null items (a query loading) as none", () => {
    const bad = compile(`$items = [[1]]\n<Checklist items={$items}/>`);
    expect(evaluateUiBlock(bad, new UiState(bad)).diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["invalid_prop"]);
    const loading = compile(`$items = null\n<Checklist items={$items}/>`);
    expect(evaluateUiBlock(loading, new UiState(loading)).diagnostics).toEqual([]);
  });

  it("sends the checked list with a choice, shown by labels, and refuses ids the list does not offer", () => {
    const block = compile(RELEASE);
    const selection = resolveUiChoice(block, "ship", { done: ["Changelog", "Tag the release", "Announce"] });
    expect(selection.values).toEqual({ done: ["Changelog", "Tag the release", "Announce"] });
    expect(selection.shown).toEqual([{ label: "Release", value: "Changelog, Tag the release, Announce" }]);
    expect(() => resolveUiChoice(block, "ship", { done: ["Deploy"] })).toThrow(UiFailure);
    const state = new UiState(block);
    state.set("done", ["Announce"]);
    expect(uiInputValues(block, state)).toEqual({ done: ["Announce"] });
  });

  it("persists like any input: a snapshot restores the checked list", () => {
    const block = compile(RELEASE);
    const first = new UiState(block);
    first.set("done", ["Tag the release"]);
    const second = new UiState(block);
    expect(second.restore(first.snapshot()).dropped).toEqual([]);
    expect(second.value("done")).toEqual(["Tag the release"]);
  });

  it("writes the checked items into the Markdown fallback", () => {
    const block = compile(RELEASE);
    const state = new UiState(block);
    state.set("done", ["Changelog"]);
    const text = uiBlockFallback(evaluateUiBlock(block, state).nodes);
    expect(text).toContain("- [x] Changelog");
    expect(text).toContain("- [ ] Announce");
  });

  it("refuses more items than a person ticks off, and items with the same id", () => {
    const many = compile(`$items = ${JSON.stringify(Array.from({ length: 201 }, (_, index) => `task ${index}`))}\n<Checklist items={$items}/>`);
    expect(evaluateUiBlock(many, new UiState(many)).diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["invalid_prop"]);
    const twice = compile(`$items = ["a", {id: "a", label: "A"}]\n<Checklist items={$items}/>`);
    expect(evaluateUiBlock(twice, new UiState(twice)).diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["invalid_prop"]);
  });

  it("toggles in the items' order and accepts only item ids", () => {
    const items = [{ id: "a", label: "A" }, { id: "b", label: "B" }];
    expect(uiChecklistToggle(items, ["b"], "a", true)).toEqual(["a", "b"]);
    expect(uiChecklistToggle(items, ["a", "b"], "a", false)).toEqual(["b"]);
    expect(uiChecklistAccepts(items, ["a"])).toBe(true);
    expect(uiChecklistAccepts(items, ["c"])).toBe(false);
  });
});
