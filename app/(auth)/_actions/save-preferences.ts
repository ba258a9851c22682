"use server";

// A person's own preferences (theme, default model), guests included:
// requireActor, then only the caller's row is written. Listed in
// lib/auth/registry.ts.

import { requireActor } from "@/lib/auth/policy";
import { toPublicError, type PublicError } from "@/lib/errors";
import { savePreferences as save } from "@/lib/preferences/preferences-service";
import type { UserPreferences, UserPreferencesInput } from "@/lib/preferences/user-preferences";

/** What `savePreferences` returns: the preferences now in force, or the words to show. */
export type SavePreferencesResult = { ok: true; preferences: UserPreferences } | { ok: false; error: PublicError };

/** Saves the caller's theme and/or default model. */
export async function savePreferences(input: UserPreferencesInput): Promise<SavePreferencesResult> {
  try {
    const actor = await requireActor();
    return { ok: true, preferences: await save(actor, input) };
  } catch (caught) {
    return { ok: false, error: toPublicError(caught) };
  }
}
