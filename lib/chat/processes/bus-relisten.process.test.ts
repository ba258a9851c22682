/**
 * An instance whose LISTEN connection drops — a Postgres restart drops every
 * one — hears nothing until it has reconnected and listened again, and what
 * other instances publish meanwhile is lost to it. It must catch up from the
 * database once it listens again (lib/chat/bus/postgres-chat-bus.ts,
 * `ChatHub.catchUp`): before it did, a reply that ended in that gap did not
 * end for the instance's viewers until its mirror expired (MIRROR_EXPIRY_MS,
 * 30 s after the last signal heard), and the instance refused the chat's next
 * prompt until then.
 *
 * The gap is made exact rather than left to the backoff's dice: the listening
 * instance connects as a role of its own, which is cut off and refused
 * (NOLOGIN) while the reply ends on the other instance, then let in again.
 * Everything runs on an embedded PostgreSQL of this suite's own.
 */
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../../.ci/embedded-postgres.mjs";
import { sendBenchPrompt, type BenchSession } from "../bench/bench-client";
import type { BenchServer } from "../bench/bench-server";
import { storedAt } from "../bench/huge-reply-run";
import { startAppInstances, sessionOn, type AppInstances } from "../testing/app-instances";
import { channelTracker } from "../testing/chat-channel";
import { startFaultModelServer, type FaultModelServer } from "../testing/fault-model-server";

/** The role the listening instance connects as, so it alone can be cut off. */
const DEAF_ROLE = "octo_listener";

/** Milliseconds a viewer may wait for news over the bus while both instances listen. */
const BUS_NEWS_MS = 20_000;

/** Milliseconds postgres.js may take to listen again once the instance is let in (its backoff is still short after a gap of a second). */
const RELISTEN_MS = 15_000;

/**
 * Milliseconds the viewer may wait for the reply's end once its instance
 * listens again: time to catch up, and short enough that the mirror's expiry
 * (30 s after the last signal heard, just before the gap) cannot end the
 * reply in its place and hide the loss.
 */
const CATCH_UP_MS = 5_000;

const channels = channelTracker();
afterEach(channels.closeAll);

let database: EmbeddedPostgres;
let fault: FaultModelServer;
let app: AppInstances;
let origin: BenchServer;
let listener: BenchServer;
let session: BenchSession;
let sql: postgres.Sql;

beforeAll(async () => {
  database = await startEmbeddedPostgres();
  fault = await startFaultModelServer();
  app = await startAppInstances({ count: 1, adminUrl: database.adminUrl, env: fault.env });
  origin = app.servers[0]!;
  sql = postgres(app.database.url, { max: 1, onnotice: () => {} });
  await sql.unsafe(`create role ${DEAF_ROLE} login superuser`);
  const url = new URL(app.database.url);
  url.username = DEAF_ROLE;
  listener = await app.startServer({ DATABASE_URL: url.toString() });
  session = await app.signIn(origin);
}, 180_000);

afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await app?.stop();
  await fault?.stop();
  await database?.stop();
});

/** Instances listening on the chat bus now, as `role` or any. */
async function listening(role?: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and query ilike 'listen %' and (${role ?? null}::text is null or usename = ${role ?? null})`;
  return row!.n;
}

describe("the chat bus after its connection drops", () => {
  it("brings a reply that ended while an instance could not listen to that instance's viewers once it listens again", async () => {
    fault.closeGate();
    const opened = await sendBenchPrompt({ session, prompt: "Hello", modelId: fault.modelId });
    await storedAt(session, opened.chat.id, opened.replyMessageId);
    const viewer = await channels.watch(sessionOn(session, listener), opened.chat.id);
    await viewer.event("snapshot");
    const { replyMessageId } = await sendBenchPrompt({ session, chatId: opened.chat.id, prompt: "fault gate", modelId: fault.modelId });
    await viewer.event("text-delta", (event) => event.messageId === replyMessageId, BUS_NEWS_MS);

    // The listening instance loses its connections and cannot get new ones, as while a restarted Postgres is away from it.
    await sql.unsafe(`alter role ${DEAF_ROLE} nologin`);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where usename = ${DEAF_ROLE}`;
    expect(await listening(DEAF_ROLE)).toBe(0);
    fault.openGate();
    await storedAt(session, opened.chat.id, replyMessageId);
    await sql.unsafe(`alter role ${DEAF_ROLE} login`);

    const deadline = Date.now() + RELISTEN_MS;
    while ((await listening(DEAF_ROLE)) === 0) {
      if (Date.now() > deadline) throw new Error(`the instance did not listen again within ${RELISTEN_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const end = await viewer.event("reply-end", (event) => event.message.id === replyMessageId, CATCH_UP_MS);
    expect(end.message.status).toBe("complete");
  });
});
