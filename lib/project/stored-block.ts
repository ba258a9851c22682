/**
 * Finds the block a query or link request names — always the stored final
 * block of one of the actor's replies, never a block the client sends —
 * after authorizing the chat (its owner) and the chat's project (a member).
 */
import "server-only";
import { getMessage } from "@/db/queries/chat-turns";
import type { Chat } from "@/db/schema";
import type { Project } from "@/db/schema/project";
import { authorizeChat, type Actor } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import { UiBlocksSchema, type UiBlock } from "@/lib/ui/envelope/schema";
import { authorizeProject } from "./authorize-project";

/** What a message that is not the chat's (or holds no such block) is called: one answer, so neither is told apart. */
export const NO_SUCH_BLOCK_MESSAGE = "This block is not part of that chat's stored replies.";

/** The authorized chat, its project and the stored block. */
export type StoredBlock = { chat: Chat; project: Project; block: UiBlock };

/**
 * The stored final block `blockId` of the reply `messageId` in the actor's
 * chat `chatId`: `not_found:chat` for another person's chat,
 * `forbidden:project` when the actor is not a member of the chat's project,
 * `not_found:message` for a message of another chat, a prompt, or a reply
 * without that block.
 */
export async function loadStoredBlock(input: { actor: Actor; chatId: string; messageId: string; blockId: string }): Promise<StoredBlock> {
  const chat = await authorizeChat(input.actor, input.chatId, "read");
  const project = await authorizeProject(input.actor, chat.projectId);
  const message = await getMessage({ userId: input.actor.userId, chatId: chat.id, messageId: input.messageId });
  if (!message || message.role !== "assistant") {
    throw new AppError("not_found:message", { message: NO_SUCH_BLOCK_MESSAGE, detail: `message ${input.messageId} of chat ${chat.id}` });
  }
  // Stored trees are validated on the way out, as every jsonb read is: a block that does not parse is nobody's.
  const blocks = UiBlocksSchema.safeParse(message.ui);
  const block = blocks.success ? blocks.data.find((candidate) => candidate.id === input.blockId) : undefined;
  if (!block) throw new AppError("not_found:message", { message: NO_SUCH_BLOCK_MESSAGE, detail: `block ${input.blockId} of message ${message.id}` });
  return { chat, project, block };
}
