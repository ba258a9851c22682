/**
 * A stored reply read back as the wire carries it at its end: the message and
 * the panels it holds. Viewers on another instance get a reply's end this
 * way, and so does a final store that finds its reply already there.
 */
import "server-only";
import { getMessage } from "@/db/queries/chat-turns";
import { listPanelStates } from "@/db/queries/panels";
import { toChatMessage, toPanelRecords } from "../records/message-record";
import type { StoredReply } from "./store-reply";

/** The stored reply `messageId` of the chat with its panels; null when the chat holds no such reply. */
export async function loadStoredReply(input: { userId: string; chatId: string; messageId: string }): Promise<StoredReply | null> {
  const row = await getMessage(input);
  if (!row) return null;
  const message = toChatMessage(row);
  if (message.role !== "assistant") return null;
  const panels = (await listPanelStates({ userId: input.userId, chatId: input.chatId })).filter((panel) => panel.messageId === input.messageId);
  return { message, panels: toPanelRecords(panels, [message]) };
}
