/**
 * Static questions the compiler asks about a parsed expression: which
 * variables it reads, whether it is a constant (which makes a declaration a
 * state variable), whether it is an action, whether it is a query. Every walk
 * is iterative, so even a hand-built tree of any height cannot overflow the
 * stack.
 */
import type { UiExpression, UiHelperName } from "./ast";

/** What an action prop's expression does, as `UiState.run` will carry it out. */
export type UiAction =
  /** `@Set($name, value)` */
  | { kind: "set"; name: string; value: UiExpression }
  /** `@Reset($name)`: back to the declared default. */
  | { kind: "reset"; name: string }
  /** `@Reset()`: every state variable back to its default. */
  | { kind: "reset-all" };

/** A declaration's `@Query("source", {args})`, with the source literal and the arguments' expression. */
export type UiQueryCall = { source: string; arguments: UiExpression | null };

/** The direct children of a node, in source order. */
export function uiExpressionChildren(node: UiExpression): readonly UiExpression[] {
  switch (node.kind) {
    case "literal":
    case "variable":
    case "local":
      return [];
    case "array":
      return node.items;
    case "object":
      return node.entries.map((entry) => entry.value);
    case "member":
      return [node.object, node.property];
    case "unary":
      return [node.argument];
    case "binary":
      return [node.left, node.right];
    case "conditional":
      return [node.test, node.consequent, node.alternate];
    case "call":
      return node.arguments;
  }
}

/** Visits every node depth-first in source order, without recursion; `visit` returning false skips a node's children. */
function walk(root: UiExpression, visit: (node: UiExpression) => boolean | void): void {
  const pending: UiExpression[] = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (visit(node) === false) continue;
    const children = uiExpressionChildren(node);
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index] as UiExpression);
  }
}

/**
 * The `$` variables an expression reads (names without `$`), each once, in
 * order of first appearance. The target of `@Set($x, …)`/`@Reset($x)` is
 * written, not read, and is left out (`uiActionKind` names it).
 */
export function uiExpressionVariables(ast: UiExpression): string[] {
  const names = new Set<string>();
  const targets = new Set<UiExpression>();
  walk(ast, (node) => {
    if (node.kind === "variable" && !targets.has(node)) names.add(node.name);
    if (node.kind === "call" && (node.helper === "Set" || node.helper === "Reset")) {
      const target = node.arguments[0];
      if (target?.kind === "variable") targets.add(target);
    }
  });
  return [...names];
}

/**
 * The local names an expression reads that no `@Filter`/`@Map` inside it
 * binds: those must come from an enclosing `Each`.
 */
export function uiFreeLocals(ast: UiExpression): string[] {
  const names = new Set<string>();
  // Each entry carries the names bound around it; bindings are short chains.
  const pending: { node: UiExpression; bound: ReadonlySet<string> }[] = [{ node: ast, bound: new Set() }];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const { node, bound } = entry;
    if (node.kind === "local") {
      if (!bound.has(node.name)) names.add(node.name);
      continue;
    }
    if (node.kind === "call" && (node.helper === "Filter" || node.helper === "Map")) {
      const [list, binding, body] = node.arguments;
      const inner = binding?.kind === "local" ? new Set([...bound, binding.name]) : bound;
      if (body) pending.push({ node: body, bound: inner });
      if (list) pending.push({ node: list, bound });
      continue;
    }
    const children = uiExpressionChildren(node);
    for (let index = children.length - 1; index >= 0; index--) pending.push({ node: children[index] as UiExpression, bound });
  }
  return [...names];
}

/**
 * True when the expression is made of literals, array and object literals and
 * negated number literals only: a declaration with such a default is a state
 * variable, and evaluating it cannot fail.
 */
export function isUiConstantExpression(ast: UiExpression): boolean {
  let constant = true;
  walk(ast, (node) => {
    if (!constant) return false;
    if (node.kind === "literal" || node.kind === "array" || node.kind === "object") return true;
    if (node.kind === "unary" && node.operator === "-" && node.argument.kind === "literal" && typeof node.argument.value === "number") {
      return false;
    }
    constant = false;
    return false;
  });
  return constant;
}

/** Describes a top-level `@Set($x, e)`, `@Reset($x)` or `@Reset()`; anything else is not an action (null). */
export function uiActionKind(ast: UiExpression): UiAction | null {
  if (ast.kind !== "call") return null;
  const [target, value] = ast.arguments;
  if (ast.helper === "Set") {
    if (ast.arguments.length !== 2 || target?.kind !== "variable" || !value) return null;
    return { kind: "set", name: target.name, value };
  }
  if (ast.helper === "Reset") {
    if (ast.arguments.length === 0) return { kind: "reset-all" };
    if (ast.arguments.length !== 1 || target?.kind !== "variable") return null;
    return { kind: "reset", name: target.name };
  }
  return null;
}

/** Describes a top-level `@Query("source", args?)` with a literal source; anything else is null. */
export function uiQueryCall(ast: UiExpression): UiQueryCall | null {
  if (ast.kind !== "call" || ast.helper !== "Query") return null;
  const [source, argumentsNode] = ast.arguments;
  if (source?.kind !== "literal" || typeof source.value !== "string" || ast.arguments.length > 2) return null;
  return { source: source.value, arguments: argumentsNode ?? null };
}

/** True when `@name(…)` appears anywhere in the expression. */
export function containsUiHelper(ast: UiExpression, name: UiHelperName): boolean {
  let found = false;
  walk(ast, (node) => {
    if (found) return false;
    if (node.kind === "call" && node.helper === name) found = true;
    return !found;
  });
  return found;
}
