/**
 * Accounts through better-auth: email + password, a one-click guest session
 * (the anonymous plugin), roles from `ADMIN_EMAILS`, cookie sessions stored in
 * our database through the drizzle adapter. No password hashing or session
 * crypto of our own.
 */
import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { anonymous } from "better-auth/plugins/anonymous";
import { getDatabase, type Database } from "@/db/client";
import { getUser, setUserRole, transferChats } from "@/db/queries/users";
import { accounts, sessions, users, verifications } from "@/db/schema";
import { roleForUser } from "./admin-emails";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";
import { resolveAuthSecret } from "./secret";

/** How long a session lives without activity: a week, the usual length for a playground. */
const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;

/** How often an active session's expiry is pushed forward: daily, so not every request writes. */
const SESSION_REFRESH_SECONDS = 60 * 60 * 24;

/** The name a guest carries until they create an account. */
export const GUEST_NAME = "Guest";

/** Options of `createAuth`. */
export type CreateAuthOptions = {
  /** The database the auth tables live in. */
  database: Database;
  /** The secret cookies are signed with. */
  secret: string;
  /** The public origin, when known (`BETTER_AUTH_URL`); otherwise derived from each request. */
  baseURL?: string;
};

/** Builds the better-auth instance over a database. */
export function createAuth(options: CreateAuthOptions) {
  const { database } = options;
  return betterAuth({
    appName: "Octo playground",
    secret: options.secret,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    database: drizzleAdapter(database, {
      provider: "pg",
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    user: {
      additionalFields: {
        // `input: false`: nobody picks their own role at sign-up; the hooks below set it.
        role: { type: ["user", "admin"], required: false, defaultValue: "user", input: false },
      },
    },
    session: { expiresIn: SESSION_LIFETIME_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          // Set on sign-up.
          before: async (user) => ({
            data: { ...user, role: roleForUser({ email: user.email, isAnonymous: user.isAnonymous === true }) },
          }),
        },
      },
      session: {
        create: {
          // Checked again at every sign-in: a change to ADMIN_EMAILS applies from the next session on.
          before: async (session) => {
            const user = await getUser({ database, userId: session.userId });
            if (!user) return;
            const role = roleForUser(user);
            if (role !== user.role) await setUserRole({ database, userId: user.id, role });
          },
        },
      },
    },
    plugins: [
      anonymous({
        generateName: () => GUEST_NAME,
        // A guest who signs up or signs in keeps the chats they started as a guest.
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          await transferChats({ database, fromUserId: anonymousUser.user.id, toUserId: newUser.user.id });
        },
      }),
      // Last, as better-auth requires: sets the session cookie from server actions.
      nextCookies(),
    ],
  });
}

/** The better-auth instance type, with our plugins and fields. */
export type Auth = ReturnType<typeof createAuth>;

// One instance per process, shared across dev-server reloads and bundles (see db/client.ts).
const globalStore = globalThis as typeof globalThis & { __octoAuth?: Promise<Auth> };

/** The process's auth instance over the process database (migrated first). */
export function getAuth(): Promise<Auth> {
  if (globalStore.__octoAuth) return globalStore.__octoAuth;
  const created = (async () => {
    const database = await getDatabase();
    const secret = resolveAuthSecret();
    const baseURL = process.env.BETTER_AUTH_URL?.trim();
    return createAuth({ database, secret, ...(baseURL ? { baseURL } : {}) });
  })();
  globalStore.__octoAuth = created;
  created.catch(() => {
    if (globalStore.__octoAuth === created) globalStore.__octoAuth = undefined;
  });
  return created;
}
