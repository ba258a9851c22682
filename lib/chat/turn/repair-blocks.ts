/**
 * Which blocks of a stored reply the repair round may ask the model to
 * rewrite, and how broken a block is. A block is broken when its final
 * compile has an error: a diagnostic that is neither advice (lint: the part
 * still shows), nor a cap or clamp the dialect applied on purpose (a text
 * cut to its cap, a value clamped), nor a refusal of a budget or limit (a
 * block too large, a reply with more UI than one reply may carry, a fence
 * the reply's end cut off): rewriting does not make a reply smaller, and a
 * fence cut off at a token limit is the limit's doing. A block refused by a
 * budget is never repaired, whatever else it has.
 *
 * A ```ui block that compiles cleanly is broken too when the data checks
 * found an error evaluating it on the project's rows or on empty answers
 * (`block-data-check.ts`): those findings join its compile errors, each
 * naming its check, with the rows it was checked on.
 */
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { DataCheck } from "../final/reply-repair";
import type { GenuiFenceRecord } from "../wire";
import type { BlockDataCheck, QuerySample } from "./block-data-check";

/** Codes of either dialect that are budget or limit refusals: a block with one is left as it is. */
export const REPAIR_REFUSAL_CODES: ReadonlySet<string> = new Set([
  // ```ui
  "budget_exceeded",
  "reply_budget",
  "too_many_diagnostics",
  "unfinished_fence",
  // octo-ui
  "too_many_nodes",
  "too_many_candidates",
  "entries_budget",
  "json_budget",
]);

/** Codes that are not errors: advice, and caps or clamps the dialect applies by design (the block shows). */
export const REPAIR_NOT_ERROR_CODES: ReadonlySet<string> = new Set([
  // lint, both dialects
  "unread_control",
  "hidden_until_moved",
  "unknown_control",
  "filter_field_kind",
  // ```ui: adjustments the block survives, and what no rewrite changes (a catalog, an image that is not there)
  "duplicate_block_id",
  "unknown_catalog",
  "unresolved_attachment",
  "stale_state",
  "query_argument_clamped",
  // octo-ui caps and clamps
  "text_truncated",
  "entries_trimmed",
  "value_clamped",
  "coerced_value",
  "row_padded",
  "payload_trimmed",
]);

/** A diagnostic as the repair round reads it: a data check's names the check. */
type CodedDiagnostic = { code: string; message: string; check?: DataCheck };

/** One block of a reply that the repair round may rewrite. */
export type BrokenBlock = {
  dialect: "ui" | "octo-ui";
  /** Its place among the reply's blocks of its dialect, from 1. */
  position: number;
  /** The whole fence in the reply's text. */
  range: { start: number; end: number };
  /** The block's panel id (```ui `id=`, octo-ui spec `id`), when it names one. */
  panelId: string | null;
  /** Its error diagnostics: the compiler's, then the data checks' (each naming its check). */
  errors: CodedDiagnostic[];
  /** The first readings its real-data findings were found on (none when it has none). */
  samples: QuerySample[];
};

/** The error diagnostics of a list, or null when one is a budget refusal (the block is not repairable). */
export function errorDiagnostics(diagnostics: readonly CodedDiagnostic[]): CodedDiagnostic[] | null {
  if (diagnostics.some((diagnostic) => REPAIR_REFUSAL_CODES.has(diagnostic.code))) return null;
  return diagnostics
    .filter((diagnostic) => !REPAIR_NOT_ERROR_CODES.has(diagnostic.code))
    .map(({ code, message, check }) => (check !== undefined ? { code, message, check } : { code, message }));
}

/** A ```ui block's errors: its compile errors and what the data checks found (null when it is refused by a budget). */
export function uiBlockErrors(block: UiBlock, data: BlockDataCheck | null | undefined): CodedDiagnostic[] | null {
  const errors = errorDiagnostics(block.diagnostics);
  if (errors === null) return null;
  return data && data.blockId === block.id ? [...errors, ...(errorDiagnostics(data.findings) ?? [])] : errors;
}

/** How many errors a block has for the repair round (a refused block counts as none: it is not compared). */
export function errorCount(diagnostics: readonly CodedDiagnostic[]): number {
  return errorDiagnostics(diagnostics)?.length ?? 0;
}

/** The ```ui block's panel id: its `id=` (a positional id is `<message id>:<index>`). */
export function uiPanelId(block: UiBlock, messageId: string): string | null {
  return block.id.startsWith(`${messageId}:`) ? null : block.id;
}

/**
 * The reply's broken blocks in text order (see the file comment); `data`
 * holds the data checks' findings per ```ui block, in the reply's order.
 */
export function brokenBlocks(
  reply: { id: string; ui?: readonly UiBlock[]; genui?: readonly GenuiFenceRecord[] },
  data?: readonly (BlockDataCheck | null)[],
): BrokenBlock[] {
  const broken: BrokenBlock[] = [];
  (reply.ui ?? []).forEach((block, index) => {
    const checked = data?.[index];
    const errors = uiBlockErrors(block, checked);
    if (errors !== null && errors.length > 0) {
      const samples = checked && errors.some((error) => error.check === "real data") ? checked.samples : [];
      broken.push({ dialect: "ui", position: index + 1, range: block.range, panelId: uiPanelId(block, reply.id), errors, samples });
    }
  });
  (reply.genui ?? []).forEach((fence, index) => {
    const errors = errorDiagnostics(fence.diagnostics);
    if (errors !== null && errors.length > 0) {
      broken.push({ dialect: "octo-ui", position: index + 1, range: fence.range, panelId: fence.panelId ?? null, errors, samples: [] });
    }
  });
  return broken.sort((left, right) => left.range.start - right.range.start);
}
