/**
 * What the model-fit bench finds in one block: each finding is one of the
 * three things a person must never see (an error, a false value while a
 * query loads, a fallback), where it was found (the compile, or one of the
 * three evaluations), and the diagnostic or node it came from. The bench's
 * own codes — for what the library does not report itself — and their
 * wording live here.
 */

/** The three ways a block fails a person. */
export type ModelFitKind = "error" | "false-value" | "fallback";

/** The three evaluations of a ```ui block: before any query answers, on the demo project's rows, on empty answers. */
export const MODEL_FIT_MODES = ["loading", "real", "empty"] as const;

/** One evaluation of a ```ui block. */
export type ModelFitMode = (typeof MODEL_FIT_MODES)[number];

/** Where a finding was made: the compile (every dialect), or one evaluation. */
export type ModelFitStage = "compile" | ModelFitMode;

/** One finding (see the file comment). */
export type ModelFitFinding = {
  kind: ModelFitKind;
  stage: ModelFitStage;
  /** A library diagnostic code, `#fallback`, or one of `MODEL_FIT_MESSAGES`' codes. */
  code: string;
  message: string;
  nodeId?: string;
};

/** The dialects a reply's blocks are written in: tag-language fences, GenUI fences and `render_ui` tool calls. */
export type ModelFitDialect = "ui" | "octo-ui" | "render_ui";

/** Everything found in one block of one reply. */
export type BlockFit = {
  /** `<request id>/<dialect>-<index among that dialect's blocks of the reply>`. */
  id: string;
  dialect: ModelFitDialect;
  findings: ModelFitFinding[];
};

/** The bench's own finding codes and their words. */
export const MODEL_FIT_MESSAGES = {
  false_value_while_loading: "A value read from a query that has not answered is drawn as if it were known, with no loading mark.",
  query_refused: "The host refused this query, so the block shows a refusal instead of its data.",
  query_data_refused: "The block's state refused the rows the host answered with.",
  fallback: "This part is drawn as its fallback text instead of a component.",
  render_ui_input: "The render_ui call's input is not {spec: {items: [...]}}, so the card shows the tool's error.",
  render_ui_nothing: "The render_ui spec has nothing that can be drawn, so the card shows the tool's error.",
  empty_panel: "The octo-ui spec has nothing that can be drawn, so the fence is shown as its fallback text.",
} as const;

/** A bench finding code. */
export type ModelFitCode = keyof typeof MODEL_FIT_MESSAGES;

/** The words of a bench code, with a detail in parentheses. */
export function modelFitMessage(code: ModelFitCode, detail?: string): string {
  const base = MODEL_FIT_MESSAGES[code];
  return detail ? `${base} (${detail})` : base;
}

/** True when a block has a finding of `kind` (at `stage`, when given). */
export function hasFinding(block: BlockFit, kind: ModelFitKind, stage?: ModelFitStage): boolean {
  return block.findings.some((finding) => finding.kind === kind && (stage === undefined || finding.stage === stage));
}
