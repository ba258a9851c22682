/**
 * The tables better-auth reads and writes through its drizzle adapter
 * (`usePlural: true`): users, sessions, accounts, verifications. Field names
 * follow better-auth's model (plus the anonymous plugin's `isAnonymous` and our
 * `role`), so the adapter maps them without configuration.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The roles a user can hold. `admin` is held by a listed address (`ADMIN_EMAILS`)
 * once it is verified, or by an out-of-band grant (`npm run admin:grant`); see
 * lib/auth/admin-emails.ts.
 */
export const USER_ROLES = ["user", "admin"] as const;

/** A role a user can hold. */
export type UserRole = (typeof USER_ROLES)[number];

const createdAt = () => timestamp("created_at", { withTimezone: true }).defaultNow().notNull();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull();

/** People with an account, and guests (anonymous users with a placeholder email). */
export const users = pgTable(
  "users",
  {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").default(false).notNull(),
  image: text("image"),
  isAnonymous: boolean("is_anonymous").default(false).notNull(),
  role: text("role", { enum: USER_ROLES }).default("user").notNull(),
  /** When an operator granted admin out of band (`npm run admin:grant`); null when not granted. Sign-ins never demote a granted user. */
  adminGrantedAt: timestamp("admin_granted_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  },
  (table) => [check("users_role_known", sql`${table.role} in ('user', 'admin')`)],
);

/** Signed-in sessions; the cookie carries the token. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/** Credentials per provider; email + password lives here as provider `credential`. */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

/** Short-lived verification values (email verification, password reset). */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** A stored user. */
export type User = typeof users.$inferSelect;
