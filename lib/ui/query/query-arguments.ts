import { UI_CATALOG_VERSION } from "../catalog/catalog";
import { checkUiInput } from "../choice/check-input";
import type { UiBlock } from "../envelope/schema";
import { uiExpressionVariables } from "../expression/analyze";
import { UiBudget } from "../expression/budget";
import { evaluateUiExpression } from "../expression/evaluate";
import { parseUiExpression } from "../expression/parse";
import type { UiRecord } from "../expression/value";
import { toUiFailure, UiFailure } from "../failure";
import { uiBlockDeclarations } from "../state/declarations";
import { UiState } from "../state/ui-state";
import type { UiQuery } from "./query";
import { uiQueryKey } from "./query-key";
import { uiStateOnlyNames } from "./state-only-names";

/**
 * The query `name` of a block with its arguments evaluated from the stored
 * definition: with the declared defaults, or with `input` values, which are
 * first checked against the block's visible inputs (`uiValidatedState`).
 * Arguments may read local state and computed values made of state only;
 * reading query data (directly or through a computed value) is refused with
 * `query_dependency`, so no result can choose another query's arguments. The
 * source is the declaration's literal. Throws `UiFailure`:
 * `unsupported_catalog`, `unknown_query`, `query_dependency`,
 * `query_arguments` (the arguments are not an object), an evaluation failure,
 * or an input refusal.
 */
export function uiQueryArguments(block: UiBlock, name: string, input?: unknown): UiQuery {
  try {
    if (block.catalog !== UI_CATALOG_VERSION) throw new UiFailure("unsupported_catalog", String(block.catalog));
    const declarations = uiBlockDeclarations(block);
    const declaration = declarations.find((candidate) => candidate.name === name);
    if (!declaration || declaration.kind !== "query" || typeof declaration.source !== "string") {
      throw new UiFailure("unknown_query", String(name));
    }
    const budget = new UiBudget();
    const source = typeof declaration.arguments === "string" && declaration.arguments.trim() !== "" ? declaration.arguments : "{}";
    const ast = parseUiExpression(source, budget);
    const allowed = uiStateOnlyNames(declarations, budget);
    for (const read of uiExpressionVariables(ast)) {
      if (!allowed.has(read)) throw new UiFailure("query_dependency", `$${read}`);
    }
    const state = input === undefined ? new UiState(block) : checkUiInput(block, input).state;
    const scope = state.scope();
    const variables: UiRecord = {};
    for (const allowedName of allowed) if (Object.hasOwn(scope, allowedName)) variables[allowedName] = scope[allowedName] ?? null;
    const value = evaluateUiExpression(ast, variables, budget);
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new UiFailure("query_arguments", "the arguments are an object");
    }
    return Object.freeze({ name, source: declaration.source, arguments: value, key: uiQueryKey(declaration) });
  } catch (caught) {
    throw toUiFailure(caught);
  }
}
