/**
 * What a person chose for themselves, guests included: the theme the app is
 * drawn in and the model new chats start with. One row per user, written on
 * the first change; no row means the defaults (the system's theme, the
 * server's default model).
 */
import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** The themes a person can choose: follow the system, or always light or dark. */
export const THEME_PREFERENCES = ["system", "light", "dark"] as const;

/** A theme a person can choose. */
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** One person's preferences. */
export const userPreferences = pgTable(
  "user_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    theme: text("theme", { enum: THEME_PREFERENCES }).default("system").notNull(),
    /** The model a new chat starts with; null for the server's default (a model the server no longer offers is ignored when read). */
    defaultModelId: text("default_model_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (table) => [check("user_preferences_theme_known", sql`${table.theme} in ('system', 'light', 'dark')`)],
);

/** One person's stored preferences. */
export type UserPreferencesRow = typeof userPreferences.$inferSelect;
