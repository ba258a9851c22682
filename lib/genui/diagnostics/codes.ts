/**
 * Every diagnostic code the GenUI dialect raises, with its wording. Code that
 * raises a diagnostic names the code and, at most, a short detail; the words
 * live here so they can be improved without touching the parser. Clamping is
 * silent to the model (the guide says so) but never to the playground, which
 * shows these messages next to the panel.
 */
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";

/** Codes and wording of every `GenuiDiagnostic`. */
export const GENUI_DIAGNOSTIC_MESSAGES = {
  // -- the spec as a whole ----------------------------------------------------
  invalid_spec: "The spec is not a JSON object; nothing can be rendered.",
  missing_items: "The spec has no valid `items` array; nothing can be rendered.",
  invalid_panel_id: `A panel id is 1–${GENUI_LIMITS.panelIdLength} letters, digits, '_' or '-'; the id was dropped and the panel is one-shot.`,
  internal: "The spec could not be read; nothing is rendered.",
  // -- JSON values ------------------------------------------------------------
  forbidden_key: "__proto__, constructor and prototype keys are stripped.",
  not_json: "Only plain JSON values are read (no getters, functions, class instances or non-finite numbers); this one was ignored.",
  unknown_field: "This field is not part of the node type and was stripped.",
  input_type_dropped: "`input` has no `inputType`; it was dropped and the input stays plain text.",
  invalid_field: "This field has the wrong type or value and was dropped.",
  coerced_value: "A number or boolean was given where text was expected; it was turned into text.",
  // -- nodes ------------------------------------------------------------------
  invalid_node: "A node is a JSON object with a string `type`; this entry was dropped.",
  unknown_type: "This `type` is not in the node whitelist; the node and its subtree were dropped.",
  interactive_on_tool: "Interactive nodes only work in an octo-ui fence; the render_ui tool dropped this node and its subtree.",
  missing_field: "A required field is missing or invalid; the node was dropped.",
  invalid_field_name: `A field name is 1–${GENUI_BUDGETS.fieldNameLength} characters and not __proto__, constructor or prototype; the node was dropped.`,
  too_deep: `The tree is nested deeper than ${GENUI_LIMITS.depth} levels; this node and its subtree were dropped.`,
  too_many_nodes: `The spec has more than ${GENUI_LIMITS.nodes} nodes; the rest were dropped.`,
  too_many_candidates: "The spec has too many entries to inspect; the rest were ignored.",
  // -- caps -------------------------------------------------------------------
  text_truncated: "The text was longer than its cap and was cut.",
  entries_trimmed: "The list was longer than its cap; the entries past it were dropped.",
  entries_budget: `The spec holds more than ${GENUI_BUDGETS.entries} cells, entries, options and points in all; the rest were dropped.`,
  invalid_entry: "This entry has the wrong shape and was dropped.",
  value_clamped: "The number was outside its range and was clamped.",
  cell_not_scalar: "Table cells are strings, numbers, booleans or null; this cell became null.",
  row_padded: "A row had fewer cells than the table has columns; it was padded with empty cells.",
  // -- node rules -------------------------------------------------------------
  link_scheme: "Only http:, https:, mailto: and tel: links are accepted; the link was dropped.",
  link_too_long: `The href is longer than ${GENUI_LIMITS.hrefLength} characters; the link was dropped rather than cut into another address.`,
  slider_range: "A slider's max must exceed its min; the slider was dropped.",
  number_range: "A number input's min exceeds its max; both bounds were dropped.",
  quiz_answer: "The quiz's `correct` value names none of its options; the quiz was dropped.",
  filter_column: "filterBy.column must name one of the table's columns; filterBy was dropped.",
  condition_extra: "A condition uses one equality test; of equals, in and not only the first was kept.",
  condition_family: "A condition is an equality test or a range, not both; the range tests were dropped.",
  invalid_condition: "A condition needs a field name and a test; it was dropped, so the node always shows.",
  payload_trimmed: "The button payload was deeper, wider or larger than its budget; the excess was dropped.",
  // -- fences and replies -----------------------------------------------------
  invalid_json: "The fence body is not valid JSON; what could be read is shown.",
  json_budget: "The fence body nests too deeply or holds too much; the excess was not read.",
  unfinished_fence: "The fence was never closed; it ends where the reply ends.",
  reply_budget: `A reply renders at most ${GENUI_BUDGETS.fencesPerReply} octo-ui fences; this one shows its placeholder.`,
  too_many_diagnostics: "More problems were found than are listed here.",
  // -- lint (advice; nothing is hidden) ---------------------------------------
  unread_control: "Nothing reads this control's value.",
  hidden_until_moved: "This node is gated by a range on a control with a starting value; it stays hidden until the user moves that control.",
  unknown_control: "This condition or filter names a field no control in the spec sets.",
  filter_field_kind: "filterBy.field should name a text-valued control (input, textarea, select or radio).",
} as const;

/** A diagnostic's machine-readable code. */
export type GenuiDiagnosticCode = keyof typeof GENUI_DIAGNOSTIC_MESSAGES;

/** The wording of a code, with an optional detail appended in parentheses. */
export function genuiDiagnosticMessage(code: GenuiDiagnosticCode, detail?: string): string {
  const base = GENUI_DIAGNOSTIC_MESSAGES[code];
  return detail ? `${base} (${detail})` : base;
}
