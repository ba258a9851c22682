/**
 * Accounts through better-auth: email + password, a one-click guest session
 * (the anonymous plugin), address verification by a link (sent on sign-up
 * through a pluggable `VerificationSender`; nobody has to verify to sign in or
 * chat), the admin role (a verified address listed in `ADMIN_EMAILS`, or an
 * out-of-band grant), cookie sessions stored in our database through the
 * drizzle adapter. No password hashing or session crypto of our own.
 */
import "server-only";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { anonymous } from "better-auth/plugins/anonymous";
import { getDatabase, type Database } from "@/db/client";
import { getUser, setUserRole, transferChats } from "@/db/queries/users";
import { transferUserPreferences } from "@/db/queries/preferences";
import { accounts, sessions, users, verifications } from "@/db/schema";
import { roleForUser } from "./admin-emails";
import { authLogger } from "./auth-logger";
import { VERIFY_EMAIL_PATH } from "./page-guard";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";
import { currentRequestOrigin } from "./request-origin";
import { resolveAuthSecret } from "./secret";
import { verificationSenderFromEnvironment, type VerificationSender } from "./verification-sender";

/** How long a session lives without activity: a week, the usual length for a playground. */
const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;

/** How often an active session's expiry is pushed forward: daily, so not every request writes. */
const SESSION_REFRESH_SECONDS = 60 * 60 * 24;

/** How long a verification link works: an hour, long enough to find the mail, short enough that an old one in a log is dead. */
const VERIFICATION_LINK_LIFETIME_SECONDS = 60 * 60;

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
  /** Delivers verification links; the environment's (`AUTH_EMAIL_SENDER`) when omitted. */
  verificationSender?: VerificationSender;
  /** Where better-auth's log lines go (tests read them); the console when omitted. */
  writeLog?: Parameters<typeof authLogger>[0]["write"];
};

/** Builds the better-auth instance over a database. */
export function createAuth(options: CreateAuthOptions) {
  const { database } = options;
  const verificationSender = options.verificationSender ?? verificationSenderFromEnvironment();
  /** Brings a user's stored role in line with `roleForUser`; every open session reads it from the row. */
  const applyRole = async (userId: string): Promise<void> => {
    const user = await getUser({ database, userId });
    if (!user) return;
    const role = roleForUser(user);
    if (role !== user.role) await setUserRole({ database, userId: user.id, role });
  };
  return betterAuth({
    appName: "Octo playground",
    secret: options.secret,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    logger: authLogger({ baseURLFromRequest: !options.baseURL, ...(options.writeLog ? { write: options.writeLog } : {}) }),
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
    emailVerification: {
      // Everyone gets the link, not only listed addresses: a sign-up then says nothing about who is in
      // ADMIN_EMAILS, and an address listed later is already verified. Verifying is never required to chat.
      sendOnSignUp: true,
      // The link proves the address, not the password: it changes the row, never signs anyone in.
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_LIFETIME_SECONDS,
      sendVerificationEmail: async ({ user, url }, request) => {
        await verificationSender.send({ to: user.email, url: await verificationLink(url, request) });
      },
      // A listed address becomes admin the moment it is verified; the session already open sees it.
      afterEmailVerification: async (user) => {
        await applyRole(user.id);
      },
    },
    hooks: {
      // better-auth sends a link to any unverified address on request when nobody is signed in; here
      // only the signed-in owner may ask again (the re-send action), so nobody can mail links to others.
      before: createAuthMiddleware(async (context) => {
        if (context.path !== "/send-verification-email") return;
        if (!(await getSessionFromCtx(context))) throw new APIError("UNAUTHORIZED", { message: "Sign in to get a new verification link." });
      }),
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
          // Set on sign-up: always `user` for a new address, which nobody has verified yet.
          before: async (user) => ({
            data: { ...user, role: roleForUser({ email: user.email, isAnonymous: user.isAnonymous === true, emailVerified: user.emailVerified }) },
          }),
        },
      },
      session: {
        create: {
          // Checked again at every sign-in: a change to ADMIN_EMAILS applies from the next session on.
          before: async (session) => {
            await applyRole(session.userId);
          },
        },
      },
    },
    plugins: [
      anonymous({
        generateName: () => GUEST_NAME,
        // A guest who signs up or signs in keeps the chats they started as a guest, and their theme and default model.
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          await transferChats({ database, fromUserId: anonymousUser.user.id, toUserId: newUser.user.id });
          await transferUserPreferences({ database, fromUserId: anonymousUser.user.id, toUserId: newUser.user.id });
        },
      }),
      // Last, as better-auth requires: sets the session cookie from server actions.
      nextCookies(),
    ],
  });
}

/** Where better-auth's handler is mounted (app/api/auth/[...all]); its links are relative to it when it knows no origin. */
const AUTH_BASE_PATH = "/api/auth";

/**
 * better-auth's verification link, made absolute (see `currentRequestOrigin`)
 * and with its landing page fixed to the verification page, whatever a client
 * asked for: that page says whether it worked and offers a new link.
 */
async function verificationLink(url: string, request: Request | undefined): Promise<string> {
  let link: URL;
  if (URL.canParse(url)) {
    link = new URL(url);
  } else {
    const origin = request ? new URL(request.url).origin : await currentRequestOrigin();
    if (!origin) throw new Error("cannot tell the app's address for a verification link: set BETTER_AUTH_URL");
    link = new URL(`${AUTH_BASE_PATH}${url}`, origin);
  }
  link.searchParams.set("callbackURL", VERIFY_EMAIL_PATH);
  return link.toString();
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
