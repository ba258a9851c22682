/** User queries the auth layer needs beyond what better-auth does itself. */
import "server-only";
import { eq } from "drizzle-orm";
import { chats, users, type User, type UserRole } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** One user by id, or null. */
export function getUser(input: QueryOptions & { userId: string }): Promise<User | null> {
  return runQuery("getUser", input, async (database) => {
    const [user] = await database.select().from(users).where(eq(users.id, input.userId)).limit(1);
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
