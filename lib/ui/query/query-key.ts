import type { UiDeclaration } from "../envelope/schema";

/**
 * The definition key of a query declaration: equal exactly when the source
 * and the arguments' source text are equal. Data a host fetched for one key
 * is refused for any other (`replaced_query`), so a result can never be shown
 * under a definition it was not asked for. The text, not its meaning, is
 * compared: rewriting the arguments is a new definition, which costs at most
 * one refetch.
 */
export function uiQueryKey(declaration: Pick<UiDeclaration, "source" | "arguments">): string {
  return JSON.stringify([declaration.source ?? null, declaration.arguments ?? null]);
}
