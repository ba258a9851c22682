/**
 * The reply lease on both databases: one holder at a time, decided by the
 * database even when many take it at once; renewed and released only by its
 * holder; free again once it runs out; and never counted as chat activity.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { openDatabase, migrateDatabase } = await import("../client");
const { createChat, getChat } = await import("./chats");
const { acquireReplyLease, releaseReplyLease, renewReplyLease } = await import("./reply-leases");
const { chats, users } = await import("../schema");
const { openTestPostgres } = await import("../open-test-postgres");

type Connection = ReturnType<typeof openDatabase>;

/** Milliseconds of a lease the tests hold: far longer than any test. */
const LONG_LEASE_MS = 60_000;

async function openPglite(): Promise<{ connection: Connection; release: () => Promise<void> }> {
  const connection = openDatabase({ dataDir: "memory://" });
  return { connection, release: () => connection.close() };
}

const targets = [
  { name: "PGlite", open: openPglite },
  { name: "Postgres", open: openTestPostgres },
];

describe.each(targets)("reply leases on $name", (target) => {
  let handle: Awaited<ReturnType<typeof target.open>>;
  let database: Connection["database"];
  let userId: string;

  beforeAll(async () => {
    handle = await target.open();
    await migrateDatabase(handle.connection);
    database = handle.connection.database;
    userId = crypto.randomUUID();
    await database.insert(users).values({ id: userId, name: "Owner", email: `${userId}@example.test` });
  }, 60_000);

  afterAll(async () => {
    await handle?.release();
  });

  async function newChat(): Promise<string> {
    return (await createChat({ database, userId, title: "Lease", modelId: "replay:default" })).id;
  }

  it("gives the lease to one holder at a time; only that holder renews or releases it", async () => {
    const chatId = await newChat();
    expect(await acquireReplyLease({ database, userId, chatId, holder: "reply-1", durationMs: LONG_LEASE_MS })).toBe(true);
    expect(await acquireReplyLease({ database, userId, chatId, holder: "reply-2", durationMs: LONG_LEASE_MS })).toBe(false);
    expect(await renewReplyLease({ database, chatId, holder: "reply-2", durationMs: LONG_LEASE_MS })).toBe(false);
    expect(await renewReplyLease({ database, chatId, holder: "reply-1", durationMs: LONG_LEASE_MS })).toBe(true);
    await releaseReplyLease({ database, chatId, holder: "reply-2" });
    expect(await acquireReplyLease({ database, userId, chatId, holder: "reply-2", durationMs: LONG_LEASE_MS })).toBe(false);
    await releaseReplyLease({ database, chatId, holder: "reply-1" });
    expect(await acquireReplyLease({ database, userId, chatId, holder: "reply-2", durationMs: LONG_LEASE_MS })).toBe(true);
  });

  it("lets exactly one of many simultaneous takers win", async () => {
    const chatId = await newChat();
    const holders = Array.from({ length: 12 }, (_, index) => `racer-${index}`);
    const results = await Promise.all(holders.map((holder) => acquireReplyLease({ database, userId, chatId, holder, durationMs: LONG_LEASE_MS })));
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = await database.select({ holder: chats.replyLeaseHolder }).from(chats).where(eq(chats.id, chatId));
    expect(row?.holder).toBe(holders[results.indexOf(true)]);
  });

  it("frees a lease that ran out (a crashed holder), and its old holder can no longer renew it", async () => {
    const chatId = await newChat();
    expect(await acquireReplyLease({ database, userId, chatId, holder: "crashed", durationMs: 50 })).toBe(true);
    expect(await acquireReplyLease({ database, userId, chatId, holder: "next", durationMs: LONG_LEASE_MS })).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await acquireReplyLease({ database, userId, chatId, holder: "next", durationMs: LONG_LEASE_MS })).toBe(true);
    expect(await renewReplyLease({ database, chatId, holder: "crashed", durationMs: LONG_LEASE_MS })).toBe(false);
  });

  it("refuses another user's chat, and leaves the chat's activity time alone", async () => {
    const chatId = await newChat();
    const before = await getChat({ database, userId, chatId });
    expect(await acquireReplyLease({ database, userId: "someone-else", chatId, holder: "intruder", durationMs: LONG_LEASE_MS })).toBe(false);
    expect(await acquireReplyLease({ database, userId, chatId, holder: "reply", durationMs: LONG_LEASE_MS })).toBe(true);
    expect(await renewReplyLease({ database, chatId, holder: "reply", durationMs: LONG_LEASE_MS })).toBe(true);
    await releaseReplyLease({ database, chatId, holder: "reply" });
    const after = await getChat({ database, userId, chatId });
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
  });
});
