/**
 * Hand-written blocks for the tests of state, evaluation, queries, choices
 * and links: the plain JSON the compiler produces (lib/ui/envelope/schema.ts),
 * built without the compiler so that each test states exactly the tree it
 * means.
 */
import type { UiBlock, UiDeclaration, UiNode } from "../../envelope/schema";
import type { UiValue } from "../../expression/value";

/** What an element may carry besides its type and children. */
export type ElementOptions = {
  props?: { [prop: string]: UiValue };
  expressions?: { [prop: string]: string };
  bindings?: { [prop: string]: string };
  complete?: boolean;
};

/** Builds the nodes and declarations of one block, numbering node ids in creation order. */
export function blockBuilder(blockId = "b") {
  let offset = 0;
  const next = () => {
    const start = offset;
    offset += 10;
    return { id: `${blockId}:${start}`, range: { start, end: start + 10 } };
  };
  const element = (type: string, options: ElementOptions = {}, children: UiNode[] = []): UiNode => ({
    ...next(),
    type,
    props: options.props ?? {},
    expressions: options.expressions ?? {},
    bindings: options.bindings ?? {},
    children,
    complete: options.complete ?? true,
  });
  const text = (value: string): UiNode => ({
    ...next(),
    type: "#text",
    props: { text: value },
    expressions: {},
    bindings: {},
    children: [],
    complete: true,
  });
  const interpolation = (source: string): UiNode => ({
    ...next(),
    type: "#expression",
    props: {},
    expressions: { value: source },
    bindings: {},
    children: [],
    complete: true,
  });
  const range = () => {
    const { range: declarationRange } = next();
    return declarationRange;
  };
  const state = (name: string, value: UiValue): UiDeclaration => ({
    name,
    kind: "state",
    expression: JSON.stringify(value),
    value,
    range: range(),
  });
  const computed = (name: string, expression: string): UiDeclaration => ({
    name,
    kind: "computed",
    expression,
    range: range(),
  });
  const query = (name: string, source: string, argumentsSource?: string): UiDeclaration => {
    const declaration: UiDeclaration = {
      name,
      kind: "query",
      expression: `@Query(${JSON.stringify(source)}${argumentsSource ? `, ${argumentsSource}` : ""})`,
      source,
      range: range(),
    };
    if (argumentsSource !== undefined) declaration.arguments = argumentsSource;
    return declaration;
  };
  const block = (
    nodes: UiNode[],
    declarations: UiDeclaration[] = [],
    options: { complete?: boolean; catalog?: string } = {},
  ): UiBlock => ({
    id: blockId,
    range: { start: 0, end: offset },
    source: { start: 0, end: offset },
    catalog: options.catalog ?? "1",
    declarations,
    nodes,
    diagnostics: [],
    fallback: "(fallback)",
    complete: options.complete ?? true,
  });
  return { element, text, interpolation, state, computed, query, block };
}
