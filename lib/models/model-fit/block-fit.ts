/**
 * One compiled ```ui block, checked as a person would meet it: evaluated
 * with the library's own evaluator and state three times — before any query
 * answers (`loading`), with every query answered by the host (`real`), and
 * with every query answered with no rows (`empty`) — and each evaluation's
 * errors, false values and fallbacks recorded with the compile's errors.
 */
import { REPAIR_NOT_ERROR_CODES } from "@/lib/chat/turn/repair-blocks";
import type { UiBlock, UiDiagnostic } from "@/lib/ui/envelope/schema";
import { UI_UNKNOWN_TEXT } from "@/lib/ui/evaluate/display-text";
import { evaluateUiBlock } from "@/lib/ui/evaluate/evaluate-block";
import type { UiEvaluation, UiViewNode } from "@/lib/ui/evaluate/view-node";
import type { UiRecord, UiValue } from "@/lib/ui/expression/value";
import { uiBlockDeclarations } from "@/lib/ui/state/declarations";
import { UiState } from "@/lib/ui/state/ui-state";
import { modelFitMessage, type BlockFit, type ModelFitFinding, type ModelFitMode, type ModelFitStage } from "./findings";

/** The host's answer to one query: its rows, or why it refused. */
export type QueryAnswer = { rows: UiRecord[] } | { refused: string };

/** Answers query `name` of `block` as the app's query route would, with the block's declared defaults. */
export type QueryAnswerer = (block: UiBlock, name: string) => Promise<QueryAnswer>;

/** The evaluator to check with: the library's, unless a test wraps it. */
export type BlockEvaluator = (block: UiBlock, state: UiState) => UiEvaluation;

/** Options of `fitUiBlock`. */
export type FitUiBlockInput = {
  /** The block's id in the bench's report. */
  id: string;
  block: UiBlock;
  /** Answers the `real` evaluation's queries. */
  answer: QueryAnswerer;
  evaluate?: BlockEvaluator;
};

/** Characters of a value quoted in a false-value finding: enough to recognise it. */
const QUOTED_VALUE_LENGTH = 40;

/**
 * True for a diagnostic that is a fault, by the chat's own rule (the codes
 * the repair round does not count: advice, clamps and caps the block
 * survives, such as a clamped `limit`), so the bench and the chat agree on
 * what an error is.
 */
export function isErrorDiagnostic(diagnostic: UiDiagnostic): boolean {
  return !REPAIR_NOT_ERROR_CODES.has(diagnostic.code);
}

/** A value that states something: not absent, not null, not the "—" of an unknown and not empty text. */
function statesSomething(value: UiValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value !== "" && value !== UI_UNKNOWN_TEXT;
  return true;
}

function quoted(value: UiValue | undefined): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > QUOTED_VALUE_LENGTH ? `${text.slice(0, QUOTED_VALUE_LENGTH - 1)}…` : text;
}

/**
 * The nodes of an evaluated tree that draw a value computed from an
 * unanswered query as if it were known: a prop (or interpolated text) whose
 * host data names a query in `unanswered`, with a value that states
 * something, on a node the evaluator did not mark `pending` (a `#pending`
 * node is a placeholder and states nothing).
 */
export function falseValuesWhileLoading(nodes: readonly UiViewNode[], unanswered: ReadonlySet<string>): ModelFitFinding[] {
  const findings: ModelFitFinding[] = [];
  const visit = (node: UiViewNode) => {
    if (node.type === "#pending") return;
    const waiting = node.pending !== undefined && node.pending.some((name) => unanswered.has(name));
    if (!waiting && node.hostData) {
      for (const [prop, names] of Object.entries(node.hostData)) {
        const from = names.filter((name) => unanswered.has(name));
        const value = node.props[prop];
        if (from.length === 0 || !statesSomething(value)) continue;
        findings.push({
          kind: "false-value",
          stage: "loading",
          code: "false_value_while_loading",
          message: modelFitMessage("false_value_while_loading", `${node.type}.${prop} = ${quoted(value)} before ${from.map((name) => `$${name}`).join(", ")} answered`),
          nodeId: node.sourceId ?? node.id,
        });
      }
    }
    for (const child of node.children) visit(child);
  };
  for (const node of nodes) visit(node);
  return findings;
}

/** Every `#fallback` node of an evaluated tree as a finding at `stage`. */
export function fallbackNodes(nodes: readonly UiViewNode[], stage: ModelFitStage): ModelFitFinding[] {
  const findings: ModelFitFinding[] = [];
  const visit = (node: UiViewNode) => {
    if (node.type === "#fallback") {
      findings.push({ kind: "fallback", stage, code: "#fallback", message: modelFitMessage("fallback", `in place of ${String(node.props.type ?? "?")}`), nodeId: node.sourceId ?? node.id });
    }
    for (const child of node.children) visit(child);
  };
  for (const node of nodes) visit(node);
  return findings;
}

function errorsOf(diagnostics: readonly UiDiagnostic[], stage: ModelFitStage): ModelFitFinding[] {
  return diagnostics.filter(isErrorDiagnostic).map((diagnostic) => ({
    kind: "error" as const,
    stage,
    code: diagnostic.code,
    message: diagnostic.message,
    ...(diagnostic.nodeId !== undefined ? { nodeId: diagnostic.nodeId } : {}),
  }));
}

/** Evaluates `block` in one mode and records what a person would meet. */
async function fitMode(input: FitUiBlockInput, mode: ModelFitMode, queryNames: readonly string[]): Promise<ModelFitFinding[]> {
  const findings: ModelFitFinding[] = [];
  const state = new UiState(input.block);
  const unanswered = new Set<string>(mode === "loading" ? queryNames : []);
  if (mode !== "loading") {
    for (const name of queryNames) {
      const answer: QueryAnswer = mode === "empty" ? { rows: [] } : await input.answer(input.block, name);
      if ("refused" in answer) {
        findings.push({ kind: "error", stage: mode, code: "query_refused", message: modelFitMessage("query_refused", `$${name}: ${answer.refused}`) });
        continue;
      }
      try {
        state.setQuery(name, answer.rows, input.block);
      } catch (caught) {
        findings.push({ kind: "error", stage: mode, code: "query_data_refused", message: modelFitMessage("query_data_refused", `$${name}: ${caught instanceof Error ? caught.message : String(caught)}`) });
      }
    }
  }
  const evaluation = (input.evaluate ?? evaluateUiBlock)(input.block, state);
  findings.push(...errorsOf(evaluation.diagnostics, mode));
  if (mode === "loading") findings.push(...falseValuesWhileLoading(evaluation.nodes, unanswered));
  findings.push(...fallbackNodes(evaluation.nodes, mode));
  return findings;
}

/** Checks one compiled ```ui block (see the file comment). */
export async function fitUiBlock(input: FitUiBlockInput): Promise<BlockFit> {
  const queryNames = uiBlockDeclarations(input.block)
    .filter((declaration) => declaration.kind === "query")
    .map((declaration) => declaration.name);
  const findings = errorsOf(input.block.diagnostics, "compile");
  for (const mode of ["loading", "real", "empty"] as const) findings.push(...(await fitMode(input, mode, queryNames)));
  return { id: input.id, dialect: "ui", findings };
}
