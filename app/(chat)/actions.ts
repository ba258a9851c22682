"use server";

// The chat's server actions. Each authorizes through the policy (requireActor
// here, authorizeChat in the chat core: another user's chat is not found) and
// returns `{ok: true, ...}` or `{ok: false, error}` instead of throwing, so
// the page can show the error in place. Replies stream on the server; viewers
// follow them over GET /api/chats/[id]/events. Listed in lib/auth/registry.ts.

import type { ChatSummary } from "@/lib/chat/wire";
import type {
  ChatReferenceInput,
  CreateChatInput,
  DeleteChatResult,
  EditMessageInput,
  RegenerateReplyInput,
  RenameChatInput,
  RestorePanelInput,
  SavePanelStateInput,
  SavePanelStateResult,
  SendChoiceInput,
  SendMessageInput,
  SendPanelActionInput,
  SendMessageResult,
  ShowVersionInput,
  ShowVersionResult,
  StopReplyResult,
} from "@/lib/chat/core/chat-inputs";
import { getChatCore } from "@/lib/chat/core/process-chat-core";
import { requireActor, type Actor } from "@/lib/auth/policy";
import { toPublicError, type PublicError } from "@/lib/errors";

/** What every chat action returns. */
export type ChatActionResult<Value> = ({ ok: true } & Value) | { ok: false; error: PublicError };

async function run<Value extends object>(operation: (actor: Actor) => Promise<Value>): Promise<ChatActionResult<Value>> {
  try {
    const actor = await requireActor();
    return { ok: true, ...(await operation(actor)) };
  } catch (caught) {
    return { ok: false, error: toPublicError(caught) };
  }
}

/** Sends a typed prompt (creating the chat when `chatId` is absent) and starts its reply; returns the ids at once. Never read as an action. */
export async function sendMessage(input: SendMessageInput): Promise<ChatActionResult<SendMessageResult>> {
  return run((actor) => getChatCore().sendMessage(actor, input));
}

/**
 * Sends a press of a GenUI button on a stored reply of the chat: the server
 * writes the `[octo-ui-action]` envelope from the stored fence (silent for a
 * panel with an id) and starts its reply.
 */
export async function sendPanelAction(input: SendPanelActionInput): Promise<ChatActionResult<SendMessageResult>> {
  return run((actor) => getChatCore().sendPanelAction(actor, input));
}

/** Sends a pick of a ```ui choice in a stored reply of the chat: the server writes the visible turn from the stored block and starts its reply. */
export async function sendChoice(input: SendChoiceInput): Promise<ChatActionResult<SendMessageResult>> {
  return run((actor) => getChatCore().sendChoice(actor, input));
}

/** Brings back an earlier version of a panel as its next revision (the host answers; no model is asked). */
export async function restorePanel(input: RestorePanelInput): Promise<ChatActionResult<SendMessageResult>> {
  return run((actor) => getChatCore().restorePanel(actor, input));
}

/** Writes a stored reply again (regenerate, or retry after an error or a stop): a new version in its place; the old one is kept. */
export async function regenerateReply(input: RegenerateReplyInput): Promise<ChatActionResult<SendMessageResult>> {
  return run((actor) => getChatCore().regenerateReply(actor, input));
}

/** Sends an edited copy of a typed prompt: the thread forks there, and the old branch is kept. */
export async function editMessage(input: EditMessageInput): Promise<ChatActionResult<SendMessageResult>> {
  return run((actor) => getChatCore().editMessage(actor, input));
}

/** Shows another version of a turn of the chat (the thread continues down its newest turns). */
export async function showVersion(input: ShowVersionInput): Promise<ChatActionResult<ShowVersionResult>> {
  return run((actor) => getChatCore().showVersion(actor, input));
}

/** Stops the chat's streaming reply; the partial reply is kept. */
export async function stopReply(input: ChatReferenceInput): Promise<ChatActionResult<StopReplyResult>> {
  return run((actor) => getChatCore().stopReply(actor, input));
}

/** Creates an empty chat. */
export async function createChat(input: CreateChatInput = {}): Promise<ChatActionResult<{ chat: ChatSummary }>> {
  return run(async (actor) => ({ chat: await getChatCore().createChat(actor, input) }));
}

/** Renames a chat. */
export async function renameChat(input: RenameChatInput): Promise<ChatActionResult<{ chat: ChatSummary }>> {
  return run(async (actor) => ({ chat: await getChatCore().renameChat(actor, input) }));
}

/** Deletes a chat, stopping its reply first. */
export async function deleteChat(input: ChatReferenceInput): Promise<ChatActionResult<DeleteChatResult>> {
  return run((actor) => getChatCore().deleteChat(actor, input));
}

/** Stores a panel's interaction state so a reload restores it. */
export async function savePanelState(input: SavePanelStateInput): Promise<ChatActionResult<SavePanelStateResult>> {
  return run((actor) => getChatCore().savePanelState(actor, input));
}
