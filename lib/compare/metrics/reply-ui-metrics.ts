/**
 * What one stored reply's UI amounted to, counted from its final parts:
 * ```ui blocks, octo-ui fences and `render_ui` cards.
 *
 * - `diagnostics` counts, by code, every problem the final compile or the
 *   JSON dialect reported on a part, plus the reply-wide receipt entries
 *   (characters replaced, tools refused, a panel id used twice) — but not
 *   budget refusals or lint, which have their own counts. Counting from the
 *   parts, not the receipt, keeps the counts whole past the receipt's
 *   100-entry cut.
 * - `budgetRefusals` counts the codes that mean a budget refused something
 *   (the block, fence or reply was too large or too costly): the same list
 *   the admin view filters by.
 * - `dataFindings` counts, by check, what the server's data checks found
 *   evaluating the ```ui blocks on the project's rows and on empty answers
 *   before the reply was final (receipt entries naming a `check`): a pane is
 *   never repaired, so this is what a chat would have repaired. Absent from
 *   metrics stored before the checks existed. Kept out of `diagnostics`,
 *   which stay the compiler's.
 * - `lintFindings` counts advice that hides nothing: GenUI lint of every
 *   fence's and card's spec (as the receipt runs it) and the tag language's
 *   lint codes.
 * - `nodes` counts rendered component nodes: tag-language elements (not
 *   `#text`/`#expression` children) and GenUI nodes.
 * - `uiShare` is UI characters over all characters: the ```ui and octo-ui
 *   fences as they stand in the text, and each `render_ui` card's spec as
 *   JSON (the tool call's arguments are part of what the model wrote).
 * - `uiTokensPerNode` is a dialect's estimated tokens (`estimateTokens` of
 *   its fence text, or of its cards' JSON) over its nodes; null when the
 *   dialect has no node.
 */
import { z } from "zod";
import { BUDGET_REFUSAL_CODES } from "@/lib/admin/stored-tree-filter";
import { RECEIPT_TRUNCATED_CODE } from "@/lib/chat/final/degradation-receipt";
import { DataCheckSchema } from "@/lib/chat/final/reply-repair";
import { isRenderUiCard, type AssistantMessage, type UiDialect } from "@/lib/chat/wire";
import type { GenuiDiagnostic } from "@/lib/genui/diagnostics/diagnostic";
import { genuiLint } from "@/lib/genui/lint/genui-lint";
import type { GenuiSpec } from "@/lib/genui/schema/spec";
import { forEachGenuiNode } from "@/lib/genui/schema/walk-nodes";
import type { UiNode } from "@/lib/ui/envelope/schema";
import { estimateTokens } from "./estimate-tokens";

/** Codes that are lint (advice: the part renders, but something in it cannot do its job). */
export const LINT_CODES: ReadonlySet<string> = new Set(["unread_control", "hidden_until_moved", "unknown_control", "filter_field_kind"]);

const BUDGET_CODES: ReadonlySet<string> = new Set(BUDGET_REFUSAL_CODES);

/** Receipt entries about the reply as a whole, or raised while assembling it, that no part's diagnostics hold. */
const ASSEMBLY_CODES: ReadonlySet<string> = new Set(["duplicate_panel_id"]);

const CountsSchema = z.record(z.string(), z.number().int().nonnegative());

/** A number per dialect. */
const PerDialectSchema = <Value extends z.ZodType>(value: Value) =>
  z.object({ ui: value, "octo-ui": value, render_ui: value });

/** The UI metrics of one reply (see the file comment). */
export const ReplyUiMetricsSchema = z.object({
  /** UI parts: ```ui blocks, octo-ui fences and `render_ui` cards. */
  blocks: z.number().int().nonnegative(),
  blocksByDialect: PerDialectSchema(z.number().int().nonnegative()),
  nodes: z.number().int().nonnegative(),
  nodesByDialect: PerDialectSchema(z.number().int().nonnegative()),
  diagnostics: CountsSchema,
  budgetRefusals: CountsSchema,
  lintFindings: z.number().int().nonnegative(),
  /** By check (see the file comment); optional so metrics stored before the checks still parse. */
  dataFindings: z.record(DataCheckSchema, z.number().int().nonnegative()).optional(),
  uiCharacters: z.number().int().nonnegative(),
  /** Characters of the reply text outside UI fences. */
  textCharacters: z.number().int().nonnegative(),
  /** 0–1. */
  uiShare: z.number().min(0).max(1),
  uiTokensPerNode: PerDialectSchema(z.number().nonnegative().nullable()),
});

/** The UI metrics of one reply. */
export type ReplyUiMetrics = z.infer<typeof ReplyUiMetricsSchema>;

/** The parts of a stored reply the metrics read. */
export type ReplyUiMetricsInput = Pick<AssistantMessage, "text" | "ui" | "genui" | "tools" | "receipt">;

/** Counts a reply's UI (see the file comment). */
export function replyUiMetrics(message: ReplyUiMetricsInput): ReplyUiMetrics {
  const diagnostics: Record<string, number> = {};
  const budgetRefusals: Record<string, number> = {};
  let lintFindings = 0;
  const classify = (code: string) => {
    if (BUDGET_CODES.has(code)) budgetRefusals[code] = (budgetRefusals[code] ?? 0) + 1;
    else if (LINT_CODES.has(code)) lintFindings += 1;
    else diagnostics[code] = (diagnostics[code] ?? 0) + 1;
  };
  const genuiFindings = (spec: GenuiSpec | null, found: readonly GenuiDiagnostic[]) => {
    for (const diagnostic of found) classify(diagnostic.code);
    if (spec !== null) for (const diagnostic of genuiLint(spec)) classify(diagnostic.code);
  };

  const blocksByDialect = { ui: 0, "octo-ui": 0, render_ui: 0 };
  const nodesByDialect = { ui: 0, "octo-ui": 0, render_ui: 0 };
  const sourceByDialect: Record<UiDialect, string[]> = { ui: [], "octo-ui": [], render_ui: [] };
  const fenceRanges: { start: number; end: number }[] = [];

  for (const block of message.ui ?? []) {
    blocksByDialect.ui += 1;
    nodesByDialect.ui += countUiNodes(block.nodes);
    fenceRanges.push(block.range);
    sourceByDialect.ui.push(message.text.slice(block.range.start, block.range.end));
    for (const diagnostic of block.diagnostics) classify(diagnostic.code);
  }
  for (const fence of message.genui ?? []) {
    blocksByDialect["octo-ui"] += 1;
    nodesByDialect["octo-ui"] += countGenuiNodes(fence.spec);
    fenceRanges.push(fence.range);
    sourceByDialect["octo-ui"].push(message.text.slice(fence.range.start, fence.range.end));
    genuiFindings(fence.spec, fence.diagnostics);
  }
  for (const card of message.tools ?? []) {
    if (!isRenderUiCard(card)) continue;
    blocksByDialect.render_ui += 1;
    nodesByDialect.render_ui += countGenuiNodes(card.spec);
    if (card.spec !== null) sourceByDialect.render_ui.push(JSON.stringify(card.spec));
    genuiFindings(card.spec, card.diagnostics);
  }
  const dataFindings = { "real data": 0, "empty data": 0 };
  for (const entry of message.receipt) {
    if (entry.code === RECEIPT_TRUNCATED_CODE) continue;
    if (entry.check !== undefined) dataFindings[entry.check] += 1;
    else if (entry.dialect === undefined || ASSEMBLY_CODES.has(entry.code)) classify(entry.code);
  }

  const fenceCharacters = unionLength(fenceRanges, message.text.length);
  const cardCharacters = sourceByDialect.render_ui.reduce((sum, json) => sum + json.length, 0);
  const uiCharacters = fenceCharacters + cardCharacters;
  const textCharacters = message.text.length - fenceCharacters;
  const allCharacters = message.text.length + cardCharacters;
  const tokensPerNode = (dialect: UiDialect) => {
    const nodes = nodesByDialect[dialect];
    return nodes === 0 ? null : estimateTokens(sourceByDialect[dialect].join("")) / nodes;
  };

  return {
    blocks: blocksByDialect.ui + blocksByDialect["octo-ui"] + blocksByDialect.render_ui,
    blocksByDialect,
    nodes: nodesByDialect.ui + nodesByDialect["octo-ui"] + nodesByDialect.render_ui,
    nodesByDialect,
    diagnostics,
    budgetRefusals,
    lintFindings,
    dataFindings,
    uiCharacters,
    textCharacters,
    uiShare: allCharacters === 0 ? 0 : uiCharacters / allCharacters,
    uiTokensPerNode: { ui: tokensPerNode("ui"), "octo-ui": tokensPerNode("octo-ui"), render_ui: tokensPerNode("render_ui") },
  };
}

/** Tag-language elements, not their `#text` and `#expression` children. */
function countUiNodes(nodes: readonly UiNode[]): number {
  let count = 0;
  for (const node of nodes) {
    if (!node.type.startsWith("#")) count += 1;
    count += countUiNodes(node.children);
  }
  return count;
}

function countGenuiNodes(spec: GenuiSpec | null): number {
  if (spec === null) return 0;
  let count = 0;
  forEachGenuiNode(spec.items, () => {
    count += 1;
  });
  return count;
}

/** Characters covered by any of the ranges (fences never overlap, but a corrupt record must not count twice). */
function unionLength(ranges: readonly { start: number; end: number }[], textLength: number): number {
  const sorted = ranges
    .map((range) => ({ start: Math.max(0, range.start), end: Math.min(range.end, textLength) }))
    .filter((range) => range.end > range.start)
    .sort((first, second) => first.start - second.start);
  let covered = 0;
  let reach = 0;
  for (const range of sorted) {
    const start = Math.max(range.start, reach);
    if (range.end > start) covered += range.end - start;
    reach = Math.max(reach, range.end);
  }
  return covered;
}
