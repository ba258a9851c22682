/**
 * Splicing the repair round's answer into a reply (see repair-round.ts):
 * which rewrite is kept, and the text with the kept ones in place. Pure, so
 * the recordings test can check a recording's repair the way the chat applies it.
 * A ```ui rewrite is judged on what the data checks find in it too
 * (`checkData`, on the rows the original was checked on), so a rewrite that
 * compiles but still breaks on them is not taken for a fix.
 */
import { extractGenuiFences } from "@/lib/genui/fence/extract-genui-fences";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { genuiFenceRecords } from "../final/final-reply";
import { REPAIR_DIAGNOSTICS_MAX, REPAIR_SOURCE_MAX_CHARACTERS, type RepairedBlock } from "../final/reply-repair";
import type { GenuiFenceRecord } from "../wire";
import type { BlockDataCheck } from "./block-data-check";
import { errorDiagnostics, uiBlockErrors, uiPanelId, type BrokenBlock } from "./repair-blocks";

/** One replaced range: where it stood in the original text, and how much longer the text became there. */
export type RepairSplice = { start: number; end: number; delta: number };

/** The reply's text with the accepted rewrites in place, and a record of every block asked about. */
export type SplicedRepair = { text: string; replaced: number; records: RepairedBlock[]; splices: RepairSplice[] };

/**
 * Splices the model's answer into the reply: the answer's fences, in order,
 * are the rewrites of `blocks`, in order. Each is tried in the text as it
 * stands (last block first, so the earlier ranges still hold) and kept only
 * when the text compiled again gives that block fewer errors, the same
 * panel id, and no other block a new error. Pure.
 */
export function spliceRepairs(input: {
  text: string;
  messageId: string;
  blocks: readonly BrokenBlock[];
  answer: string;
  querySchemas?: UiQuerySchemas;
  latestAttachment?: string;
  /** The data checks of a ```ui block as it stands in the spliced text (absent: only its compile counts). */
  checkData?: (block: UiBlock) => BlockDataCheck | null;
}): SplicedRepair {
  const compile = (text: string): Compiled => {
    const ui = compileUi(text, { id: input.messageId, final: true, ...(input.querySchemas ? { querySchemas: input.querySchemas } : {}), ...(input.latestAttachment !== undefined ? { latestAttachment: input.latestAttachment } : {}) });
    return { ui, fences: genuiFenceRecords(text) };
  };
  const rewrites = answerFences(input.answer);
  const records: RepairedBlock[] = input.blocks.map((block) => askedRecord(input.text, block));
  const splices: RepairSplice[] = [];
  let text = input.text;
  let compiled = compile(text);
  for (let index = input.blocks.length - 1; index >= 0; index -= 1) {
    const block = input.blocks[index]!;
    const record = records[index]!;
    const rewrite = rewrites[index];
    if (rewrite === undefined) {
      record.rejected = "The answer held no rewrite for this block.";
      continue;
    }
    if (rewrite.dialect !== block.dialect) {
      record.rejected = `The rewrite is ${rewrite.dialect === "ui" ? "a ```ui block" : "an octo-ui fence"}, not the block's own dialect.`;
      continue;
    }
    const next = text.slice(0, block.range.start) + rewrite.source + text.slice(block.range.end);
    const nextCompiled = compile(next);
    const verdict = judge({ block, messageId: input.messageId, before: compiled, after: nextCompiled, ...(input.checkData ? { checkData: input.checkData } : {}) });
    if (!verdict.ok) {
      record.rejected = verdict.reason;
      continue;
    }
    record.after = cut(rewrite.source);
    record.diagnosticsAfter = verdict.errors.slice(0, REPAIR_DIAGNOSTICS_MAX);
    splices.push({ start: block.range.start, end: block.range.end, delta: rewrite.source.length - (block.range.end - block.range.start) });
    text = next;
    compiled = nextCompiled;
  }
  return { text, replaced: splices.length, records, splices: splices.reverse() };
}

type Compiled = { ui: UiBlock[]; fences: GenuiFenceRecord[] };

type Verdict = { ok: true; errors: { code: string; message: string }[] } | { ok: false; reason: string };

function judge(input: { block: BrokenBlock; messageId: string; before: Compiled; after: Compiled; checkData?: (block: UiBlock) => BlockDataCheck | null }): Verdict {
  const { block } = input;
  if (input.after.ui.length !== input.before.ui.length || input.after.fences.length !== input.before.fences.length) {
    return { ok: false, reason: "The rewrite changed how many blocks the reply has." };
  }
  const place = block.position - 1;
  const found = block.dialect === "ui" ? input.after.ui[place] : input.after.fences[place];
  if (found === undefined || found.range.start !== block.range.start) return { ok: false, reason: "The rewrite did not compile as one block in its place." };
  const panelId = block.dialect === "ui" ? uiPanelId(found as UiBlock, input.messageId) : ((found as GenuiFenceRecord).panelId ?? null);
  if (panelId !== block.panelId) return { ok: false, reason: "The rewrite changed the block's panel id." };
  const errors = block.dialect === "ui" ? uiBlockErrors(found as UiBlock, input.checkData?.(found as UiBlock)) : errorDiagnostics(found.diagnostics);
  if (errors === null) return { ok: false, reason: "The rewrite is refused by a budget." };
  if (errors.length >= block.errors.length) return { ok: false, reason: `The rewrite still has ${errors.length === 1 ? "1 error" : `${errors.length} errors`}.` };
  // The other blocks are compared on their compile alone: their sources, and so the rows they read, did not change.
  const before = block.dialect === "ui" ? input.before.ui[place] : input.before.fences[place];
  const othersBefore = totalErrors(input.before) - compileErrors(before?.diagnostics ?? []);
  const othersAfter = totalErrors(input.after) - compileErrors(found.diagnostics);
  if (othersAfter > othersBefore) return { ok: false, reason: "The rewrite made another block of the reply worse." };
  return { ok: true, errors };
}

function compileErrors(diagnostics: readonly { code: string; message: string }[]): number {
  return errorDiagnostics(diagnostics)?.length ?? 0;
}

function totalErrors(compiled: Compiled): number {
  return compiled.ui.reduce((sum, block) => sum + compileErrors(block.diagnostics), 0) + compiled.fences.reduce((sum, fence) => sum + compileErrors(fence.diagnostics), 0);
}

/** The fences of the model's answer in text order, each as its whole source (prose around them is ignored). */
function answerFences(answer: string): { dialect: "ui" | "octo-ui"; source: string }[] {
  const ui = compileUi(answer, { id: "repair", final: true }).map((block) => ({ dialect: "ui" as const, range: block.range }));
  const fences = extractGenuiFences(answer).map((fence) => ({ dialect: "octo-ui" as const, range: fence.range }));
  return [...ui, ...fences]
    .sort((left, right) => left.range.start - right.range.start)
    .map((fence) => ({ dialect: fence.dialect, source: answer.slice(fence.range.start, fence.range.end) }));
}

/** The record of a block as it was asked about, before any rewrite. */
export function askedRecord(text: string, block: BrokenBlock): RepairedBlock {
  return { dialect: block.dialect, position: block.position, before: cut(text.slice(block.range.start, block.range.end)), diagnostics: block.errors.slice(0, REPAIR_DIAGNOSTICS_MAX) };
}

function cut(source: string): string {
  return source.length <= REPAIR_SOURCE_MAX_CHARACTERS ? source : source.slice(0, REPAIR_SOURCE_MAX_CHARACTERS);
}
