/**
 * The inspector's words: what each diagnostic, trim, drop, clamp and lint
 * code means to someone who does not read code. Every code of both dialects
 * has a kind (the type checker keeps the tables whole); a kind has a sentence
 * and a summary phrase, and a code whose case is common enough has a sentence
 * of its own. The codes' own messages (lib/ui and lib/genui `codes.ts`) are
 * written for the model and a developer; they are shown beside these.
 */
import type { DataCheck } from "@/lib/chat/final/reply-repair";
import type { GenuiDiagnosticCode } from "@/lib/genui/diagnostics/codes";
import type { UiDiagnosticCode } from "@/lib/ui/diagnostics/codes";

/** What a finding did to the reply, in the terms a reader notices. */
export type FindingKind =
  /** A part, or a piece of one, is not shown. */
  | "hidden"
  /** A text, list or table was cut to its cap. */
  | "shortened"
  /** A value was clamped, coerced, padded or ignored; the part still shows. */
  | "adjusted"
  /** The reply was written wrongly and the app recovered what it could. */
  | "repaired"
  /** Characters the database cannot store were replaced. */
  | "replaced"
  /** A tool call was refused. */
  | "refused"
  /** Advice: everything shows, but something cannot do its job. */
  | "advice"
  /** There were more findings than were kept. */
  | "more";

/** Kinds in the order a summary names them: what hides most first. */
export const FINDING_KINDS: readonly FindingKind[] = ["hidden", "shortened", "adjusted", "repaired", "replaced", "refused", "advice", "more"];

/** The kind of every ```ui diagnostic code. */
const UI_KINDS: Record<UiDiagnosticCode, FindingKind> = {
  unfinished_fence: "repaired",
  invalid_attribute: "adjusted",
  invalid_block_id: "adjusted",
  unknown_catalog: "hidden",
  duplicate_block_id: "adjusted",
  budget_exceeded: "hidden",
  reply_budget: "hidden",
  too_many_diagnostics: "more",
  unfinished_element: "repaired",
  unfinished_tag: "repaired",
  malformed_tag: "repaired",
  malformed_prop: "repaired",
  duplicate_prop: "adjusted",
  unfinished_prop: "repaired",
  unexpected_close_tag: "repaired",
  mismatched_close_tag: "repaired",
  unfinished_comment: "repaired",
  malformed_comment: "repaired",
  stray_text: "repaired",
  unknown_component: "hidden",
  refused_prop: "adjusted",
  invalid_child: "hidden",
  invalid_parent: "hidden",
  too_deep: "hidden",
  invalid_declaration: "repaired",
  duplicate_declaration: "adjusted",
  forbidden_name: "adjusted",
  unknown_variable: "repaired",
  unknown_query_source: "hidden",
  invalid_query: "repaired",
  query_arguments: "hidden",
  expression_syntax: "repaired",
  invalid_binding: "adjusted",
  invalid_prop: "hidden",
  missing_prop: "hidden",
  evaluation_failed: "adjusted",
  invalid_action: "adjusted",
  misplaced_action: "adjusted",
  misplaced_query: "adjusted",
  unknown_local: "repaired",
  unfinished_expression: "repaired",
  unresolved_attachment: "hidden",
  invalid_element: "hidden",
  computed_cycle: "adjusted",
  stale_state: "adjusted",
  query_argument_clamped: "adjusted",
  unread_control: "advice",
};

/** The kind of every GenUI (octo-ui fence and `render_ui`) diagnostic code. */
const GENUI_KINDS: Record<GenuiDiagnosticCode, FindingKind> = {
  invalid_spec: "hidden",
  missing_items: "hidden",
  invalid_panel_id: "adjusted",
  internal: "hidden",
  forbidden_key: "adjusted",
  not_json: "adjusted",
  unknown_field: "adjusted",
  input_type_dropped: "adjusted",
  invalid_field: "adjusted",
  coerced_value: "adjusted",
  invalid_node: "hidden",
  unknown_type: "hidden",
  interactive_on_tool: "hidden",
  missing_field: "hidden",
  invalid_field_name: "hidden",
  too_deep: "hidden",
  too_many_nodes: "hidden",
  too_many_candidates: "shortened",
  text_truncated: "shortened",
  entries_trimmed: "shortened",
  entries_budget: "shortened",
  invalid_entry: "hidden",
  value_clamped: "adjusted",
  cell_not_scalar: "adjusted",
  row_padded: "adjusted",
  link_scheme: "hidden",
  link_too_long: "hidden",
  slider_range: "hidden",
  number_range: "adjusted",
  quiz_answer: "hidden",
  filter_column: "adjusted",
  condition_extra: "adjusted",
  condition_family: "adjusted",
  invalid_condition: "adjusted",
  payload_trimmed: "shortened",
  invalid_json: "repaired",
  json_budget: "shortened",
  unfinished_fence: "repaired",
  reply_budget: "hidden",
  too_many_diagnostics: "more",
  unread_control: "advice",
  hidden_until_moved: "advice",
  unknown_control: "advice",
  filter_field_kind: "advice",
};

/** Kinds of the codes the chat itself raises (lib/chat/final). */
const REPLY_KINDS: Readonly<Record<string, FindingKind>> = {
  text_replaced: "replaced",
  unknown_tool: "refused",
  duplicate_panel_id: "adjusted",
  receipt_truncated: "more",
};

/** What a finding of each kind means, when its code has no sentence of its own. */
const KIND_SENTENCES: Record<FindingKind, string> = {
  hidden: "This part could not be shown.",
  shortened: "This was longer than the app allows, so it was shortened.",
  adjusted: "A value here was changed or ignored so the rest could be shown.",
  repaired: "This was written incorrectly; the app showed what it could make out.",
  replaced: "Some characters could not be stored and were replaced with \uFFFD.",
  refused: "The reply asked to use a tool this app does not have; nothing ran.",
  advice: "Everything here is shown, but something may not work as intended.",
  more: "There were more findings than are listed.",
};

/** Sentences of codes common enough, or specific enough, to say exactly. */
const CODE_SENTENCES: Readonly<Record<string, string>> = {
  unknown_component: "A kind of element the app does not know was used; its text is shown instead.",
  unknown_type: "A kind of element the app does not know was used; it was left out.",
  refused_prop: "A setting this element does not have was ignored.",
  unknown_field: "A setting this element does not have was ignored.",
  invalid_prop: "A setting had a value this element cannot use, so the element is shown as plain text.",
  missing_prop: "Something this element needs was missing, so it is shown as plain text.",
  missing_field: "Something this element needs was missing, so it was left out.",
  expression_syntax: "A calculation was written incorrectly and could not be worked out.",
  mismatched_close_tag: "An element was closed with the wrong name; the app closed it where it could.",
  unexpected_close_tag: "An element was closed that was never opened; the closing was ignored.",
  unfinished_element: "An element was never closed; the app closed it at the end.",
  unfinished_fence: "The block was never closed; it ends where the reply ends.",
  invalid_json: "The panel's data was not written correctly; what could be read is shown.",
  link_scheme: "A link went to an address that is not a web page, e-mail or phone number, so it was removed.",
  link_too_long: "A link was too long to be trusted, so it was removed.",
  text_truncated: "A text was longer than the app allows, so it was shortened.",
  entries_trimmed: "A list or table was longer than the app allows; the rest was left out.",
  value_clamped: "A number was outside its allowed range, so it was moved to the nearest allowed value.",
  query_argument_clamped: "A query asked for a number outside its range, so the nearest allowed value was used.",
  budget_exceeded: "This block is too large to show; its plain text is shown instead.",
  reply_budget: "The reply has more interactive parts than one reply may show; this one stays plain text.",
  unknown_variable: "A value was used before it was defined, so it is empty.",
  interactive_on_tool: "An input or button cannot be used in this kind of card, so it was left out.",
  duplicate_panel_id: "Two panels of this reply have the same name; only the first one can be updated later.",
  unread_control: "Nothing uses the value of this control, so changing it does nothing.",
  hidden_until_moved: "This part stays hidden until its control is moved.",
  unknown_control: "This refers to a control that does not exist, so it never changes.",
};

/** The kind of a finding's code (an unknown code — a newer server's — counts as adjusted). */
export function findingKind(code: string): FindingKind {
  return (
    (Object.hasOwn(REPLY_KINDS, code) ? REPLY_KINDS[code] : undefined) ??
    (Object.hasOwn(UI_KINDS, code) ? UI_KINDS[code as UiDiagnosticCode] : undefined) ??
    (Object.hasOwn(GENUI_KINDS, code) ? GENUI_KINDS[code as GenuiDiagnosticCode] : undefined) ??
    "adjusted"
  );
}

/** The plain sentence of a finding. */
export function findingSentence(code: string): string {
  return Object.hasOwn(CODE_SENTENCES, code) ? (CODE_SENTENCES[code] as string) : KIND_SENTENCES[findingKind(code)];
}

/** "2 parts could not be shown", "1 value was shortened", …: one kind counted. */
export function kindPhrase(kind: FindingKind, count: number): string {
  const one = count === 1;
  switch (kind) {
    case "hidden":
      return one ? "1 part could not be shown" : `${count} parts could not be shown`;
    case "shortened":
      return one ? "1 thing was shortened" : `${count} things were shortened`;
    case "adjusted":
      return one ? "1 value was adjusted" : `${count} values were adjusted`;
    case "repaired":
      return one ? "1 writing mistake was worked around" : `${count} writing mistakes were worked around`;
    case "replaced":
      return "some characters were replaced";
    case "refused":
      return one ? "1 tool request was refused" : `${count} tool requests were refused`;
    case "advice":
      return one ? "1 suggestion" : `${count} suggestions`;
    case "more":
      return "more that are not listed";
  }
}

/** What each data check did, for a finding it found (lib/chat/turn/block-data-check.ts): the server evaluated the block before the reply was final. */
const DATA_CHECK_NOTES: Record<DataCheck, string> = {
  "real data": "Found before the reply was shown, by trying the block on the project's real rows.",
  "empty data": "Found before the reply was shown, by trying the block with no rows (as on a day with nothing to report).",
};

/** The short name of a data check, as a finding's label shows it. */
const DATA_CHECK_LABELS: Record<DataCheck, string> = {
  "real data": "real data check",
  "empty data": "empty data check",
};

/** The note of a finding a data check found. */
export function dataCheckNote(check: DataCheck): string {
  return DATA_CHECK_NOTES[check];
}

/** The label of a finding a data check found ("real data check"). */
export function dataCheckLabel(check: DataCheck): string {
  return DATA_CHECK_LABELS[check];
}
