/** User queries the auth layer needs beyond what better-auth does itself. */
import "server-only";
import { and, eq } from "drizzle-orm";
import { chats, users, type User, type UserRole } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** One user by id, or null. */
export function getUser(input: QueryOptions & { userId: string }): Promise<User | null> {
  return runQuery("getUser", input, async (database) => {
    const [user] = await database.select().from(users).where(eq(users.id, input.userId)).limit(1);
    return user ?? null;
  });
}

/** One person (never a guest) by email, compared as better-auth stores it (trimmed, lower-case); null when there is none. */
export function getUserByEmail(input: QueryOptions & { email: string }): Promise<User | null> {
  return runQuery("getUserByEmail", input, async (database) => {
    const [user] = await database
      .select()
      .from(users)
      .where(and(eq(users.email, normalizeEmail(input.email)), eq(users.isAnonymous, false)))
      .limit(1);
    return user ?? null;
  });
}

/**
 * Grants admin out of band (`npm run admin:grant`): the role now, and the
 * grant that keeps it at every later sign-in whatever `ADMIN_EMAILS` says.
 * Null when no person has the address (guests are never granted).
 */
export function grantAdmin(input: QueryOptions & { email: string }): Promise<User | null> {
  return runQuery("grantAdmin", input, async (database) => {
    const [user] = await database
      .update(users)
      .set({ role: "admin", adminGrantedAt: new Date() })
      .where(and(eq(users.email, normalizeEmail(input.email)), eq(users.isAnonymous, false)))
      .returning();
    return user ?? null;
  });
}

/**
 * Takes admin back (`npm run admin:revoke`): clears the grant and the role,
 * which every open session of the person sees at once. A verified address
 * still listed in `ADMIN_EMAILS` is admin again at its next sign-in. Null
 * when no person has the address.
 */
export function revokeAdmin(input: QueryOptions & { email: string }): Promise<User | null> {
  return runQuery("revokeAdmin", input, async (database) => {
    const [user] = await database
      .update(users)
      .set({ role: "user", adminGrantedAt: null })
      .where(and(eq(users.email, normalizeEmail(input.email)), eq(users.isAnonymous, false)))
      .returning();
    return user ?? null;
  });
}

/** Sets a user's role; null when there is no such user. */
export function setUserRole(input: QueryOptions & { userId: string; role: UserRole }): Promise<User | null> {
  return runQuery("setUserRole", input, async (database) => {
    const [user] = await database.update(users).set({ role: input.role }).where(eq(users.id, input.userId)).returning();
    return user ?? null;
  });
}

/** Moves every chat of one user to another (a guest who signs up keeps their chats); returns how many moved. */
export function transferChats(input: QueryOptions & { fromUserId: string; toUserId: string }): Promise<number> {
  return runQuery("transferChats", input, async (database) => {
    const moved = await database
      .update(chats)
      .set({ userId: input.toUserId })
      .where(eq(chats.userId, input.fromUserId))
      .returning({ id: chats.id });
    return moved.length;
  });
}

/** An address as better-auth stores it: it lower-cases every email it writes. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
