/**
 * One compiled ```ui block checked against data before its reply is final
 * (issue 24): the block evaluated as the renderer evaluates it
 * (`evaluateUiBlock`) with its queries answered by their first reading —
 * the rows the page will show first (`real data`) — and with every query
 * answered by no rows (`empty data`, the good days: no failures, no
 * incident). Every evaluation diagnostic found is tagged with its check;
 * one the compiler already reported, or both checks find on the same
 * element, counts once (the real rows' first). A block whose queries were
 * not all read (a source that did not answer in time, a read refused) skips
 * the real-data check rather than failing it: what a query not yet answered
 * does is the loading state's business, not the block's.
 *
 * Only the public evaluation is read (`diagnostics`), so whatever the
 * evaluator decides about pending values and nulls, this follows. Pure: the
 * rows are handed in (`reply-data-check.ts` reads them).
 */
import type { UiBlock, UiDiagnostic } from "@/lib/ui/envelope/schema";
import { evaluateUiBlock } from "@/lib/ui/evaluate/evaluate-block";
import type { UiRecord } from "@/lib/ui/expression/value";
import { uiQueryArguments } from "@/lib/ui/query/query-arguments";
import { UiState } from "@/lib/ui/state/ui-state";
import type { DataCheck } from "../final/reply-repair";
import { REPAIR_REFUSAL_CODES } from "./repair-blocks";

/** Findings kept per block and check: the repair prompt quotes them, and a block with more is broken throughout. */
export const DATA_CHECK_FINDINGS_MAX = 20;

/** Rows of a query's first reading the repair prompt quotes: enough to show their shape and a real value or two. */
export const DATA_SAMPLE_ROWS = 2;

/** Longest quotation of a query's rows in the repair prompt, in characters: a row of a wide source, not a page of them. */
export const DATA_SAMPLE_MAX_CHARACTERS = 600;

/** One evaluation diagnostic a data check found. */
export type DataFinding = UiDiagnostic & { check: DataCheck };

/** One query of a block as it is read: its source and evaluated arguments (with the declared defaults, as the page first asks). */
export type BlockQueryRead = { name: string; source: string; arguments: UiRecord };

/** The rows of a query's first reading; undefined when it was not read (skipped). */
export type QueryRows = (query: BlockQueryRead) => readonly UiRecord[] | undefined;

/** What the repair prompt quotes of one query's first reading. */
export type QuerySample = {
  /** The declared name, without `$`. */
  name: string;
  source: string;
  /** The arguments as JSON. */
  arguments: string;
  /** How many rows the reading returned. */
  rows: number;
  /** The first `DATA_SAMPLE_ROWS` rows as JSON, cut to `DATA_SAMPLE_MAX_CHARACTERS`. */
  first: string;
};

/** What the data checks found in one block. */
export type BlockDataCheck = {
  blockId: string;
  findings: DataFinding[];
  /** True when every query was read and the real-data check ran. */
  realChecked: boolean;
  /** The first readings, as the repair prompt quotes them (empty when the real-data check was skipped). */
  samples: QuerySample[];
};

/** True for a block the checks evaluate: closed, declaring a query, and not refused by a budget (a refused block is not repaired). */
export function isDataCheckable(block: UiBlock): boolean {
  return (
    block.complete &&
    block.declarations.some((declaration) => declaration.kind === "query") &&
    !block.diagnostics.some((diagnostic) => REPAIR_REFUSAL_CODES.has(diagnostic.code))
  );
}

/** The block's queries as the page first reads them; a query whose arguments cannot be evaluated is left out (the page cannot read it either). */
export function blockQueryReads(block: UiBlock): { name: string; read: BlockQueryRead | null }[] {
  return block.declarations
    .filter((declaration) => declaration.kind === "query")
    .map((declaration) => {
      try {
        const query = uiQueryArguments(block, declaration.name);
        return { name: declaration.name, read: { name: declaration.name, source: query.source, arguments: { ...query.arguments } } };
      } catch {
        return { name: declaration.name, read: null };
      }
    });
}

/** The block checked on real and on empty data (see the file comment); null for a block the checks do not evaluate. */
export function checkBlockData(block: UiBlock, rowsOf: QueryRows): BlockDataCheck | null {
  if (!isDataCheckable(block)) return null;
  const queries = blockQueryReads(block);
  const seen = new Set(block.diagnostics.map(diagnosticKey));
  const findings: DataFinding[] = [];
  const add = (diagnostics: readonly UiDiagnostic[], check: DataCheck) => {
    let kept = 0;
    for (const diagnostic of diagnostics) {
      const key = diagnosticKey(diagnostic);
      if (seen.has(key) || kept >= DATA_CHECK_FINDINGS_MAX) continue;
      seen.add(key);
      kept += 1;
      findings.push({ ...diagnostic, check });
    }
  };

  const readings = queries.map((query) => (query.read === null ? undefined : rowsOf(query.read)));
  const realChecked = readings.every((rows) => rows !== undefined);
  const samples: QuerySample[] = [];
  if (realChecked) {
    const state = new UiState(block);
    queries.forEach((query, index) => state.setQuery(query.name, readings[index], block));
    add(evaluated(block, state), "real data");
    queries.forEach((query, index) => {
      const rows = readings[index] ?? [];
      if (query.read !== null) samples.push({ name: query.name, source: query.read.source, arguments: JSON.stringify(query.read.arguments), rows: rows.length, first: cut(JSON.stringify(rows.slice(0, DATA_SAMPLE_ROWS))) });
    });
  }

  const empty = new UiState(block);
  for (const query of queries) empty.setQuery(query.name, [], block);
  add(evaluated(block, empty), "empty data");
  return { blockId: block.id, findings, realChecked, samples };
}

/** The evaluation's diagnostics; none for a block of a catalog this server does not know (every node is its fallback, and the compiler said so). */
function evaluated(block: UiBlock, state: UiState): UiDiagnostic[] {
  const evaluation = evaluateUiBlock(block, state);
  return evaluation.supported ? evaluation.diagnostics : [];
}

/**
 * One diagnostic's identity: the same code about the same element (or
 * place) is one finding, however its words differ — and in every copy an
 * `Each` draws of it (`<node id>#<index>`): one mistake, not one per row.
 */
function diagnosticKey(diagnostic: UiDiagnostic): string {
  const element = diagnostic.nodeId?.split("#")[0];
  return element !== undefined ? `${diagnostic.code}\u0000node\u0000${element}` : `${diagnostic.code}\u0000${diagnostic.range.start}`;
}

function cut(text: string): string {
  return text.length <= DATA_SAMPLE_MAX_CHARACTERS ? text : `${text.slice(0, DATA_SAMPLE_MAX_CHARACTERS - 1)}…`;
}
