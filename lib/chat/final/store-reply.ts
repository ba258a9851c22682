/**
 * The final store of a reply, exactly once and all at once: in one
 * transaction the reply's final form is built against the chat's panels as
 * they stand, the message is appended (its canonical text, final trees and
 * receipt), every panel it names moves to its next revision with the
 * person's state carried over, and a non-empty receipt is queued as a
 * preamble for the chat's next real prompt. Previews are never stored.
 * What the data checks found (checked before, outside the transaction) joins
 * the receipt, and is handed back with the stored reply for its repair round.
 */
import "server-only";
import { getDatabase } from "@/db/client";
import { listThreadRows } from "@/db/queries/chat-turns";
import { appendMessage } from "@/db/queries/messages";
import { listPanelStates, upsertPanelState } from "@/db/queries/panels";
import { addPreamble } from "@/db/queries/preambles";
import type { JsonValue, MessageStatus, Panel } from "@/db/schema";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { toChatMessage, toPanelRecords, type StoredGenui } from "../records/message-record";
import type { ReplyUsage } from "../records/reply-usage";
import type { ReplyDataCheck } from "../turn/reply-data-check";
import { toStorableText } from "../turn/storable-text";
import type { AssistantMessage, PanelRecord, ReceiptEntry, ToolCard } from "../wire";
import { pathPanels } from "../versions/path-panels";
import { activePath } from "../versions/thread-tree";
import type { BoundaryReport } from "./boundary-receipt";
import { buildFinalReply } from "./final-reply";
import type { ReplyRepair } from "./reply-repair";

/** What a finished generation hands to the store. */
export type StoreReplyInput = {
  userId: string;
  chatId: string;
  messageId: string;
  /** The prompt the reply answers (absent: the chat's active leaf). */
  parentId?: string;
  model: string;
  status: MessageStatus;
  /** Shown on the reply when `status` is `error`. */
  error: string | null;
  text: string;
  /** The final compile of the text. */
  blocks: readonly UiBlock[];
  tools: readonly ToolCard[];
  /** The panel the prompt's action envelope named, if any. */
  actionPanelId: string | null;
  /** What the model boundary replaced or refused, for the receipt. */
  boundary?: BoundaryReport;
  /** Token counts and compile time. */
  usage?: ReplyUsage;
  /** For a repaired version (lib/chat/turn/repair-round.ts): what its repair round fixed. */
  repair?: ReplyRepair;
  /** What the data checks found in its ```ui blocks (lib/chat/turn/reply-data-check.ts), in the order of `blocks`. */
  dataCheck?: ReplyDataCheck;
};

/**
 * The stored reply and the panels it moved, as the wire carries them; with
 * the data checks' findings and readings when they ran (in memory only: the
 * repair round reads them, the receipt keeps the findings).
 */
export type StoredReply = { message: AssistantMessage; panels: PanelRecord[]; dataCheck?: ReplyDataCheck };

/** Stores a finished reply (see the file comment); null when the chat no longer exists. */
export async function storeReply(input: StoreReplyInput): Promise<StoredReply | null> {
  const database = await getDatabase();
  const scope = { userId: input.userId, chatId: input.chatId };
  return database.transaction(async (transaction) => {
    // The panels as the reply's own thread has them: a version the reply does not follow lends it no state.
    const thread = await listThreadRows({ database: transaction, ...scope });
    const path = activePath(thread.rows, input.parentId ?? thread.activeLeafId).map(toChatMessage);
    const currentPanels = pathPanels(await listPanelStates({ database: transaction, ...scope }), path, { keepUnheld: true });
    const final = buildFinalReply({
      messageId: input.messageId,
      text: input.text,
      blocks: input.blocks,
      tools: input.tools,
      actionPanelId: input.actionPanelId,
      currentPanels,
      status: input.status,
      ...(input.boundary ? { boundary: input.boundary } : {}),
      ...(input.dataCheck ? { dataChecks: input.dataCheck.blocks } : {}),
    });
    const genui: StoredGenui = { fences: final.fences, tools: final.tools };
    const row = await appendMessage({
      database: transaction,
      ...scope,
      message: {
        id: input.messageId,
        ...(input.parentId !== undefined ? { parentId: input.parentId } : {}),
        role: "assistant",
        text: input.text,
        // Compiled trees and parsed specs are plain JSON by construction (zod-validated data, no functions or cycles).
        ui: final.ui.length > 0 ? (final.ui as unknown as JsonValue) : null,
        genui: final.fences.length > 0 || final.tools.length > 0 ? (genui as unknown as JsonValue) : null,
        diagnostics: final.receipt as unknown as JsonValue,
        silent: final.silent,
        status: input.status,
        error: input.error,
        model: input.model,
        ...(input.usage ? { usage: input.usage as unknown as JsonValue } : {}),
        ...(input.repair ? { repair: input.repair as unknown as JsonValue } : {}),
      },
    });
    if (!row) return null;
    const written: Panel[] = [];
    for (const panel of final.panels) {
      const result = await upsertPanelState({
        database: transaction,
        ...scope,
        panelId: panel.panelId,
        revision: panel.revision,
        messageId: input.messageId,
        state: panel.state,
      });
      if (result?.applied) written.push(result.panel);
    }
    if (final.receipt.length > 0) {
      await addPreamble({
        database: transaction,
        ...scope,
        messageId: input.messageId,
        diagnostics: preambleEntries(final.receipt, row.sequence) as unknown as JsonValue,
      });
    }
    const message = toChatMessage(row);
    if (message.role !== "assistant") throw new Error("a stored reply read back as a user message");
    return { message, panels: toPanelRecords(written, [message]), ...(input.dataCheck ? { dataCheck: input.dataCheck } : {}) };
  });
}

/** The receipt as the preamble keeps it: each place prefixed with the reply it was in, so the model can find it (cut to the bound, a split pair made storable). */
function preambleEntries(receipt: readonly ReceiptEntry[], sequence: number): ReceiptEntry[] {
  return receipt.map((entry) => ({ ...entry, where: toStorableText(`reply ${sequence}, ${entry.where}`.slice(0, 300)) }));
}
