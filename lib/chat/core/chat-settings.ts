/**
 * What a chat's replies are generated with, beyond the model: a system
 * prompt addition from the person, a temperature and a seed. Stored with
 * the chat (a comparison run gives every pane the same), validated on the
 * way in and on the way out of the database.
 */
import { z } from "zod";

/** Longest system prompt addition: a paragraph of house rules, not a second prompt. */
export const SYSTEM_ADDITION_MAX_CHARACTERS = 4_000;

/** A chat's generation settings; every field optional (the provider's default). */
export const ChatSettingsSchema = z
  .object({
    systemAddition: z.string().trim().max(SYSTEM_ADDITION_MAX_CHARACTERS).optional(),
    temperature: z.number().min(0).max(2).optional(),
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .strict();

/** A chat's generation settings. */
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;

/** The settings a stored column holds; anything unreadable is the defaults. */
export function readChatSettings(stored: unknown): ChatSettings {
  const parsed = ChatSettingsSchema.safeParse(stored ?? {});
  if (!parsed.success) return {};
  const { systemAddition, ...rest } = parsed.data;
  return systemAddition ? { ...rest, systemAddition } : rest;
}

/** The system prompt with the person's addition after it, marked as theirs. */
export function withSystemAddition(system: string, settings: ChatSettings): string {
  if (!settings.systemAddition) return system;
  return `${system}\n\n## Added by the person running this chat\n\n${settings.systemAddition}`;
}
