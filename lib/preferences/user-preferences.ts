/**
 * A person's preferences as the app uses them: the theme (system, light or
 * dark) the page is drawn in from the first byte, and the model a new chat
 * starts with. Validated on the way in (`UserPreferencesInputSchema`) and on
 * the way out (`resolveUserPreferences`: a stored model the server no longer
 * offers is the server's default).
 */
import { z } from "zod";
import { THEME_PREFERENCES, type ThemePreference } from "@/db/schema/preferences";

export { THEME_PREFERENCES, type ThemePreference };

/** Longest model id accepted (ids are `<provider>:<model>`; the registry checks the rest). */
export const PREFERENCE_MODEL_ID_MAX_LENGTH = 200;

/** What a person can change, one or both at a time; `defaultModelId: null` goes back to the server's default. */
export const UserPreferencesInputSchema = z
  .object({
    theme: z.enum(THEME_PREFERENCES, { error: "Pick system, light or dark." }).optional(),
    defaultModelId: z.string().min(1, "Pick a model.").max(PREFERENCE_MODEL_ID_MAX_LENGTH).nullable().optional(),
  })
  .strict();

/** What a person can change. */
export type UserPreferencesInput = z.infer<typeof UserPreferencesInputSchema>;

/** A person's preferences as the app applies them. */
export type UserPreferences = {
  theme: ThemePreference;
  /** The model new chats start with: the stored one when the server offers it, else the server's default. */
  defaultModelId: string;
};

/** The preferences of someone who never changed one (and of nobody signed in). */
export function defaultUserPreferences(serverDefaultModelId: string): UserPreferences {
  return { theme: "system", defaultModelId: serverDefaultModelId };
}

/** The preferences to apply from a stored row (or none): anything unreadable or no longer offered falls back to the default. */
export function resolveUserPreferences(input: {
  stored: { theme: unknown; defaultModelId: string | null } | null;
  offeredModelIds: readonly string[];
  serverDefaultModelId: string;
}): UserPreferences {
  const fallback = defaultUserPreferences(input.serverDefaultModelId);
  if (!input.stored) return fallback;
  const theme = z.enum(THEME_PREFERENCES).safeParse(input.stored.theme);
  const model = input.stored.defaultModelId;
  return {
    theme: theme.success ? theme.data : fallback.theme,
    defaultModelId: model !== null && input.offeredModelIds.includes(model) ? model : fallback.defaultModelId,
  };
}
