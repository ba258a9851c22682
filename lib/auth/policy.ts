/**
 * The one place every route handler, server action and page authorizes
 * through: who is asking (`requireActor`), may they touch this chat
 * (`authorizeChat`), are they an admin (`requireAdmin`). Another user's chat is
 * *not found*, never *forbidden*: whether it exists is not leaked. Every caller
 * is listed in `./registry.ts`, and a test tries each as the wrong user.
 */
import "server-only";
import { headers as requestHeaders } from "next/headers";
import { z } from "zod";
import { getChat } from "@/db/queries/chats";
import { getCompareRunAccess } from "@/db/queries/compare";
import { USER_ROLES, type Chat, type CompareRun, type UserRole } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { getAuth } from "./auth";

/** Who is making a request. */
export type Actor = {
  userId: string;
  role: UserRole;
  /** A one-click guest (better-auth's anonymous user): no email, chats kept until they sign up. */
  isGuest: boolean;
  /** The display name ("Guest" for guests). */
  name: string;
  /**
   * True once the person opened the verification link sent to their address;
   * `getActor` always says, an actor made by hand in a test may leave it out.
   */
  emailVerified?: boolean;
};

/** What an actor wants to do with a chat. */
export type ChatAction = "read" | "write" | "delete";

/** Longest chat id we look up; ids are UUIDs, so anything longer is nobody's chat. */
const MAX_CHAT_ID_LENGTH = 200;

/** The part of better-auth's session user the policy relies on; validated, not trusted. */
const SessionUserSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  role: z.enum(USER_ROLES).catch("user"),
  isAnonymous: z.boolean().nullish(),
  emailVerified: z.boolean().catch(false),
});

/** Options of `getActor` / `requireActor`. */
export type ActorOptions = {
  /** The request's headers (route handlers pass `request.headers`); server actions and pages omit it to use Next's. */
  headers?: Headers;
};

/** The actor of the current request, or null when nobody is signed in. */
export async function getActor(options: ActorOptions = {}): Promise<Actor | null> {
  const headers = options.headers ?? new Headers(await requestHeaders());
  const auth = await getAuth();
  let session: Awaited<ReturnType<typeof auth.api.getSession>>;
  try {
    session = await auth.api.getSession({ headers });
  } catch (caught) {
    throw new AppError("offline:database", { detail: "reading the session failed", cause: caught });
  }
  if (!session) return null;
  const user = SessionUserSchema.safeParse(session.user);
  if (!user.success) return null;
  return {
    userId: user.data.id,
    role: user.data.role,
    isGuest: user.data.isAnonymous === true,
    name: user.data.name,
    emailVerified: user.data.emailVerified,
  };
}

/** The actor of the current request; throws `unauthorized:auth` when nobody is signed in. */
export async function requireActor(options: ActorOptions = {}): Promise<Actor> {
  const actor = await getActor(options);
  if (!actor) throw new AppError("unauthorized:auth");
  return actor;
}

/**
 * The chat, when the actor may do `action` with it; `not_found:chat` when it
 * does not exist or belongs to someone else (admins included: the admin view
 * reads stored trees through its own query, not other people's chats).
 */
export async function authorizeChat(actor: Actor, chatId: string, action: ChatAction): Promise<Chat> {
  if (!isWellFormedId(chatId, MAX_CHAT_ID_LENGTH)) {
    throw new AppError("not_found:chat", { detail: `malformed chat id for ${action}` });
  }
  const chat = await getChat({ userId: actor.userId, chatId });
  if (!chat) throw new AppError("not_found:chat", { detail: `${action} of chat ${chatId} by ${actor.userId}` });
  return chat;
}

/**
 * True for an id the database can even be asked about: text of 1 to `maximum`
 * characters, no NUL, no lone surrogate (Postgres refuses both, and its
 * refusal would read as the database being down rather than the id being wrong).
 */
export function isWellFormedId(id: unknown, maximum: number): id is string {
  return typeof id === "string" && id.length > 0 && id.length <= maximum && !UNSTORABLE_ID_CHARACTER.test(id);
}

/** A NUL, or half of a surrogate pair. */
const UNSTORABLE_ID_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The actor, when an admin; throws `not_found:admin` otherwise: to anyone
 * else the admin view's pages, routes and actions do not exist.
 */
export function requireAdmin(actor: Actor): Actor {
  if (actor.role !== "admin" || actor.isGuest) throw new AppError("not_found:admin", { detail: `user ${actor.userId} is no admin` });
  return actor;
}

/** What an actor wants to do with a comparison run: read it (owner or shared-with) or change it (owner only). */
export type CompareRunAction = "read" | "write";

/**
 * The comparison run and the actor's role in it, when they may do `action`
 * with it; `not_found:compare` when it does not exist, is someone else's and
 * not shared with them, or is shared but `action` is a change (a shared run
 * is read-only, and whether someone else's run exists is not leaked).
 */
export async function authorizeCompareRun(actor: Actor, runId: string, action: CompareRunAction): Promise<{ run: CompareRun; role: "owner" | "viewer" }> {
  if (typeof runId !== "string" || runId.length === 0 || runId.length > MAX_CHAT_ID_LENGTH) {
    throw new AppError("not_found:compare", { detail: `malformed run id for ${action}` });
  }
  const access = await getCompareRunAccess({ userId: actor.userId, runId });
  if (!access || (action === "write" && access.role !== "owner")) {
    throw new AppError("not_found:compare", { detail: `${action} of run ${runId} by ${actor.userId}` });
  }
  return access;
}
