/**
 * Every diagnostic and failure code the library raises, with its wording.
 * Code that raises a diagnostic names the code; the words live here, so they
 * can be improved (they are what a model reads in the next prompt's preamble)
 * without touching the parser. Keep one section per area.
 */

/** Codes of `UiDiagnostic`s: data about a block, collected while compiling or evaluating. */
export const UI_DIAGNOSTIC_MESSAGES = {
  // -- fences and info strings ------------------------------------------------
  unfinished_fence: "The UI fence was never closed; the block ends where the reply ends.",
  invalid_attribute: "The fence's info string has an attribute that is not id=… or catalog=….",
  invalid_block_id: "A block id is 1–64 characters of letters, digits, '_' and '-'.",
  unknown_catalog: "This catalog version is not known here; the block is shown as its fallback.",
  duplicate_block_id: "Another UI fence of this reply already has this id; this one is numbered by its position instead.",
  // -- budgets ----------------------------------------------------------------
  budget_exceeded: "The block is too large or too costly to compile; it is shown as its fallback.",
  reply_budget: "The reply has more UI than one reply may carry; this fence and the ones after it stay text.",
  too_many_diagnostics: "More problems were found than are listed here.",
  // -- tags -------------------------------------------------------------------
  unfinished_element: "An element was opened but never closed.",
  unfinished_tag: "A tag was cut off before its '>'.",
  malformed_tag: "Expected a tag such as <Name prop=\"…\"> here.",
  malformed_prop: "Expected prop=\"text\", prop={expression} or a bare flag here.",
  duplicate_prop: "A prop was given twice; the first value is kept.",
  unfinished_prop: "A prop's value was cut off before it closed.",
  unexpected_close_tag: "A closing tag has no matching open element.",
  mismatched_close_tag: "A closing tag does not match the element that is open.",
  unfinished_comment: "A {/* … */} comment was never closed.",
  malformed_comment: "A comment is written {/* … */} and nothing else stands between its braces.",
  stray_text: "Text outside any element is kept as plain text; put it inside <Summary> or another component.",
  unknown_component: "This component is not in the catalog; its text is shown instead.",
  refused_prop: "This prop is not in the component's schema and was dropped.",
  invalid_child: "This child is not allowed inside its parent and was dropped.",
  invalid_parent: "This component must stand inside a particular parent.",
  too_deep: "Elements are nested too deeply.",
  // -- declarations -----------------------------------------------------------
  invalid_declaration: "Expected a declaration of the form $name = expression.",
  duplicate_declaration: "This name was already declared; the first declaration wins.",
  forbidden_name: "__proto__, constructor and prototype cannot be used as names or keys.",
  unknown_variable: "This variable is not declared above the place that reads it; write $name = … on an earlier line.",
  unknown_query_source: "No query source of this name is available here.",
  invalid_query: "A query is written $name = @Query(\"source\", {args}) with a literal source.",
  query_arguments: "The query's arguments do not match the source's schema.",
  query_argument_clamped: "A query argument was outside the source's range; the nearest allowed value is used.",
  // -- expressions and props --------------------------------------------------
  expression_syntax: "This expression could not be parsed.",
  invalid_binding: "Only a single declared state variable can be bound to this input.",
  invalid_prop: "This prop's value does not fit the component's schema; the element is shown as its fallback.",
  missing_prop: "A required prop is missing; the element is shown as its fallback.",
  evaluation_failed: "This expression could not be evaluated.",
  invalid_action: "An action prop takes @Set($name, value), @Reset($name) or @Reset().",
  misplaced_action: "@Set and @Reset may only stand in an action prop such as Choice's run={…}.",
  misplaced_query: "@Query may only stand as a whole declaration: $name = @Query(\"source\", {args}).",
  unknown_local: "This bare name is not bound here; names are bound by @Filter, @Map or an enclosing <Each as=\"…\">.",
  unfinished_expression: "An {expression} was cut off before its closing brace.",
  unresolved_attachment: "Image generated=\"latest\" has no generated image to show.",
  // -- evaluation results -----------------------------------------------------
  invalid_element: "This element could not be shown and falls back to its text.",
  computed_cycle: "This computed value depends on itself, directly or through others; it is null.",
  stale_state: "The state does not match this block's declarations; sync it with the block before evaluating.",
  // -- lint (GenUI-style advice that does not hide anything) ------------------
  unread_control: "Nothing reads this control's value.",
} as const;

/** A diagnostic's machine-readable code. */
export type UiDiagnosticCode = keyof typeof UI_DIAGNOSTIC_MESSAGES;

/** Codes of `UiFailure`s: refusals raised by expressions, values, state, choices and queries. */
export const UI_FAILURE_MESSAGES = {
  // -- expression syntax ------------------------------------------------------
  syntax: "The expression is not valid.",
  unknown_helper: "This helper does not exist.",
  helper_arity: "This helper was given the wrong number of arguments.",
  action_only: "@Set and @Reset may only appear in an action prop.",
  declaration_only: "@Query may only appear as a whole declaration.",
  // -- evaluation -------------------------------------------------------------
  unknown_variable: "This variable is not declared.",
  unknown_local: "This local name is not bound here.",
  forbidden_key: "__proto__, constructor and prototype are refused.",
  type_mismatch: "The operands have types this operator does not accept.",
  not_a_list: "A list was expected.",
  not_a_number: "A number was expected.",
  not_a_string: "A string was expected.",
  not_a_boolean: "A boolean was expected.",
  invalid_argument: "A helper argument is out of range or of the wrong kind.",
  // -- budgets ----------------------------------------------------------------
  budget_steps: "The evaluation took too many steps.",
  budget_iterations: "The evaluation repeated too many times.",
  budget_string: "The evaluation produced a string that is too long.",
  budget_depth: "The expression or value is nested too deeply.",
  budget_time: "The work took too long.",
  budget_characters: "The source is too long.",
  budget_nodes: "The block has too many nodes.",
  budget_output: "The evaluation produced a value that is too large.",
  // -- values (copyUiValue) ---------------------------------------------------
  invalid_value: "Only JSON values are accepted (no class instances, functions or symbols).",
  non_finite: "Numbers must be finite.",
  sparse_array: "Arrays must not have holes.",
  cycle: "The value refers to itself.",
  accessor: "Values with getters or setters are refused.",
  // -- state ------------------------------------------------------------------
  unknown_state: "No state variable of this name is declared.",
  not_state: "Computed values and queries cannot be set.",
  type_change: "A state variable keeps the type of its default.",
  not_an_action: "Only @Set($name, value), @Reset($name) and @Reset() can run.",
  other_block: "This state belongs to another block.",
  // -- queries ----------------------------------------------------------------
  unknown_query: "No query of this name is declared in the block.",
  replaced_query: "The query's definition changed since this result was asked for.",
  query_arguments: "The query's arguments do not match the source's schema.",
  query_dependency: "A query's arguments may read local state only, not query results or values computed from them.",
  // -- choices and links ------------------------------------------------------
  unknown_choice: "No choice of this id is in the block.",
  hidden_choice: "The choice is not visible.",
  disabled_choice: "The choice is disabled.",
  unfinished_block: "The block is not complete.",
  unsupported_catalog: "The block's catalog version is not supported.",
  invalid_input: "A submitted value is not allowed by the visible controls.",
  local_choice: "This choice only changes the panel (it has run=…); it is never sent.",
  // -- anything else ----------------------------------------------------------
  internal: "Something went wrong while handling this UI.",
} as const;

/** A failure's machine-readable code. */
export type UiFailureCode = keyof typeof UI_FAILURE_MESSAGES;

/** The wording of a diagnostic code, with an optional detail appended. */
export function uiDiagnosticMessage(code: UiDiagnosticCode, detail?: string): string {
  const base = UI_DIAGNOSTIC_MESSAGES[code];
  return detail ? `${base} (${detail})` : base;
}

/** The wording of a failure code, with an optional detail appended. */
export function uiFailureMessage(code: UiFailureCode, detail?: string): string {
  const base = UI_FAILURE_MESSAGES[code];
  return detail ? `${base} (${detail})` : base;
}
