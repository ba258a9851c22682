/**
 * The final store through a database outage, on a real database with real
 * failures: an unreachable database is retried until it answers or the bound
 * passes (and then said so, nothing thrown away, no fallback tried); a
 * refusal falls back once; a reply already stored is read back, not stored
 * twice.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../bench/bench-server";

vi.mock("server-only", () => ({}));

const { getDatabase, openDatabase } = await import("@/db/client");
const { createChat } = await import("@/db/queries/chats");
const { appendMessage } = await import("@/db/queries/messages");
const { runQuery } = await import("@/db/queries/run-query");
const { messages } = await import("@/db/schema");
const { createTestActor, openTestDatabase } = await import("../testing/chat-test-setup");
const { storeFinalReply } = await import("./final-store");
const { storeMinimalReply } = await import("./store-minimal-reply");
const { storeReply } = await import("./store-reply");

/** Fast waits, so a test's retries take milliseconds. */
const QUICK = { firstWaitMs: 5, maxWaitMs: 20 };

let database: Awaited<ReturnType<typeof openTestDatabase>>;
/** A real failure to reach a database: a query to a port nobody listens on, as runQuery reports it. */
let unreachable: unknown;
/** A real refusal: a statement the database will not run. */
let refused: unknown;

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (caught: unknown) => caught,
  );
}

beforeAll(async () => {
  database = await openTestDatabase("pglite");
  const nobody = openDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/none` });
  unreachable = await failureOf(runQuery("probe", { database: nobody.database }, (db) => db.execute(sql`select 1`)));
  await nobody.close();
  refused = await failureOf(runQuery("probe", {}, (db) => db.execute(sql`select 1 / 0`)));
}, 60_000);

afterAll(async () => {
  await database.release();
});

/** A chat with a prompt, and the input of a reply to it. */
async function replyToStore() {
  const actor = await createTestActor("Store");
  const chat = await createChat({ userId: actor.userId, title: "Store", modelId: "replay:default" });
  const prompt = await appendMessage({ userId: actor.userId, chatId: chat.id, message: { role: "user", text: "Hello", kind: "prompt", silent: false } });
  const scope = { userId: actor.userId, chatId: chat.id, messageId: crypto.randomUUID() };
  const store = () =>
    storeReply({ ...scope, parentId: prompt!.id, model: "replay:default", status: "complete", error: null, text: "The whole reply.", blocks: [], tools: [], actionPanelId: null });
  const fallback = { note: "storing its text alone", store: () => storeMinimalReply({ ...scope, parentId: prompt!.id, model: "replay:default", text: "The whole reply.", error: "text alone" }) };
  return { scope, store, fallback };
}

async function rowsOf(messageId: string): Promise<number> {
  const [row] = await (await getDatabase()).select({ n: count() }).from(messages).where(and(eq(messages.id, messageId)));
  return row!.n;
}

/** `store`, failing with `failure` the first `times` calls. */
function failingFirst<Result>(times: number, failure: unknown, store: () => Promise<Result>) {
  let calls = 0;
  const wrapped = vi.fn(async () => {
    calls += 1;
    if (calls <= times) throw failure;
    return store();
  });
  return wrapped;
}

describe("the final store through an outage", () => {
  it("retries while the database is unreachable and stores the reply whole once it answers", async () => {
    const { scope, store, fallback } = await replyToStore();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const attempts = failingFirst(3, unreachable, store);
    const fallbackStore = vi.spyOn(fallback, "store");
    try {
      const outcome = await storeFinalReply({ scope, label: `reply ${scope.messageId}`, store: attempts, fallback, retry: { boundMs: 5_000, ...QUICK } });
      expect(outcome.unreachable).toBe(false);
      expect([outcome.stored?.message.status, outcome.stored?.message.text]).toEqual(["complete", "The whole reply."]);
      expect(attempts).toHaveBeenCalledTimes(4);
      expect(fallbackStore).not.toHaveBeenCalled();
      expect(await rowsOf(scope.messageId)).toBe(1);
      expect(logged.mock.calls.filter((call) => String(call[0]).includes("the database is unreachable; trying again"))).toHaveLength(3);
    } finally {
      logged.mockRestore();
    }
  });

  it("gives up past its bound and says the database was unreachable, without trying the fallback", async () => {
    const { scope, store, fallback } = await replyToStore();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const attempts = failingFirst(Number.POSITIVE_INFINITY, unreachable, store);
    const fallbackStore = vi.spyOn(fallback, "store");
    try {
      const started = performance.now();
      const outcome = await storeFinalReply({ scope, label: `reply ${scope.messageId}`, store: attempts, fallback, retry: { boundMs: 150, ...QUICK } });
      expect(outcome).toEqual({ stored: null, unreachable: true });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(attempts.mock.calls.length).toBeGreaterThan(2);
      expect(fallbackStore).not.toHaveBeenCalled();
      expect(await rowsOf(scope.messageId)).toBe(0);
    } finally {
      logged.mockRestore();
    }
  });

  it("falls back to the text alone, once, when the database refuses the reply", async () => {
    const { scope, store, fallback } = await replyToStore();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const attempts = failingFirst(1, refused, store);
    try {
      const outcome = await storeFinalReply({ scope, label: `reply ${scope.messageId}`, store: attempts, fallback, retry: { boundMs: 5_000, ...QUICK } });
      expect(attempts).toHaveBeenCalledTimes(1);
      expect([outcome.stored?.message.status, outcome.stored?.message.error]).toEqual(["error", "text alone"]);
      expect(await rowsOf(scope.messageId)).toBe(1);
    } finally {
      logged.mockRestore();
    }
  });

  it("reads back a reply already stored (an attempt whose answer was lost) instead of storing it twice", async () => {
    const { scope, store, fallback } = await replyToStore();
    const first = await store();
    const fallbackStore = vi.spyOn(fallback, "store");
    const outcome = await storeFinalReply({ scope, label: `reply ${scope.messageId}`, store, fallback, retry: { boundMs: 5_000, ...QUICK } });
    expect(outcome.stored?.message).toEqual(first?.message);
    expect(fallbackStore).not.toHaveBeenCalled();
    expect(await rowsOf(scope.messageId)).toBe(1);
  });
});
