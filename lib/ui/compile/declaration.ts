/**
 * Classifies a `$name = expression` declaration, as the language page says:
 * a constant expression declares a state variable (its value is the default
 * and fixes the type), `@Query("source", {args})` a read-only query, anything
 * else a computed value. A declaration may read only names declared before
 * it, so computed values cannot form cycles and a streamed declaration never
 * changes meaning when later text arrives.
 */
import type { UiDeclaration, UiDiagnostic } from "../envelope/schema";
import { containsUiHelper, isUiConstantExpression, uiExpressionVariables, uiQueryCall } from "../expression/analyze";
import { UiBudget } from "../expression/budget";
import { evaluateUiExpression } from "../expression/evaluate";
import { toUiFailure } from "../failure";
import type { UiSyntaxDeclaration } from "../syntax/types";
import {
  declaredBefore,
  diagnostic,
  expressionFailureDiagnostic,
  parseBodyExpression,
  type UiBlockContext,
  type UiDeclaredKind,
} from "./context";
import { readUiConstant } from "../syntax/constant";
import { uiSyntaxConstant } from "../syntax/parser";
import { clampUiQueryArguments, describeUiQueryClamp } from "./clamp-query-arguments";
import { checkUiNames } from "./expression-use";

/** A compiled declaration (null when it cannot be used) and its diagnostics. */
export type UiCompiledDeclaration = {
  declaration: UiDeclaration | null;
  kind: UiDeclaredKind;
  diagnostics: UiDiagnostic[];
};

/** Compiles one declaration against the names declared before it (it does not declare itself; the caller does). */
export function compileUiDeclaration(syntax: UiSyntaxDeclaration, context: UiBlockContext): UiCompiledDeclaration {
  const diagnostics: UiDiagnostic[] = [];
  const invalid = (): UiCompiledDeclaration => ({ declaration: null, kind: "invalid", diagnostics });
  const constant = uiSyntaxConstant(syntax) ?? readUiConstant(syntax.expression, context.limits);
  if (constant) {
    const declaration = { name: syntax.name, expression: syntax.expression, range: { ...syntax.range }, kind: "state" as const, value: constant.value };
    return { declaration, kind: "state", diagnostics };
  }
  const parsed = parseBodyExpression(context, syntax.expression, syntax.expressionRange.start);
  if (!parsed.ok) {
    if (parsed.failure.code === "budget_time") throw parsed.failure;
    diagnostics.push(expressionFailureDiagnostic(parsed));
    return invalid();
  }
  const { ast, source, range } = parsed;
  const base = { name: syntax.name, expression: source, range: { start: syntax.range.start, end: syntax.range.end } };
  const position = syntax.range.start;
  if (containsUiHelper(ast, "Set") || containsUiHelper(ast, "Reset")) {
    diagnostics.push(diagnostic("misplaced_action", range));
    return invalid();
  }
  const query = uiQueryCall(ast);
  if (query) {
    if (!Object.hasOwn(context.querySchemas, query.source)) {
      diagnostics.push(diagnostic("unknown_query_source", range, undefined, JSON.stringify(query.source)));
      return invalid();
    }
    const argumentsNode = query.arguments;
    if (argumentsNode && argumentsNode.kind !== "object") {
      diagnostics.push(diagnostic("invalid_query", range, undefined, "the arguments are an object literal {name: value}"));
      return invalid();
    }
    if (argumentsNode && containsUiHelper(argumentsNode, "Query")) {
      diagnostics.push(diagnostic("misplaced_query", range));
      return invalid();
    }
    for (const name of argumentsNode ? uiExpressionVariables(argumentsNode) : []) {
      const declared = declaredBefore(context, name, position);
      if (!declared) {
        diagnostics.push(diagnostic("unknown_variable", range, undefined, `$${name}`));
        return invalid();
      }
      if (declared.kind !== "state") {
        // Query results and values computed from them must not choose what another query asks for.
        diagnostics.push(diagnostic("invalid_query", range, undefined, `arguments may read state variables only; $${name} is not one`));
        return invalid();
      }
    }
    const argumentsSource = argumentsNode ? source.slice(argumentsNode.range.start, argumentsNode.range.end) : "{}";
    if (!argumentsNode || isUiConstantExpression(argumentsNode)) {
      const schema = context.querySchemas[query.source];
      let value: ReturnType<typeof evaluateConstant> | undefined;
      try {
        value = argumentsNode ? evaluateConstant(argumentsNode, context) : {};
      } catch (caught) {
        if (toUiFailure(caught).code === "budget_time") throw caught;
      }
      const checked = value === undefined ? undefined : schema ? clampUiQueryArguments(schema, value) : { success: true as const, clamps: [] };
      if (!checked?.success) {
        diagnostics.push(diagnostic("query_arguments", range, undefined, JSON.stringify(query.source)));
        return invalid();
      }
      // A number past its range bends to it (the route clamps the evaluated value alike); the panel still shows.
      for (const clamp of checked.clamps) diagnostics.push(diagnostic("query_argument_clamped", range, undefined, describeUiQueryClamp(query.source, clamp)));
    }
    return {
      declaration: { ...base, kind: "query", source: query.source, arguments: argumentsSource },
      kind: "query",
      diagnostics,
    };
  }
  if (containsUiHelper(ast, "Query")) {
    diagnostics.push(diagnostic("misplaced_query", range));
    return invalid();
  }
  if (isUiConstantExpression(ast)) {
    try {
      return { declaration: { ...base, kind: "state", value: evaluateConstant(ast, context) }, kind: "state", diagnostics };
    } catch (caught) {
      const failure = toUiFailure(caught);
      if (failure.code === "budget_time") throw failure;
      diagnostics.push(diagnostic("evaluation_failed", range, undefined, failure.message));
      return invalid();
    }
  }
  for (const item of checkUiNames({ context, ast, range, position, locals: [] })) diagnostics.push(item);
  return { declaration: { ...base, kind: "computed" }, kind: "computed", diagnostics };
}

function evaluateConstant(ast: Parameters<typeof evaluateUiExpression>[0], context: UiBlockContext) {
  return evaluateUiExpression(ast, {}, UiBudget.forCompilation(context.limits, context.now));
}
