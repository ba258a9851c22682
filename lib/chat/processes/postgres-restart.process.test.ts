/**
 * Postgres restarted while a reply streams, with real processes: two
 * `next start` instances on a PostgreSQL of this suite's own (an embedded one,
 * .ci/embedded-postgres.mjs — the machine's shared server is never
 * restarted), a model that waits on the test between the first and second
 * part of its reply (lib/chat/testing/fault-model-server.ts), and the
 * database stopped and started again under them.
 *
 * Short outages: the app reconnects — the reply's lease is renewed on the
 * restarted database, both instances hear each other on the bus again — and
 * a reply that finished while the database was down is stored whole once it
 * is back. A long outage, past the final store's retry bound: the reply ends
 * for its viewers at once, as not saved yet, and once the database is back it
 * is stored as interrupted with its whole text, announced, and its chat freed.
 * Never lost, never left spinning.
 */
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../../.ci/embedded-postgres.mjs";
import { sendBenchPrompt, type BenchSession } from "../bench/bench-client";
import type { BenchServer } from "../bench/bench-server";
import { storedAt } from "../bench/huge-reply-run";
import { REPLY_SAVE_DEFERRED_MESSAGE } from "../live/chat-hub";
import { startAppInstances, sessionOn, type AppInstances } from "../testing/app-instances";
import { channelTracker, rebuiltText } from "../testing/chat-channel";
import { FAULT_FIRST_TEXT, FAULT_SECOND_TEXT, startFaultModelServer, type FaultModelServer } from "../testing/fault-model-server";
import { REPLY_INTERRUPTED_MESSAGE } from "../turn/reply-checkpoint";

/** The hasty instance's final-store retry bound, in seconds: an outage of a few seconds outlasts it. */
const HASTY_STORE_RETRY_SECONDS = 2;

/**
 * Milliseconds a viewer on the other instance may wait for news that comes
 * over the bus while both instances listen: less than a mirror's expiry
 * (MIRROR_EXPIRY_MS, 30 s), which would otherwise end the reply for it
 * without the bus and hide a deaf one.
 */
const BUS_NEWS_MS = 20_000;

/**
 * Milliseconds a viewer on the other instance may wait for the end of a reply
 * that ended just as the database came back: over the bus, or — when its
 * instance had not listened again yet and missed it (postgres.js re-listens
 * after its reconnect backoff; bus-relisten.process.test.ts) — when its
 * mirror expires: MIRROR_EXPIRY_MS and a heartbeat (LIVE_REPLY_HEARTBEAT_MS), with room to spare.
 */
const END_AFTER_OUTAGE_MS = 60_000;

const WHOLE_TEXT = FAULT_FIRST_TEXT + FAULT_SECOND_TEXT;

let database: EmbeddedPostgres;
let fault: FaultModelServer;
let app: AppInstances;
/** Retries a final store for the default bound (30 s). */
let patient: BenchServer;
/** Gives up on a final store after HASTY_STORE_RETRY_SECONDS. */
let hasty: BenchServer;
let session: BenchSession;
/** Reads the chat's lease and checkpoint rows directly. */
let sql: postgres.Sql;

beforeAll(async () => {
  database = await startEmbeddedPostgres();
  fault = await startFaultModelServer();
  app = await startAppInstances({ count: 1, adminUrl: database.adminUrl, env: fault.env });
  patient = app.servers[0]!;
  hasty = await app.startServer({ REPLY_STORE_RETRY_SECONDS: String(HASTY_STORE_RETRY_SECONDS) });
  session = await app.signIn(patient);
  sql = postgres(app.database.url, { max: 1, onnotice: () => {} });
}, 180_000);

const channels = channelTracker();
const watchChat = channels.watch;

afterEach(channels.closeAll);

afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await app?.stop();
  await fault?.stop();
  await database?.stop();
});

/** Runs `during` with the database stopped, and starts it again on the same data afterwards, whatever happened. */
async function whileDatabaseDown<Result>(during: () => Promise<Result>): Promise<Result> {
  await database.stopServer();
  try {
    return await during();
  } finally {
    await database.startServer();
  }
}

/** Polls `check` until it holds; throws after `timeoutMs`. */
async function eventually(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The chat's lease as the database holds it. */
async function leaseOf(chatId: string): Promise<{ holder: string | null; until: Date | null }> {
  const [row] = await sql<{ holder: string | null; until: Date | null }[]>`select reply_lease_holder as holder, reply_lease_until as until from chats where id = ${chatId}`;
  return row!;
}

/** Resolves once `count` instances listen on the chat bus again (postgres.js re-listens on its own after a reconnect). */
async function untilListening(count: number): Promise<void> {
  await eventually(`${count} instances listening on the bus`, async () => {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`;
    return row!.n === count;
  });
}

async function checkpointCount(messageId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from reply_checkpoints where message_id = ${messageId}`;
  return row!.n;
}

/** A chat with one stored exchange, made on `server`. */
async function storedChat(server: BenchServer): Promise<string> {
  const on = sessionOn(session, server);
  const opened = await sendBenchPrompt({ session: on, prompt: "Hello", modelId: fault.modelId });
  await storedAt(on, opened.chat.id, opened.replyMessageId);
  return opened.chat.id;
}

describe("Postgres restarted while a reply streams", () => {
  it("reconnects — the lease renewed, the bus heard both ways — and stores a reply that finished during an outage whole once the database is back", async () => {
    fault.closeGate();
    const chatId = await storedChat(patient);
    const here = await watchChat(sessionOn(session, patient), chatId);
    const there = await watchChat(sessionOn(session, hasty), chatId);
    await Promise.all([here.event("snapshot"), there.event("snapshot")]);
    const { replyMessageId } = await sendBenchPrompt({ session: sessionOn(session, patient), chatId, prompt: "fault gate", modelId: fault.modelId });
    await here.event("text-delta", (event) => event.messageId === replyMessageId, 30_000);
    await there.event("text-delta", (event) => event.messageId === replyMessageId, BUS_NEWS_MS);
    const leased = await leaseOf(chatId);
    expect(leased.holder).toBe(replyMessageId);

    // A restart while the model is between words: the reply's lease is renewed on the restarted database.
    await whileDatabaseDown(async () => {});
    await eventually("the lease renewed after the restart", async () => {
      const lease = await leaseOf(chatId);
      return lease.holder === replyMessageId && lease.until !== null && lease.until > leased.until!;
    });

    // Another, while the model finishes: the final store waits for the database and stores the reply whole.
    await whileDatabaseDown(async () => {
      fault.openGate();
      await eventually("a store of the reply failing", () => patient.output().includes(`storing reply ${replyMessageId} failed`));
    });
    const end = await here.event("reply-end", (event) => event.message.id === replyMessageId, 60_000);
    expect([end.message.status, end.message.error, end.message.text]).toEqual(["complete", undefined, WHOLE_TEXT]);
    expect(rebuiltText(here.all(), replyMessageId)).toBe(WHOLE_TEXT);
    const endThere = await there.event("reply-end", (event) => event.message.id === replyMessageId, END_AFTER_OUTAGE_MS);
    expect(endThere.message).toEqual(end.message);
    expect(await leaseOf(chatId)).toEqual({ holder: null, until: null });
    expect(await checkpointCount(replyMessageId)).toBe(0);

    // Both instances listen again, and the chat takes the next prompt on the other one, followed live by this one's viewer.
    await untilListening(2);
    const next = await sendBenchPrompt({ session: sessionOn(session, hasty), chatId, prompt: "Hello again", modelId: fault.modelId });
    await here.event("reply-start", (event) => event.messageId === next.replyMessageId, BUS_NEWS_MS);
    const nextEnd = await here.event("reply-end", (event) => event.message.id === next.replyMessageId, BUS_NEWS_MS);
    expect([nextEnd.message.status, nextEnd.message.text]).toEqual(["complete", WHOLE_TEXT]);
  });

  it("past the store's retry bound: ends the reply at once as not saved yet, then stores it as interrupted with its whole text once the database is back, and frees the chat", async () => {
    fault.closeGate();
    const chatId = await storedChat(hasty);
    const here = await watchChat(sessionOn(session, hasty), chatId);
    const there = await watchChat(sessionOn(session, patient), chatId);
    await Promise.all([here.event("snapshot"), there.event("snapshot")]);
    const { replyMessageId } = await sendBenchPrompt({ session: sessionOn(session, hasty), chatId, prompt: "fault gate", modelId: fault.modelId });
    await here.event("text-delta", (event) => event.messageId === replyMessageId, 30_000);
    await there.event("text-delta", (event) => event.messageId === replyMessageId, BUS_NEWS_MS);

    // Not left spinning while the database is away: the end comes once the store's bound has passed.
    const ended = await whileDatabaseDown(async () => {
      fault.openGate();
      return here.event("reply-end", (event) => event.message.id === replyMessageId, 60_000);
    });
    expect([ended.message.status, ended.message.error, ended.message.text]).toEqual(["error", REPLY_SAVE_DEFERRED_MESSAGE, WHOLE_TEXT]);

    // Back: the reply is stored as interrupted, with all of its text, and both instances' viewers hear of it.
    const stored = await here.event("message", (event) => event.message.id === replyMessageId, 60_000);
    expect(stored.message).toMatchObject({ role: "assistant", status: "error", error: REPLY_INTERRUPTED_MESSAGE, text: WHOLE_TEXT });
    const endThere = await there.event("reply-end", (event) => event.message.id === replyMessageId, END_AFTER_OUTAGE_MS);
    expect(endThere.message).toEqual(stored.message);
    expect(await leaseOf(chatId)).toEqual({ holder: null, until: null });
    expect(await checkpointCount(replyMessageId)).toBe(0);

    // The chat is free on either instance: a prompt sent to the other one is answered, and followed here.
    await untilListening(2);
    const next = await sendBenchPrompt({ session: sessionOn(session, patient), chatId, prompt: "Hello again", modelId: fault.modelId });
    const nextEnd = await here.event("reply-end", (event) => event.message.id === next.replyMessageId, BUS_NEWS_MS);
    expect([nextEnd.message.status, nextEnd.message.text]).toEqual(["complete", WHOLE_TEXT]);
    const { snapshot } = await (await watchChat(sessionOn(session, hasty), chatId)).event("snapshot");
    expect(snapshot.messages.slice(-3).map((message) => (message.role === "assistant" ? `${message.id} ${message.status}` : "prompt"))).toEqual([
      `${replyMessageId} error`,
      "prompt",
      `${next.replyMessageId} complete`,
    ]);
  });
});
