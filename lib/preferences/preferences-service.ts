/**
 * Reading and saving a person's preferences, through the policy: a person
 * only ever reads and writes their own (the actor's user id scopes every
 * query), guests included. A default model must be one this server offers.
 */
import "server-only";
import { cache } from "react";
import { getUserPreferences, setUserPreferences } from "@/db/queries/preferences";
import type { Database } from "@/db/client";
import { getActor, type Actor } from "@/lib/auth/policy";
import { AppError, isAppError } from "@/lib/errors";
import { modelRegistry, type ModelRegistry } from "@/lib/models/registry";
import { resolveUserPreferences, UserPreferencesInputSchema, type ThemePreference, type UserPreferences } from "./user-preferences";

/** What a default model the server does not offer is told. */
export const UNKNOWN_DEFAULT_MODEL_MESSAGE = "That model is not offered here. Pick one from the list.";

/** Options shared by the service's functions (tests pass their own database and registry). */
export type PreferencesOptions = { database?: Database; registry?: ModelRegistry };

/** The actor's preferences as the app applies them. */
export async function preferencesOf(actor: Actor, options: PreferencesOptions = {}): Promise<UserPreferences> {
  const registry = options.registry ?? modelRegistry();
  const stored = await getUserPreferences({ userId: actor.userId, ...(options.database ? { database: options.database } : {}) });
  return resolveUserPreferences({
    stored,
    offeredModelIds: registry.list().map((entry) => entry.id),
    serverDefaultModelId: registry.defaultModelId,
  });
}

/** Saves what the actor changed (validated; `bad_request:settings` with the reason otherwise) and returns the preferences now in force. */
export async function savePreferences(actor: Actor, rawInput: unknown, options: PreferencesOptions = {}): Promise<UserPreferences> {
  const parsed = UserPreferencesInputSchema.safeParse(rawInput);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    throw new AppError("bad_request:settings", {
      ...(message && !message.startsWith("Invalid") ? { message } : {}),
      detail: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ").slice(0, 500),
    });
  }
  const registry = options.registry ?? modelRegistry();
  const { theme, defaultModelId } = parsed.data;
  if (typeof defaultModelId === "string" && !registry.getModel(defaultModelId).ok) {
    throw new AppError("bad_request:settings", { message: UNKNOWN_DEFAULT_MODEL_MESSAGE, detail: `default model ${defaultModelId}` });
  }
  await setUserPreferences({
    userId: actor.userId,
    ...(theme !== undefined ? { theme } : {}),
    ...(defaultModelId !== undefined ? { defaultModelId } : {}),
    ...(options.database ? { database: options.database } : {}),
  });
  return preferencesOf(actor, options);
}

/**
 * The theme the page is drawn in for this request: the signed-in person's
 * choice, or the system's for anyone else. Never fails a page: should the
 * session or the database be unreachable, the system's theme it is (the page
 * itself reports the failure). Read once per request.
 */
export const requestTheme = cache(async (): Promise<ThemePreference> => {
  try {
    const actor = await getActor();
    return actor ? (await preferencesOf(actor)).theme : "system";
  } catch (caught) {
    if (isAppError(caught)) return "system";
    throw caught;
  }
});
