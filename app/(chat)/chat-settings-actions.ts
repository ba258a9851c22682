"use server";

// A chat's settings (a system prompt addition, a temperature), changed from
// the conversation's "Chat settings" dialog. Authorizes through the policy
// (requireActor here, authorizeChat in the service: another user's chat is
// not found) and returns `{ok, ...}` or `{ok: false, error}`, like the chat's
// other actions. Listed in lib/auth/registry.ts.

import { requireActor } from "@/lib/auth/policy";
import type { ChatSettings } from "@/lib/chat/core/chat-settings";
import { updateChatSettings, type UpdateChatSettingsInput } from "@/lib/chat/core/chat-settings-service";
import { toPublicError, type PublicError } from "@/lib/errors";

/** What `saveChatSettings` returns: the settings as stored, or the words to show. */
export type SaveChatSettingsResult = { ok: true; settings: ChatSettings } | { ok: false; error: PublicError };

/** Replaces the chat's instructions and temperature; the next reply uses them. */
export async function saveChatSettings(input: UpdateChatSettingsInput): Promise<SaveChatSettingsResult> {
  try {
    const actor = await requireActor();
    return { ok: true, settings: await updateChatSettings(actor, input) };
  } catch (caught) {
    return { ok: false, error: toPublicError(caught) };
  }
}
