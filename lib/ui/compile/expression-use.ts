/**
 * Checks an expression used in a prop, an interpolation or a computed
 * declaration against what the block declares: every `$name` read must be
 * declared before the use, every bare name must be bound by `@Filter`/`@Map`
 * or an enclosing `Each`, and actions and queries stay where they belong.
 */
import type { UiDiagnostic, UiRange } from "../envelope/schema";
import { containsUiHelper, uiExpressionVariables, uiFreeLocals } from "../expression/analyze";
import type { UiExpression } from "../expression/ast";
import { declaredBefore, diagnostic, type UiBlockContext } from "./context";

/** Unknown names reported for one expression: they all point at the same range, and a few say enough. */
const MAXIMUM_NAME_DIAGNOSTICS = 10;

/** What the checks found: diagnostics, and whether the expression must be dropped (a misplaced action or query). */
export type UiExpressionUse = { diagnostics: UiDiagnostic[]; dropped: boolean };

/** Checks a value expression (not an action prop) used at `position` in the body. */
export function checkUiExpressionUse(options: {
  context: UiBlockContext;
  ast: UiExpression;
  range: UiRange;
  position: number;
  locals: readonly string[];
  nodeId?: string;
}): UiExpressionUse {
  const { context, ast, range, position, locals, nodeId } = options;
  const diagnostics: UiDiagnostic[] = [];
  if (containsUiHelper(ast, "Set") || containsUiHelper(ast, "Reset")) {
    diagnostics.push(diagnostic("misplaced_action", range, nodeId));
    return { diagnostics, dropped: true };
  }
  if (containsUiHelper(ast, "Query")) {
    diagnostics.push(diagnostic("misplaced_query", range, nodeId));
    return { diagnostics, dropped: true };
  }
  for (const item of checkUiNames({ context, ast, range, position, locals, nodeId })) diagnostics.push(item);
  return { diagnostics, dropped: false };
}

/** Reports `$names` not declared before `position` and bare names bound by nothing around. */
export function checkUiNames(options: {
  context: UiBlockContext;
  ast: UiExpression;
  range: UiRange;
  position: number;
  locals: readonly string[];
  nodeId?: string;
}): UiDiagnostic[] {
  const { context, ast, range, position, locals, nodeId } = options;
  const diagnostics: UiDiagnostic[] = [];
  for (const name of uiExpressionVariables(ast))
    if (!declaredBefore(context, name, position) && diagnostics.length < MAXIMUM_NAME_DIAGNOSTICS)
      diagnostics.push(diagnostic("unknown_variable", range, nodeId, `$${name}`));
  for (const name of uiFreeLocals(ast))
    if (!locals.includes(name) && diagnostics.length < MAXIMUM_NAME_DIAGNOSTICS) diagnostics.push(diagnostic("unknown_local", range, nodeId, name));
  return diagnostics;
}
