/**
 * The repair round: once a reply is stored, if its final compile has error
 * diagnostics (`repair-blocks.ts` says which count), the model is asked once,
 * silently, to rewrite only the broken blocks (`repair-prompt.ts`). Each
 * rewrite is spliced into the reply's text in the broken block's range and
 * the text compiled again; it is kept only when that block then has fewer
 * errors than before, keeps its panel id, and nothing else in the reply got
 * worse — prose and unbroken blocks are never touched, since only the broken
 * ranges change. A reply with at least one block replaced is stored as a
 * new version of itself (a sibling under the same prompt, shown in its
 * place, the original kept as the earlier version), carrying what was fixed;
 * otherwise the original stays and records why the repair failed. Viewers
 * hear the round start ("Repairing 1 block…") and fetch the thread when it ends.
 *
 * It runs for a complete, visible reply of a chat (not a comparison pane,
 * whose replies are measured as written) unless the chat's settings turn it
 * off; a replay model runs it only when a recording answers the request.
 * The repaired version is never repaired again: one round per reply.
 */
import "server-only";
import { generateText, type LanguageModel } from "ai";
import { setMessageRepair } from "@/db/queries/messages";
import type { JsonValue } from "@/db/schema";
import { extractGenuiFences } from "@/lib/genui/fence/extract-genui-fences";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { ChatSettings } from "../core/chat-settings";
import { genuiFenceRecords } from "../final/final-reply";
import { REPAIR_DIAGNOSTICS_MAX, REPAIR_SOURCE_MAX_CHARACTERS, type RepairedBlock, type ReplyRepair } from "../final/reply-repair";
import { storeReply, type StoredReply } from "../final/store-reply";
import type { GenuiFenceRecord, ToolCard } from "../wire";
import { brokenBlocks, errorDiagnostics, uiPanelId, type BrokenBlock } from "./repair-blocks";
import { buildRepairPrompt } from "./repair-prompt";
import { toStorableText } from "./storable-text";

/** Longest the model may take over a repair, in milliseconds: a few blocks, not a reply; a hung provider must not hold the chat. */
export const REPAIR_TIME_LIMIT_MS = 2 * 60_000;

/** Longest repair answer read, in characters: a few blocks' worth, far above what the broken blocks held. */
export const REPAIR_ANSWER_MAX_CHARACTERS = 200_000;

/** What a repair that could not reach or finish the model records. */
export const REPAIR_MODEL_FAILED_REASON = "The model failed while rewriting the blocks; the reply is kept as it was written.";

/** What a repair stopped by the person (or the chat's deletion) records. */
export const REPAIR_STOPPED_REASON = "The repair was stopped; the reply is kept as it was written.";

/** What a repair whose rewrites fixed nothing records. */
export const REPAIR_NOTHING_FIXED_REASON = "The model's rewrite fixed none of the blocks; the reply is kept as it was written.";

/** What a repair whose repaired version could not be stored records. */
export const REPAIR_NOT_STORED_REASON = "The repaired reply could not be saved; the reply is kept as it was written.";

/** A model that says, before it is asked, whether it can answer a repair request (the replay model: only when a recording does). */
export type RepairAnswering = { answersRepair(request: string): boolean };

/** What announces the round to the chat's viewers (the chat hub). */
export type RepairAnnouncer = {
  announceRepair(chatId: string, messageId: string, blocks: number): void;
  announceThreadChanged(chatId: string): void;
};

/** Everything a repair round needs. */
export type RepairRoundInput = {
  /** The reply as stored. */
  stored: StoredReply;
  model: LanguageModel;
  userId: string;
  chatId: string;
  /** The prompt the reply answers: the repaired version is stored as another answer to it. */
  replyTo: string;
  modelId: string;
  actionPanelId: string | null;
  /** True for a chat a person talks in (not a comparison pane). */
  chatPurpose: boolean;
  settings?: ChatSettings;
  querySchemas?: UiQuerySchemas;
  /** The chat's newest attached image (what `Image generated="latest"` shows), as the reply was compiled with it. */
  latestAttachment?: string;
  /** Aborts the round (Stop, the chat's deletion). */
  signal: AbortSignal;
  announcer: RepairAnnouncer;
};

/** How a round ended: the repaired version, or the original with why its repair failed. */
export type RepairOutcome = { status: "repaired"; stored: StoredReply } | { status: "failed"; reason: string };

/** A planned round: the blocks it asks about, and how to run it. */
export type RepairRound = { blocks: readonly BrokenBlock[]; run(): Promise<RepairOutcome> };

/** The round for a stored reply, or null when it has nothing to repair or the round does not run for it (see the file comment). */
export function planRepairRound(input: RepairRoundInput): RepairRound | null {
  const { message } = input.stored;
  if (!input.chatPurpose || input.settings?.repair === false) return null;
  if (message.status !== "complete" || message.silent || message.repair !== undefined) return null;
  const blocks = brokenBlocks(message);
  if (blocks.length === 0) return null;
  const request = buildRepairPrompt({ text: message.text, blocks, ...(input.querySchemas ? { querySchemas: input.querySchemas } : {}), ...(input.settings ? { settings: input.settings } : {}) });
  if (answersRepair(input.model) && !input.model.answersRepair(request.prompt)) return null;
  return { blocks, run: () => runRound(input, blocks, request) };
}

async function runRound(input: RepairRoundInput, blocks: readonly BrokenBlock[], request: { system: string; prompt: string }): Promise<RepairOutcome> {
  const { message } = input.stored;
  input.announcer.announceRepair(input.chatId, message.id, blocks.length);
  const outcome = await attempt(input, blocks, request);
  if (outcome.status === "failed") {
    const record: ReplyRepair = { status: "failed", reason: outcome.reason, blocks: outcome.records };
    try {
      await setMessageRepair({ userId: input.userId, chatId: input.chatId, messageId: message.id, repair: record as unknown as JsonValue });
    } catch (caught) {
      console.error(`chat: recording the failed repair of reply ${message.id} failed`, caught);
    }
  }
  input.announcer.announceThreadChanged(input.chatId);
  return outcome.status === "repaired" ? outcome : { status: "failed", reason: outcome.reason };
}

type Attempt = { status: "repaired"; stored: StoredReply } | { status: "failed"; reason: string; records: RepairedBlock[] };

async function attempt(input: RepairRoundInput, blocks: readonly BrokenBlock[], request: { system: string; prompt: string }): Promise<Attempt> {
  const { message } = input.stored;
  const asked = blocks.map((block) => askedRecord(message.text, block));
  let answer: string;
  try {
    const result = await generateText({
      model: input.model,
      system: request.system,
      prompt: request.prompt,
      ...(input.settings?.temperature !== undefined ? { temperature: input.settings.temperature } : {}),
      ...(input.settings?.seed !== undefined ? { seed: input.settings.seed } : {}),
      abortSignal: AbortSignal.any([input.signal, AbortSignal.timeout(REPAIR_TIME_LIMIT_MS)]),
    });
    answer = toStorableText(result.text.slice(0, REPAIR_ANSWER_MAX_CHARACTERS));
  } catch (caught) {
    if (input.signal.aborted) return { status: "failed", reason: REPAIR_STOPPED_REASON, records: asked };
    console.error(`chat: the repair of reply ${message.id} failed`, caught);
    return { status: "failed", reason: REPAIR_MODEL_FAILED_REASON, records: asked };
  }
  const spliced = spliceRepairs({
    text: message.text,
    messageId: message.id,
    blocks,
    answer,
    ...(input.querySchemas ? { querySchemas: input.querySchemas } : {}),
    ...(input.latestAttachment !== undefined ? { latestAttachment: input.latestAttachment } : {}),
  });
  if (spliced.replaced === 0) return { status: "failed", reason: REPAIR_NOTHING_FIXED_REASON, records: spliced.records };
  if (input.signal.aborted) return { status: "failed", reason: REPAIR_STOPPED_REASON, records: spliced.records };
  const messageId = crypto.randomUUID();
  const compileOptions = { id: messageId, final: true, ...(input.querySchemas ? { querySchemas: input.querySchemas } : {}), ...(input.latestAttachment !== undefined ? { latestAttachment: input.latestAttachment } : {}) };
  try {
    const stored = await storeReply({
      userId: input.userId,
      chatId: input.chatId,
      messageId,
      parentId: input.replyTo,
      model: input.modelId,
      status: "complete",
      error: null,
      text: spliced.text,
      blocks: compileUi(spliced.text, compileOptions),
      tools: shiftTools(message.tools ?? [], spliced.splices),
      actionPanelId: input.actionPanelId,
      ...(message.usage ? { usage: message.usage } : {}),
      repair: { status: "repaired", of: message.id, blocks: spliced.records },
    });
    if (stored === null) return { status: "failed", reason: REPAIR_NOT_STORED_REASON, records: spliced.records };
    return { status: "repaired", stored };
  } catch (caught) {
    console.error(`chat: storing the repaired version of reply ${message.id} failed`, caught);
    return { status: "failed", reason: REPAIR_NOT_STORED_REASON, records: spliced.records };
  }
}

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
    const verdict = judge({ block, messageId: input.messageId, before: compiled, after: nextCompiled });
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

function judge(input: { block: BrokenBlock; messageId: string; before: Compiled; after: Compiled }): Verdict {
  const { block } = input;
  if (input.after.ui.length !== input.before.ui.length || input.after.fences.length !== input.before.fences.length) {
    return { ok: false, reason: "The rewrite changed how many blocks the reply has." };
  }
  const place = block.position - 1;
  const found = block.dialect === "ui" ? input.after.ui[place] : input.after.fences[place];
  if (found === undefined || found.range.start !== block.range.start) return { ok: false, reason: "The rewrite did not compile as one block in its place." };
  const panelId = block.dialect === "ui" ? uiPanelId(found as UiBlock, input.messageId) : ((found as GenuiFenceRecord).panelId ?? null);
  if (panelId !== block.panelId) return { ok: false, reason: "The rewrite changed the block's panel id." };
  const errors = errorDiagnostics(found.diagnostics);
  if (errors === null) return { ok: false, reason: "The rewrite is refused by a budget." };
  if (errors.length >= block.errors.length) return { ok: false, reason: `The rewrite still has ${errors.length === 1 ? "1 error" : `${errors.length} errors`}.` };
  const othersBefore = totalErrors(input.before) - block.errors.length;
  const othersAfter = totalErrors(input.after) - errors.length;
  if (othersAfter > othersBefore) return { ok: false, reason: "The rewrite made another block of the reply worse." };
  return { ok: true, errors };
}

function totalErrors(compiled: Compiled): number {
  const count = (diagnostics: readonly { code: string; message: string }[]) => errorDiagnostics(diagnostics)?.length ?? 0;
  return compiled.ui.reduce((sum, block) => sum + count(block.diagnostics), 0) + compiled.fences.reduce((sum, fence) => sum + count(fence.diagnostics), 0);
}

/** The fences of the model's answer in text order, each as its whole source (prose around them is ignored). */
function answerFences(answer: string): { dialect: "ui" | "octo-ui"; source: string }[] {
  const ui = compileUi(answer, { id: "repair", final: true }).map((block) => ({ dialect: "ui" as const, range: block.range }));
  const fences = extractGenuiFences(answer).map((fence) => ({ dialect: "octo-ui" as const, range: fence.range }));
  return [...ui, ...fences]
    .sort((left, right) => left.range.start - right.range.start)
    .map((fence) => ({ dialect: fence.dialect, source: answer.slice(fence.range.start, fence.range.end) }));
}

function askedRecord(text: string, block: BrokenBlock): RepairedBlock {
  return { dialect: block.dialect, position: block.position, before: cut(text.slice(block.range.start, block.range.end)), diagnostics: block.errors.slice(0, REPAIR_DIAGNOSTICS_MAX) };
}

function cut(source: string): string {
  return source.length <= REPAIR_SOURCE_MAX_CHARACTERS ? source : source.slice(0, REPAIR_SOURCE_MAX_CHARACTERS);
}

/** The cards at their places in the spliced text: a card after a replaced block moves with the text after it. */
function shiftTools(tools: readonly ToolCard[], splices: readonly RepairSplice[]): ToolCard[] {
  return tools.map((card) => {
    let offset = card.textOffset;
    for (const splice of splices) {
      if (card.textOffset >= splice.end) offset += splice.delta;
      else if (card.textOffset > splice.start) offset = Math.min(offset, splice.start);
    }
    return { ...card, textOffset: Math.max(0, offset) };
  });
}

function answersRepair(model: LanguageModel): model is LanguageModel & RepairAnswering {
  return typeof model === "object" && model !== null && "answersRepair" in model && typeof (model as { answersRepair?: unknown }).answersRepair === "function";
}
