import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UI_COMPONENT_NAMES } from "../catalog/catalog";
import type { UiBlock, UiDeclaration, UiNode } from "../envelope/schema";
import { resolveUiChoice } from "../choice/resolve-choice";
import { uiInputValues } from "../choice/input-values";
import { UiFailure } from "../failure";
import { uiLinkTargets } from "../link/link-targets";
import { uiQueryArguments } from "../query/query-arguments";
import { uiQueryFallback } from "../query/query-fallback";
import { UiState } from "../state/ui-state";
import { evaluateUiBlock } from "./evaluate-block";
import type { UiViewNode } from "./view-node";

const TYPES = [...UI_COMPONENT_NAMES, "#text", "#expression", "Card", "__proto__", "constructor"];
const PROPS = ["value", "label", "title", "items", "as", "when", "rows", "id", "run", "text", "tone", "min", "max", "step", "__proto__"];
const VARIABLES = ["a", "b", "list", "q", "c", "missing", "__proto__"];
const EXPRESSIONS = [
  "$a", "$b", "$list", "$q", "$c", "$missing", "1 +", "@Count($list)", "@Reset()", "@Set($a, 2)", "$a ? 1 : 2",
  "[1, 2, 3]", '"text"', "item", "item.name", "@Filter($list, x, x > 1)", "!$b", '{"__proto__": 1}', "$list[0]",
];

/** Arbitrary compiled nodes, `depth` levels deep at most. */
function nodeArbitrary(depth: number): fc.Arbitrary<UiNode> {
  return fc.record({
    id: fc.string({ maxLength: 8 }),
    type: fc.constantFrom(...TYPES),
    props: fc.dictionary(fc.constantFrom(...PROPS), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) as fc.Arbitrary<UiNode["props"]>,
    expressions: fc.dictionary(fc.constantFrom(...PROPS), fc.constantFrom(...EXPRESSIONS), { maxKeys: 3 }),
    bindings: fc.dictionary(fc.constantFrom(...PROPS), fc.constantFrom(...VARIABLES), { maxKeys: 2 }),
    children: depth > 0 ? fc.array(nodeArbitrary(depth - 1), { maxLength: 3 }) : fc.constant([]),
    range: fc.constant({ start: 0, end: 1 }),
    complete: fc.boolean(),
  });
}

const declarationArbitrary: fc.Arbitrary<UiDeclaration> = fc.oneof(
  fc.record({
    name: fc.constantFrom(...VARIABLES),
    kind: fc.constant("state" as const),
    expression: fc.constant("0"),
    value: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<UiDeclaration["value"]>,
    range: fc.constant({ start: 0, end: 1 }),
  }),
  fc.record({
    name: fc.constantFrom(...VARIABLES),
    kind: fc.constant("computed" as const),
    expression: fc.constantFrom(...EXPRESSIONS),
    range: fc.constant({ start: 0, end: 1 }),
  }),
  fc.record({
    name: fc.constantFrom(...VARIABLES),
    kind: fc.constant("query" as const),
    expression: fc.constant('@Query("s")'),
    source: fc.constant("s"),
    range: fc.constant({ start: 0, end: 1 }),
  }),
);

function blockOf(nodes: UiNode[], declarations: UiDeclaration[], complete: boolean): UiBlock {
  return {
    id: "p",
    range: { start: 0, end: 1 },
    source: { start: 0, end: 1 },
    catalog: "1",
    declarations,
    nodes,
    diagnostics: [],
    fallback: "",
    complete,
  };
}

function flatten(nodes: readonly UiViewNode[]): UiViewNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

describe("evaluateUiBlock on arbitrary blocks", () => {
  it("never throws, and neither do bindings and actions", () => {
    fc.assert(
      fc.property(
        fc.array(nodeArbitrary(3), { maxLength: 4 }),
        fc.array(declarationArbitrary, { maxLength: 5 }),
        fc.boolean(),
        fc.jsonValue({ maxDepth: 2 }),
        (nodes, declarations, complete, input) => {
          const block = blockOf(nodes, declarations, complete);
          const state = new UiState(block);
          const evaluation = evaluateUiBlock(block, state);
          for (const node of flatten(evaluation.nodes)) {
            expect(typeof node.type).toBe("string");
            expect(["Show", "Each", "#expression"]).not.toContain(node.type);
            for (const binding of Object.values(node.bindings)) expect(typeof binding.set(input)).toBe("boolean");
            for (const action of Object.values(node.actions)) expect(typeof action.run()).toBe("boolean");
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("lets only UiFailure out of the host entry points", () => {
    fc.assert(
      fc.property(
        fc.array(nodeArbitrary(3), { maxLength: 4 }),
        fc.array(declarationArbitrary, { maxLength: 5 }),
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom("x", "id", "a", "__proto__"),
        (nodes, declarations, input, name) => {
          const block = blockOf(nodes, declarations, true);
          const calls = [
            () => resolveUiChoice(block, name, input, { q: input }),
            () => uiLinkTargets(block, input),
            () => uiQueryArguments(block, "q", input),
            () => uiQueryFallback(block, { q: input }),
            () => uiInputValues(block, new UiState(block)),
          ];
          for (const call of calls) {
            try {
              call();
            } catch (caught) {
              expect(caught).toBeInstanceOf(UiFailure);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
