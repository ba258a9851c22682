/**
 * The evaluator: walks a parsed expression and returns a finite JSON value or
 * throws a `UiFailure`. It is total (no operator coerces, every non-finite
 * number becomes null), side-effect free, and bounded: each node visited is a
 * step, recursion depth is checked against `limits.nesting`, every string is
 * checked against `limits.stringLength` before it is built, and every list or
 * record it builds is measured (measure.ts).
 *
 * Decisions where the language page is silent:
 * - Reads: `list[i]` reads an own element at a whole index, `record.name` and
 *   `record["name"]` an own field. Every other read — a missing field, an
 *   index outside the list, a field of a list (`$rows.length` is null: use
 *   `@Count`), a field of a scalar or of null — is null, so `$a.b.c` is safe
 *   when `b` is missing. A forbidden key is refused even when computed.
 * - `===`/`!==` compare lists and records by content (equal.ts).
 * - `<`, `<=`, `>`, `>=` compare two numbers or two strings (by UTF-16
 *   units); any other pair is a `type_mismatch`.
 * - `+` adds two numbers, or concatenates when one side is a string and the
 *   other a string or number (`String(n)`: its shortest form); `- * / %` take
 *   numbers; anything else is a `type_mismatch`. A non-finite result is null
 *   and a negative zero is 0.
 * - Unary `-` takes a number (`not_a_number`); `!`, `&&`, `||` and the test of
 *   `?:` take booleans (`not_a_boolean`); `&&`/`||` short-circuit.
 * - Null (a missing field, a query that has not answered) propagates instead
 *   of failing, so a block over loading or empty data draws "missing", never
 *   an error: arithmetic, `+` with text included (`"a" + null` is null, not
 *   "anull"), unary `-`, `<`/`<=`/`>`/`>=` and `!` with a null operand are
 *   null, and a `?:` whose test is null is null without running either
 *   branch. `===`/`!==` compare null as a value (`null === null` is true).
 *   `&&`/`||` are three-valued as in SQL: the side that decides alone wins
 *   (`false && null` and `null && false` are false, `null || true` is true),
 *   otherwise a null side makes null. A null never excuses the other operand:
 *   one the operator never takes (`null - "a"`, `null < true`, `null && 1`)
 *   is refused as it would be next to any value.
 * - The result may share lists and records with the variables handed in;
 *   treat it as read-only.
 */
import type { UiFailureCode } from "../diagnostics/codes";
import type { UiRange } from "../envelope/schema";
import { toUiFailure, UiFailure } from "../failure";
import type { UiBinaryOperator, UiExpression } from "./ast";
import { UiBudget } from "./budget";
import type { UiCallExpression, UiHelperContext } from "./context";
import { uiValuesEqual } from "./equal";
import { evaluateUiHelper } from "./helpers";
import { UiValueMeasure } from "./measure";
import { isUiRecord, lookupOwn, readOwnField, readOwnIndex, uiValueKind } from "./read";
import { safeKey, type UiRecord, type UiValue } from "./value";

/** The names an expression can read: `$` variables (keyed without `$`) and bare locals (from `Each`). */
export type UiEvaluationScope = {
  variables: Readonly<Record<string, UiValue>>;
  locals?: Readonly<Record<string, UiValue>>;
};

/** A local bound by `@Filter`/`@Map`, in front of the ones bound around it. */
type LocalBinding = { name: string; value: UiValue; outer: LocalBinding | null };

/** Evaluates `ast` with `variables` (keyed by name without `$`); returns a finite JSON value or throws `UiFailure`. */
export function evaluateUiExpression(
  ast: UiExpression,
  variables: Readonly<Record<string, UiValue>> = {},
  budget: UiBudget = new UiBudget(),
): UiValue {
  return evaluateUiExpressionIn(ast, { variables }, budget);
}

/** Evaluates `ast` in a scope with variables and `Each` locals, charging `budget`; throws only `UiFailure`. */
export function evaluateUiExpressionIn(ast: UiExpression, scope: UiEvaluationScope, budget: UiBudget): UiValue {
  try {
    return new UiEvaluator(scope, budget).evaluate(ast, 1, null);
  } catch (caught) {
    throw toUiFailure(caught);
  }
}

function finiteOrNull(number: number): number | null {
  if (!Number.isFinite(number)) return null;
  return number === 0 ? 0 : number;
}

function fail(code: UiFailureCode, detail: string, range: UiRange): UiFailure {
  return new UiFailure(code, detail, range);
}

class UiEvaluator {
  private readonly measure: UiValueMeasure;

  constructor(
    private readonly scope: UiEvaluationScope,
    private readonly budget: UiBudget,
  ) {
    this.measure = new UiValueMeasure(budget);
  }

  evaluate(node: UiExpression, depth: number, locals: LocalBinding | null): UiValue {
    this.budget.step();
    if (depth > this.budget.limits.nesting) this.budget.checkDepth(depth, node.range);
    const inner = depth + 1;
    switch (node.kind) {
      case "literal":
        // The parser only builds finite numbers; a hand-built tree is held to the same rule.
        return typeof node.value === "number" ? finiteOrNull(node.value) : node.value;
      case "array": {
        const items: UiValue[] = [];
        for (const item of node.items) items.push(this.evaluate(item, inner, locals));
        return this.measure.built(items);
      }
      case "object": {
        const record: UiRecord = {};
        for (const entry of node.entries) {
          // The parser refuses these; a hand-built tree is checked again.
          if (!safeKey(entry.key)) throw fail("forbidden_key", JSON.stringify(entry.key), node.range);
          record[entry.key] = this.evaluate(entry.value, inner, locals);
        }
        return this.measure.built(record);
      }
      case "variable": {
        if (!safeKey(node.name)) throw fail("forbidden_key", JSON.stringify(node.name), node.range);
        const value = lookupOwn(this.scope.variables, node.name);
        if (value === undefined) throw fail("unknown_variable", `$${node.name}`, node.range);
        return value;
      }
      case "local":
        return this.local(node.name, node.range, locals);
      case "member": {
        const object = this.evaluate(node.object, inner, locals);
        const key = this.evaluate(node.property, inner, locals);
        return this.read(object, key, node.property.range);
      }
      case "unary": {
        const argument = this.evaluate(node.argument, inner, locals);
        if (argument === null) return null;
        if (node.operator === "-") {
          if (typeof argument !== "number") throw fail("not_a_number", `-${uiValueKind(argument)}`, node.range);
          return finiteOrNull(-argument);
        }
        if (typeof argument !== "boolean") throw fail("not_a_boolean", `!${uiValueKind(argument)}`, node.range);
        return !argument;
      }
      case "binary":
        return this.binary(node, inner, locals);
      case "conditional": {
        const test = this.evaluate(node.test, inner, locals);
        if (test === null) return null;
        if (typeof test !== "boolean") throw fail("not_a_boolean", `the test of ?: is ${uiValueKind(test)}`, node.test.range);
        return this.evaluate(test ? node.consequent : node.alternate, inner, locals);
      }
      case "call":
        return evaluateUiHelper(this.helperContext(node, inner, locals));
      default:
        throw new UiFailure("internal", "unknown expression node");
    }
  }

  private local(name: string, range: UiRange, locals: LocalBinding | null): UiValue {
    if (!safeKey(name)) throw fail("forbidden_key", JSON.stringify(name), range);
    for (let binding = locals; binding !== null; binding = binding.outer) {
      if (binding.name === name) return binding.value;
    }
    const outer = this.scope.locals === undefined ? undefined : lookupOwn(this.scope.locals, name);
    if (outer === undefined) throw fail("unknown_local", name, range);
    return outer;
  }

  private read(object: UiValue, key: UiValue, range: UiRange): UiValue {
    if (typeof key === "string" && !safeKey(key)) throw fail("forbidden_key", JSON.stringify(key), range);
    if (Array.isArray(object)) return typeof key === "number" ? readOwnIndex(object, key) : null;
    if (isUiRecord(object)) return typeof key === "string" ? readOwnField(object, key) : null;
    return null;
  }

  private binary(node: Extract<UiExpression, { kind: "binary" }>, depth: number, locals: LocalBinding | null): UiValue {
    const operator = node.operator;
    const left = this.evaluate(node.left, depth, locals);
    if (operator === "&&" || operator === "||") {
      if (typeof left !== "boolean" && left !== null) throw fail("not_a_boolean", `${uiValueKind(left)} ${operator} …`, node.left.range);
      // The value that decides alone: false for &&, true for ||.
      const decisive = operator === "||";
      // Short-circuit: the right side is not evaluated when the left decides.
      if (left === decisive) return left;
      const right = this.evaluate(node.right, depth, locals);
      if (typeof right !== "boolean" && right !== null) throw fail("not_a_boolean", `… ${operator} ${uiValueKind(right)}`, node.right.range);
      if (right === decisive) return right;
      // Neither side decides: a null side leaves the answer unknown, else the (equal) booleans are it.
      return left === null || right === null ? null : right;
    }
    const right = this.evaluate(node.right, depth, locals);
    if (operator !== "===" && operator !== "!==") {
      if (left === null && takesOperand(operator, right)) return null;
      if (right === null && takesOperand(operator, left)) return null;
    }
    switch (operator) {
      case "===":
        return uiValuesEqual(left, right, this.budget);
      case "!==":
        return !uiValuesEqual(left, right, this.budget);
      case "+":
        if (typeof left === "number" && typeof right === "number") return finiteOrNull(left + right);
        if (
          (typeof left === "string" && (typeof right === "string" || typeof right === "number")) ||
          (typeof right === "string" && typeof left === "number")
        ) {
          const leftText = String(left);
          const rightText = String(right);
          this.budget.checkString(leftText.length + rightText.length, node.range);
          return leftText + rightText;
        }
        break;
      case "-":
      case "*":
      case "/":
      case "%":
        if (typeof left === "number" && typeof right === "number") return finiteOrNull(arithmetic(operator, left, right));
        break;
      case "<":
      case "<=":
      case ">":
      case ">=":
        if ((typeof left === "number" && typeof right === "number") || (typeof left === "string" && typeof right === "string")) {
          return compare(operator, left, right);
        }
        break;
    }
    throw fail("type_mismatch", `${uiValueKind(left)} ${operator} ${uiValueKind(right)}`, node.range);
  }

  private helperContext(call: UiCallExpression, depth: number, locals: LocalBinding | null): UiHelperContext {
    const evaluator = this;
    return {
      budget: this.budget,
      call,
      argumentCount: call.arguments.length,
      argument(index) {
        const node = call.arguments[index];
        if (!node) throw fail("helper_arity", `@${call.helper}`, call.range);
        return evaluator.evaluate(node, depth, locals);
      },
      argumentWith(index, name, value) {
        const node = call.arguments[index];
        if (!node) throw fail("helper_arity", `@${call.helper}`, call.range);
        return evaluator.evaluate(node, depth, { name, value, outer: locals });
      },
      built: (container) => this.measure.built(container),
      fail: (code, detail) => fail(code, detail, call.range),
    };
  }
}

/** Whether `operator` (arithmetic or ordering) takes `value` as an operand, so that a null beside it may stand for a missing one. */
function takesOperand(operator: Exclude<UiBinaryOperator, "===" | "!==" | "&&" | "||">, value: UiValue): boolean {
  if (value === null || typeof value === "number") return true;
  return typeof value === "string" && (operator === "+" || operator === "<" || operator === "<=" || operator === ">" || operator === ">=");
}

function arithmetic(operator: "-" | "*" | "/" | "%", left: number, right: number): number {
  switch (operator) {
    case "-":
      return left - right;
    case "*":
      return left * right;
    case "/":
      return left / right;
    case "%":
      return left % right;
  }
}

function compare(operator: "<" | "<=" | ">" | ">=", left: number | string, right: number | string): boolean {
  switch (operator) {
    case "<":
      return left < right;
    case "<=":
      return left <= right;
    case ">":
      return left > right;
    case ">=":
      return left >= right;
  }
}
