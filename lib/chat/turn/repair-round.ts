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
 *
 * A block counts as broken on what the data checks found too (the reply was
 * checked on the project's rows and on empty answers before it was stored:
 * reply-data-check.ts). Each rewrite is checked against the same readings
 * (a query the rewrite asks differently is read first, within the checks'
 * budget), so only a rewrite that fixes what the checks found is kept, and
 * the repaired version's receipt says what they still find.
 */
import "server-only";
import { generateText, type LanguageModel } from "ai";
import { setMessageRepair } from "@/db/queries/messages";
import { settlePreamblesOf } from "@/db/queries/preambles";
import type { JsonValue } from "@/db/schema";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import type { ChatSettings } from "../core/chat-settings";
import type { RepairedBlock, ReplyRepair } from "../final/reply-repair";
import { storeReply, type StoredReply } from "../final/store-reply";
import type { ToolCard } from "../wire";
import { checkBlockData } from "./block-data-check";
import { brokenBlocks, type BrokenBlock } from "./repair-blocks";
import { buildRepairPrompt } from "./repair-prompt";
import { askedRecord, spliceRepairs, type RepairSplice } from "./repair-splice";
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
  const blocks = brokenBlocks(message, input.stored.dataCheck?.blocks);
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
  const reading = input.stored.dataCheck?.reading;
  // The rewrites' own queries, read before they are judged (most are the original's, read already).
  if (reading) await reading.read(compileUi(answer, { id: "repair", final: true, ...(input.querySchemas ? { querySchemas: input.querySchemas } : {}) }));
  const spliced = spliceRepairs({
    text: message.text,
    messageId: message.id,
    blocks,
    answer,
    ...(input.querySchemas ? { querySchemas: input.querySchemas } : {}),
    ...(input.latestAttachment !== undefined ? { latestAttachment: input.latestAttachment } : {}),
    ...(reading ? { checkData: (block: UiBlock) => checkBlockData(block, reading.rowsOf) } : {}),
  });
  if (spliced.replaced === 0) return { status: "failed", reason: REPAIR_NOTHING_FIXED_REASON, records: spliced.records };
  if (input.signal.aborted) return { status: "failed", reason: REPAIR_STOPPED_REASON, records: spliced.records };
  const messageId = crypto.randomUUID();
  const compileOptions = { id: messageId, final: true, ...(input.querySchemas ? { querySchemas: input.querySchemas } : {}), ...(input.latestAttachment !== undefined ? { latestAttachment: input.latestAttachment } : {}) };
  const repairedBlocks = compileUi(spliced.text, compileOptions);
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
      blocks: repairedBlocks,
      tools: shiftTools(message.tools ?? [], spliced.splices),
      actionPanelId: input.actionPanelId,
      ...(message.usage ? { usage: message.usage } : {}),
      repair: { status: "repaired", of: message.id, blocks: spliced.records },
      ...(reading ? { dataCheck: { blocks: repairedBlocks.map((block) => checkBlockData(block, reading.rowsOf)), reading } } : {}),
    });
    if (stored === null) return { status: "failed", reason: REPAIR_NOT_STORED_REASON, records: spliced.records };
    // The original's diagnostics no longer stand in the chat; the repaired version queued its own, if any.
    await settlePreamblesOf({ userId: input.userId, chatId: input.chatId, messageId: message.id });
    return { status: "repaired", stored };
  } catch (caught) {
    console.error(`chat: storing the repaired version of reply ${message.id} failed`, caught);
    return { status: "failed", reason: REPAIR_NOT_STORED_REASON, records: spliced.records };
  }
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
