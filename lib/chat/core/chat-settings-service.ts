/**
 * Reading and changing a chat's settings through the policy: the owner only
 * (anyone else's chat, or a comparison pane's, is not found). A change
 * applies from the chat's next reply on; a reply already streaming keeps
 * what it started with.
 */
import "server-only";
import { z } from "zod";
import { setChatSettings } from "@/db/queries/chat-settings";
import type { JsonValue } from "@/db/schema";
import { authorizeChat, type Actor } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import { toStorableText } from "../turn/storable-text";
import { applyChatSettingsChange, ChatSettingsChangeSchema, readChatSettings, type ChatSettings } from "./chat-settings";

/** `updateChatSettings`'s input: the chat and the person's change. */
export const UpdateChatSettingsInputSchema = z.strictObject({ chatId: z.string(), settings: ChatSettingsChangeSchema });

/** `updateChatSettings`'s input. */
export type UpdateChatSettingsInput = z.infer<typeof UpdateChatSettingsInputSchema>;

/** The settings of the actor's chat. */
export async function getChatSettings(actor: Actor, chatId: string): Promise<ChatSettings> {
  const chat = await authorizeChat(actor, chatId, "read");
  if (chat.purpose !== "chat") throw new AppError("not_found:chat", { detail: `settings of ${chat.purpose} chat ${chat.id}` });
  return readChatSettings(chat.settings);
}

/** Changes the settings of the actor's chat; `bad_request:settings` names what is wrong with the input. Returns the settings now stored. */
export async function updateChatSettings(actor: Actor, rawInput: unknown): Promise<ChatSettings> {
  const chatId = (rawInput as { chatId?: unknown } | null)?.chatId;
  // Whose chat it is comes first: a stranger learns nothing from how the input is wrong.
  const chat = await authorizeChat(actor, typeof chatId === "string" ? chatId : "", "write");
  if (chat.purpose !== "chat") throw new AppError("not_found:chat", { detail: `settings of ${chat.purpose} chat ${chat.id}` });
  const parsed = UpdateChatSettingsInputSchema.safeParse(rawInput);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    throw new AppError("bad_request:settings", {
      ...(message && !message.startsWith("Invalid") ? { message } : {}),
      detail: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ").slice(0, 500),
    });
  }
  const change = parsed.data.settings;
  const storable = change.systemAddition !== undefined ? { ...change, systemAddition: toStorableText(change.systemAddition) } : change;
  const settings = applyChatSettingsChange(readChatSettings(chat.settings), storable);
  const stored = await setChatSettings({ userId: actor.userId, chatId: chat.id, settings: settings as JsonValue });
  if (!stored) throw new AppError("not_found:chat", { detail: `settings of chat ${chat.id} vanished` });
  return readChatSettings(stored.settings);
}
