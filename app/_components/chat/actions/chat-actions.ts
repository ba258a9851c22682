"use client";
/**
 * The chat's server actions as the browser uses them: each resolves to what
 * the screen needs, or to the words to show in place. An action that could
 * not be reached at all (the network, a server restart) says so instead of
 * throwing into React.
 */
import {
  deleteChat,
  editMessage,
  regenerateReply,
  renameChat,
  restorePanel,
  savePanelState,
  sendChoice,
  sendMessage,
  sendPanelAction,
  showVersion,
  stopReply,
  type ChatActionResult,
} from "@/app/(chat)/actions";
import { saveChatSettings } from "@/app/(chat)/chat-settings-actions";
import type { ChatSettings, ChatSettingsChange } from "@/lib/chat/core/chat-settings";
import type { EditMessageInput, RegenerateReplyInput, RestorePanelInput, SendChoiceInput, SendPanelActionInput, ShowVersionInput } from "@/lib/chat/core/chat-inputs";
import type { PanelStatePatch } from "@/lib/chat/panels/panel-state-patch";
import { isStalePanelRefusal } from "@/lib/chat/panels/stale-panel";

/** Words shown when the server could not be reached. */
export const UNREACHABLE_MESSAGE = "The server could not be reached. Check your connection and try again.";

/** A refusal to show: its words, and whether it says the panel acted on has changed since (the view is behind). */
type Refusal = { error: string; stalePanel?: true };

async function call<Value extends object>(action: () => Promise<ChatActionResult<Value>>): Promise<{ value: Value } | Refusal> {
  try {
    const result = await action();
    if (result.ok) return { value: result };
    return isStalePanelRefusal(result.error) ? { error: result.error.message, stalePanel: true } : { error: result.error.message };
  } catch {
    return { error: UNREACHABLE_MESSAGE };
  }
}

function problemOf(outcome: { error: string } | object): string | null {
  return "error" in outcome ? outcome.error : null;
}

/** The chat actions the screens call. */
export const chatActions = {
  /** Sends a prompt; a new chat (with `settings`, when chosen before the first send) when `chatId` is absent. */
  async sendMessage(input: { chatId?: string; prompt: string; modelId: string; settings?: ChatSettingsChange; attachmentIds?: string[] }): Promise<{ chatId: string } | { error: string }> {
    const outcome = await call(() => sendMessage(input));
    return "error" in outcome ? outcome : { chatId: outcome.value.chat.id };
  },
  /** Sends a press of a stored panel's button (the server writes the envelope). */
  async sendPanelAction(input: SendPanelActionInput): Promise<{ chatId: string } | Refusal> {
    const outcome = await call(() => sendPanelAction(input));
    return "error" in outcome ? outcome : { chatId: outcome.value.chat.id };
  },
  /** Sends a pick of a stored block's choice (the server writes the message). */
  async sendChoice(input: SendChoiceInput): Promise<{ chatId: string } | Refusal> {
    const outcome = await call(() => sendChoice(input));
    return "error" in outcome ? outcome : { chatId: outcome.value.chat.id };
  },
  /** Brings back an earlier version of a panel as its next revision. */
  async restorePanel(input: RestorePanelInput): Promise<{ replyMessageId: string } | Refusal> {
    const outcome = await call(() => restorePanel(input));
    return "error" in outcome ? outcome : { replyMessageId: outcome.value.replyMessageId };
  },
  /** Writes a stored reply again as a new version; the new reply's id, or an error to show. */
  async regenerateReply(input: RegenerateReplyInput): Promise<{ replyMessageId: string } | { error: string }> {
    const outcome = await call(() => regenerateReply(input));
    return "error" in outcome ? outcome : { replyMessageId: outcome.value.replyMessageId };
  },
  /** Sends an edited copy of a typed prompt (the thread forks there); the new prompt's and reply's ids, or an error to show. */
  async editMessage(input: EditMessageInput): Promise<{ userMessageId: string; replyMessageId: string } | { error: string }> {
    const outcome = await call(() => editMessage(input));
    return "error" in outcome ? outcome : { userMessageId: outcome.value.userMessageId, replyMessageId: outcome.value.replyMessageId };
  },
  /** Shows another version of a turn; an error to show, or null. */
  async showVersion(input: ShowVersionInput): Promise<string | null> {
    return problemOf(await call(() => showVersion(input)));
  },
  /** Stops the chat's streaming reply; an error to show, or null. */
  async stopReply(input: { chatId: string }): Promise<string | null> {
    return problemOf(await call(() => stopReply(input)));
  },
  /** Renames a chat; an error to show, or null. */
  async renameChat(input: { chatId: string; title: string }): Promise<string | null> {
    return problemOf(await call(() => renameChat(input)));
  },
  /** Deletes a chat; an error to show, or null. */
  async deleteChat(input: { chatId: string }): Promise<string | null> {
    return problemOf(await call(() => deleteChat(input)));
  },
  /** Replaces the chat's instructions and temperature; the settings as stored, or an error to show. */
  async saveChatSettings(input: { chatId: string; settings: ChatSettingsChange }): Promise<{ settings: ChatSettings } | { error: string }> {
    try {
      const result = await saveChatSettings(input);
      return result.ok ? { settings: result.settings } : { error: result.error.message };
    } catch {
      return { error: UNREACHABLE_MESSAGE };
    }
  },
  /** Stores what changed in a panel's state (for the revision shown); failures are quiet — the panel keeps working, a reload shows the last stored state. */
  async savePanelState(input: { chatId: string; panelId: string; patch: PanelStatePatch; revision: number }): Promise<void> {
    await call(() => savePanelState(input));
  },
};
