/**
 * Which of a block's `@Query` declarations each value depends on: the
 * provenance the renderers mark as host data, apart from what the model
 * typed. A query variable depends on itself; a computed one on whatever the
 * variables it reads depend on (declarations are read top to bottom, so one
 * pass in order settles them); a state variable on nothing, even when an
 * input copied a query's value into it — a person's edit is theirs.
 */
import type { UiBlock } from "../envelope/schema";
import { uiExpressionVariables, uiFreeLocals } from "../expression/analyze";
import type { UiExpression } from "../expression/ast";
import { uiBlockDeclarations } from "../state/declarations";

/** Query variable names (without `$`), by variable or `Each` local name. */
export type UiHostDependencies = ReadonlyMap<string, readonly string[]>;

const NONE: readonly string[] = Object.freeze([]);

/** The query variables each declared variable of `block` depends on (only those that depend on one); `parse` throws on a broken expression. */
export function uiHostDependencies(block: UiBlock, parse: (source: string) => UiExpression): UiHostDependencies {
  const dependencies = new Map<string, readonly string[]>();
  for (const declaration of uiBlockDeclarations(block)) {
    if (declaration.kind === "query") dependencies.set(declaration.name, [declaration.name]);
    else if (declaration.kind === "computed") {
      let ast: UiExpression;
      try {
        ast = parse(declaration.expression);
      } catch {
        continue;
      }
      const names = uiExpressionHostData(ast, dependencies, new Map());
      if (names.length > 0) dependencies.set(declaration.name, names);
    }
  }
  return dependencies;
}

/** The query variables an expression reads, through the variables and the `Each` locals it reads. */
export function uiExpressionHostData(ast: UiExpression, variables: UiHostDependencies, locals: UiHostDependencies): readonly string[] {
  let names: Set<string> | undefined;
  const add = (found: readonly string[] | undefined) => {
    if (!found || found.length === 0) return;
    names ??= new Set();
    for (const name of found) names.add(name);
  };
  for (const name of uiExpressionVariables(ast)) add(variables.get(name));
  if (locals.size > 0) for (const name of uiFreeLocals(ast)) add(locals.get(name));
  return names ? [...names].sort() : NONE;
}
