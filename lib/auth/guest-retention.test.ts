/**
 * Guests and retention, on PGlite and on Postgres: signing out as a guest
 * leaves the guest and their chats stored; the sweep removes a guest unused
 * for the retention period with their chats and messages, and keeps a
 * recent guest and every person with an account, however old. Two sweeps
 * never run at once.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { openDatabase, migrateDatabase } = await import("@/db/client");
const { appendMessage } = await import("@/db/queries/messages");
const { chats, messages, users } = await import("@/db/schema");
const { openTestPostgres } = await import("@/db/open-test-postgres");
const { createAuth } = await import("./auth");
const { DEFAULT_GUEST_RETENTION_DAYS, guestRetentionDays, sweepInactiveGuests } = await import("./guest-retention");
const { createLogVerificationSender } = await import("./log-verification-sender");
const { signInGuest, signUpPerson } = await import("./testing");

type Connection = ReturnType<typeof openDatabase>;

const targets = [
  { name: "PGlite", open: async () => ({ connection: openDatabase({ dataDir: "memory://" }), url: undefined as string | undefined }) },
  { name: "Postgres", open: openTestPostgres },
];

const DAY_MS = 24 * 60 * 60 * 1000;

describe("guestRetentionDays", () => {
  it("reads GUEST_RETENTION_DAYS, a positive number of days, else the default", () => {
    expect(guestRetentionDays({ GUEST_RETENTION_DAYS: "7" } as unknown as NodeJS.ProcessEnv)).toBe(7);
    expect(guestRetentionDays({ GUEST_RETENTION_DAYS: "0.5" } as unknown as NodeJS.ProcessEnv)).toBe(0.5);
    for (const wrong of [undefined, "", "0", "-3", "soon"]) {
      expect(guestRetentionDays({ GUEST_RETENTION_DAYS: wrong } as unknown as NodeJS.ProcessEnv)).toBe(DEFAULT_GUEST_RETENTION_DAYS);
    }
  });
});

describe.each(targets)("guests and retention on $name", (target) => {
  let handle: Awaited<ReturnType<typeof target.open>> & { release?: () => Promise<void> };
  let database: Connection["database"];
  let auth: ReturnType<typeof createAuth>;

  beforeAll(async () => {
    handle = await target.open();
    await migrateDatabase(handle.connection);
    database = handle.connection.database;
    auth = createAuth({
      database,
      secret: "guest-retention-test-secret-0123456789abcdefghijklmnop",
      baseURL: "http://localhost:3000",
      verificationSender: createLogVerificationSender({ writeLine: () => {} }),
    });
  }, 120_000);

  afterAll(async () => {
    if (handle?.release) await handle.release();
    else await handle?.connection.close();
  });

  /** A chat with one reply for `userId`; returns the chat's id. */
  async function chatWithReply(userId: string): Promise<string> {
    const chatId = crypto.randomUUID();
    await database.insert(chats).values({ id: chatId, userId, title: "A chat", modelId: "replay:default" });
    const reply = await appendMessage({ database, userId, chatId, message: { role: "assistant", text: "Hello", model: "replay:default" } });
    if (!reply) throw new Error("the reply was not stored");
    return chatId;
  }

  /** Makes everything of `userId` look `days` old: the user, their sessions, chats and messages. */
  async function age(userId: string, days: number): Promise<void> {
    const then = new Date(Date.now() - days * DAY_MS).toISOString();
    await database.execute(sql`update users set created_at = ${then}, updated_at = ${then} where id = ${userId}`);
    await database.execute(sql`update sessions set created_at = ${then}, updated_at = ${then} where user_id = ${userId}`);
    await database.execute(sql`update chats set created_at = ${then}, updated_at = ${then} where user_id = ${userId}`);
    await database.execute(sql`update messages set created_at = ${then} where chat_id in (select id from chats where user_id = ${userId})`);
  }

  async function exists(userId: string): Promise<boolean> {
    return (await database.select({ id: users.id }).from(users).where(eq(users.id, userId))).length === 1;
  }

  it("keeps a guest and their chats when the guest signs out", async () => {
    const guest = await signInGuest(auth);
    const chatId = await chatWithReply(guest.userId);
    await auth.api.signOut({ headers: guest.headers });
    expect(await auth.api.getSession({ headers: guest.headers })).toBeNull();
    expect(await exists(guest.userId)).toBe(true);
    expect(await database.select({ id: messages.id }).from(messages).where(eq(messages.chatId, chatId))).toHaveLength(1);
  });

  it("removes a guest unused for the retention period with their chats; keeps a recent guest and every person", async () => {
    const oldGuest = await signInGuest(auth);
    const oldChat = await chatWithReply(oldGuest.userId);
    await auth.api.signOut({ headers: oldGuest.headers });
    await age(oldGuest.userId, DEFAULT_GUEST_RETENTION_DAYS + 1);

    const recentGuest = await signInGuest(auth);
    const recentChat = await chatWithReply(recentGuest.userId);
    await age(recentGuest.userId, DEFAULT_GUEST_RETENTION_DAYS - 1);

    // An old guest whose chat got a message yesterday is in use.
    const activeGuest = await signInGuest(auth);
    await age(activeGuest.userId, DEFAULT_GUEST_RETENTION_DAYS + 10);
    const activeChat = await chatWithReply(activeGuest.userId);
    await database.execute(sql`update chats set updated_at = ${new Date(Date.now() - 100 * DAY_MS).toISOString()} where id = ${activeChat}`);

    const person = await signUpPerson(auth);
    const personChat = await chatWithReply(person.userId);
    await age(person.userId, 10 * DEFAULT_GUEST_RETENTION_DAYS);

    const result = await sweepInactiveGuests({ database, retentionDays: DEFAULT_GUEST_RETENTION_DAYS });
    expect(result.swept).toBe(true);
    expect(result.swept && result.removedGuestIds).toContain(oldGuest.userId);
    expect(result.swept && result.removedGuestIds).not.toContain(recentGuest.userId);
    expect(await exists(oldGuest.userId)).toBe(false);
    expect(await database.select({ id: chats.id }).from(chats).where(eq(chats.id, oldChat))).toEqual([]);
    expect(await database.select({ id: messages.id }).from(messages).where(eq(messages.chatId, oldChat))).toEqual([]);
    for (const userId of [recentGuest.userId, activeGuest.userId, person.userId]) expect(await exists(userId)).toBe(true);
    const kept = await database.select({ id: chats.id }).from(chats).where(inArray(chats.id, [recentChat, activeChat, personChat]));
    expect(kept).toHaveLength(3);
  });

  // Two instances need two connections to one server: Postgres only (one process holds a PGlite).
  if (target.name === "Postgres") it("does nothing while another sweep holds the lock", async () => {
    const guest = await signInGuest(auth);
    await age(guest.userId, DEFAULT_GUEST_RETENTION_DAYS + 1);
    if (!handle.url) throw new Error("no Postgres URL");
    const other = openDatabase({ url: handle.url });
    try {
      let whileHeld: unknown;
      await other.database.transaction(async (transaction) => {
        await transaction.execute(sql`select pg_advisory_xact_lock(7406372014)`);
        whileHeld = await sweepInactiveGuests({ database });
      });
      expect(whileHeld).toEqual({ swept: false });
      expect(await exists(guest.userId)).toBe(true);
      expect((await sweepInactiveGuests({ database })).swept).toBe(true);
      expect(await exists(guest.userId)).toBe(false);
    } finally {
      await other.close();
    }
  });
});
