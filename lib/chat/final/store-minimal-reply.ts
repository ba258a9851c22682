/**
 * The last way to keep a reply whose final store failed: its text alone, as
 * an error, with no compiled trees, cards, receipt, panel writes or preamble
 * — the least that can fail. Whatever the database refused (a value, a
 * constraint, a connection that dropped mid-transaction) was most likely in
 * the parts left out, and the text is made storable once more in case it was
 * the text. The reply is stored visible even when its prompt was a silent
 * panel action: the person must see that it went wrong.
 */
import "server-only";
import { appendMessage } from "@/db/queries/messages";
import { toChatMessage } from "../records/message-record";
import { toStorableText } from "../turn/storable-text";
import type { StoredReply } from "./store-reply";

/** What the minimal form is made of. */
export type StoreMinimalReplyInput = {
  userId: string;
  chatId: string;
  messageId: string;
  /** The prompt the reply answers (absent: the chat's active leaf). */
  parentId?: string;
  model: string;
  text: string;
  /** Shown on the reply: why it is only text. */
  error: string;
};

/** Stores a reply as text alone, marked as an error (see the file comment); null when the chat no longer exists. */
export async function storeMinimalReply(input: StoreMinimalReplyInput): Promise<StoredReply | null> {
  const row = await appendMessage({
    userId: input.userId,
    chatId: input.chatId,
    message: {
      id: input.messageId,
      ...(input.parentId !== undefined ? { parentId: input.parentId } : {}),
      role: "assistant",
      text: toStorableText(input.text),
      diagnostics: [],
      silent: false,
      status: "error",
      error: input.error,
      model: input.model,
    },
  });
  if (!row) return null;
  const message = toChatMessage(row);
  if (message.role !== "assistant") throw new Error("a stored reply read back as a user message");
  return { message, panels: [] };
}
