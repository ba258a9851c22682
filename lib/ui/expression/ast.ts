/**
 * The syntax tree of a UI expression. Plain JSON data: it can be built by
 * `parseUiExpression`, inspected by the compiler (is it constant? which
 * variables does it read?) and walked by the evaluator. Ranges are UTF-16
 * offsets into the expression's source.
 */
import type { UiRange } from "../envelope/schema";

/** The binary operators; `==`/`!=` are parsed as `===`/`!==`. */
export type UiBinaryOperator =
  | "+" | "-" | "*" | "/" | "%"
  | "===" | "!==" | "<" | "<=" | ">" | ">="
  | "&&" | "||";

/** The unary operators. */
export type UiUnaryOperator = "-" | "!";

/** Helper names without the `@` (the reference's five, catalog 1's additions, dates and grouping, actions and `Query`). */
export type UiHelperName =
  | "Count" | "Filter" | "Sum" | "Join" | "Round"
  | "Map" | "Sort" | "Take" | "Min" | "Max" | "Avg" | "Contains" | "Format"
  | "Today" | "DaysBetween" | "AddDays" | "StartOf" | "Group" | "Unique"
  | "Set" | "Reset" | "Query";

/** One node of an expression's syntax tree. */
export type UiExpression =
  | { kind: "literal"; value: null | boolean | number | string; range: UiRange }
  | { kind: "array"; items: UiExpression[]; range: UiRange }
  | { kind: "object"; entries: { key: string; value: UiExpression }[]; range: UiRange }
  /** `$name`; `name` is stored without the `$`. */
  | { kind: "variable"; name: string; range: UiRange }
  /** A bare name bound by `@Filter`, `@Map` or `Each`. */
  | { kind: "local"; name: string; range: UiRange }
  /** `object.name` (`property` is a string literal) or `object[expression]`. */
  | { kind: "member"; object: UiExpression; property: UiExpression; range: UiRange }
  | { kind: "unary"; operator: UiUnaryOperator; argument: UiExpression; range: UiRange }
  | { kind: "binary"; operator: UiBinaryOperator; left: UiExpression; right: UiExpression; range: UiRange }
  | { kind: "conditional"; test: UiExpression; consequent: UiExpression; alternate: UiExpression; range: UiRange }
  /** `@Helper(args…)`; for `@Filter`/`@Map` the second argument is a `local` node naming the bound variable. */
  | { kind: "call"; helper: UiHelperName; arguments: UiExpression[]; range: UiRange };
