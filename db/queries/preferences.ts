/** A person's preferences (theme, default model); scoped by their user id. */
import "server-only";
import { eq } from "drizzle-orm";
import { userPreferences, type ThemePreference, type UserPreferencesRow } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** A user's stored preferences, or null when they never changed one. */
export function getUserPreferences(input: QueryOptions & { userId: string }): Promise<UserPreferencesRow | null> {
  return runQuery("getUserPreferences", input, async (database) => {
    const [row] = await database.select().from(userPreferences).where(eq(userPreferences.userId, input.userId)).limit(1);
    return row ?? null;
  });
}

/** Stores the given preferences of a user (the others stay as they are); returns the row as stored. */
export function setUserPreferences(
  input: QueryOptions & { userId: string; theme?: ThemePreference; defaultModelId?: string | null },
): Promise<UserPreferencesRow> {
  return runQuery("setUserPreferences", input, async (database) => {
    const changes = {
      ...(input.theme !== undefined ? { theme: input.theme } : {}),
      ...(input.defaultModelId !== undefined ? { defaultModelId: input.defaultModelId } : {}),
    };
    const [row] = await database
      .insert(userPreferences)
      .values({ userId: input.userId, ...changes })
      .onConflictDoUpdate({ target: userPreferences.userId, set: { ...changes, updatedAt: new Date() } })
      .returning();
    if (!row) throw new Error("upsert returned no row");
    return row;
  });
}

/**
 * Gives a guest's preferences to the account they signed up or in with,
 * unless the account has its own already (a person signing in to an
 * existing account keeps theirs).
 */
export function transferUserPreferences(input: QueryOptions & { fromUserId: string; toUserId: string }): Promise<void> {
  return runQuery("transferUserPreferences", input, async (database) => {
    const [guest] = await database.select().from(userPreferences).where(eq(userPreferences.userId, input.fromUserId)).limit(1);
    if (!guest) return;
    await database
      .insert(userPreferences)
      .values({ userId: input.toUserId, theme: guest.theme, defaultModelId: guest.defaultModelId })
      .onConflictDoNothing({ target: userPreferences.userId });
  });
}
