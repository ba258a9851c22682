/**
 * The same button press or choice pick submitted twice — from two tabs on two
 * instances at the same moment, pressed again while its reply streams, or
 * retried once the reply has ended — is applied once: one turn stored, one
 * reply, the panel one revision further; every other submission gets a clean
 * refusal (a conflict), never a 500.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPLAY_MODEL_ID } from "@/lib/models/registry";
import { callAction, fetchBenchSnapshot, sendBenchPrompt, type ActionCall, type BenchSession } from "../bench/bench-client";
import { storedAt } from "../bench/huge-reply-run";
import { startAppInstances, sessionOn, type AppInstances } from "../testing/app-instances";

/** Chats each race runs in: every round is a fresh panel, pressed on both instances at once. */
const ROUNDS = 8;

/** Opens `ROUNDS` chats with `prompt`, alternating instances, all at once; resolves once every reply is stored. */
async function openRounds(prompt: string): Promise<{ chatId: string; replyMessageId: string }[]> {
  return Promise.all(
    Array.from({ length: ROUNDS }, async (_, round) => {
      const opened = await sendBenchPrompt({ session: sessionOn(session, app.servers[round % 2]!), prompt, modelId: REPLAY_MODEL_ID });
      await storedAt(session, opened.chat.id, opened.replyMessageId);
      return { chatId: opened.chat.id, replyMessageId: opened.replyMessageId };
    }),
  );
}

/** Milliseconds between looks for a stored reply. */
const STORED_POLL_MS = 20;

/** Longest a round's reply may take to be stored. */
const REPLY_STORED_TIMEOUT_MS = 60_000;

/** The refusals a second submission may get: the chat is busy with the first one's reply, or the button is spent / the panel has moved on. */
const CLEAN_REFUSALS = ["conflict:chat", "conflict:panel"];

let app: AppInstances;
let session: BenchSession;
let sql: postgres.Sql;
/** Submissions made, for the closing line: the simultaneous pairs and the repeats while a reply streamed. */
const submissions = { pairs: 0, during: 0 };

beforeAll(async () => {
  app = await startAppInstances({ count: 2, env: { REPLAY_TIME_SCALE: "0.5" } });
  session = await app.signIn(app.servers[0]!);
  sql = postgres(app.database.url, { max: 2, onnotice: () => {} });
});

afterAll(async () => {
  console.info(`double submit: ${submissions.pairs} simultaneous pairs, ${submissions.during} repeats while a reply streamed, each refused`);
  await sql?.end({ timeout: 1 });
  await app?.stop();
});

/** The turns and replies stored in a chat, by role and kind. */
async function storedRows(chatId: string): Promise<{ role: string; kind: string; silent: boolean; id: string }[]> {
  return sql<{ role: string; kind: string; silent: boolean; id: string }[]>`
    select id, role, kind, silent from messages where chat_id = ${chatId} order by sequence`;
}

async function panelRow(chatId: string, panelId: string): Promise<{ revision: number; message_id: string } | undefined> {
  const [row] = await sql<{ revision: number; message_id: string }[]>`select revision, message_id from panels where chat_id = ${chatId} and panel_id = ${panelId}`;
  return row;
}

/** Waits until the message is stored (the reply has ended). */
async function waitStored(messageId: string): Promise<void> {
  const deadline = Date.now() + REPLY_STORED_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const [row] = await sql`select 1 from messages where id = ${messageId}`;
    if (row) return;
    await new Promise((resolve) => setTimeout(resolve, STORED_POLL_MS));
  }
  throw new Error(`reply ${messageId} was not stored within ${REPLY_STORED_TIMEOUT_MS} ms`);
}

/** Asserts a call was refused cleanly: HTTP 200 and a conflict, with words to show. */
function expectCleanRefusal(call: ActionCall): void {
  expect(call.status, call.body.slice(0, 300)).toBe(200);
  expect(call.result?.ok, call.body.slice(0, 300)).toBe(false);
  if (call.result?.ok !== false) return;
  expect(CLEAN_REFUSALS).toContain(call.result.error.code);
  expect(call.result.error.message.length).toBeGreaterThan(0);
}

/**
 * Submits `input` on both instances at once, then again and again on both
 * while the winner's reply streams, then once more on each after it ended;
 * returns the winner's reply id. Exactly one submission is accepted.
 */
async function raceSubmissions(actionId: string, input: unknown): Promise<string> {
  const [first, second] = app.servers;
  const onFirst = sessionOn(session, first!);
  const onSecond = sessionOn(session, second!);
  submissions.pairs += 1;
  const together = await Promise.all([callAction(onFirst, actionId, input), callAction(onSecond, actionId, input)]);
  for (const call of together) expect(call.status, call.body.slice(0, 300)).toBe(200);
  const accepted = together.filter((call) => call.result?.ok === true);
  expect(accepted).toHaveLength(1);
  for (const call of together) if (call !== accepted[0]) expectCleanRefusal(call);
  const winner = accepted[0]!.result;
  if (winner?.ok !== true) throw new Error("no submission was accepted");
  const replyMessageId = String(winner.replyMessageId);

  // Sent again on both instances, each as soon as its last answer came, up to the moment the reply is stored.
  let stored = false;
  const storing = waitStored(replyMessageId).then(() => {
    stored = true;
  });
  const repeatOn = async (on: BenchSession): Promise<ActionCall[]> => {
    const calls: ActionCall[] = [];
    while (!stored) calls.push(await callAction(on, actionId, input));
    return calls;
  };
  const [repeats] = await Promise.all([Promise.all([repeatOn(onFirst), repeatOn(onSecond)]).then((calls) => calls.flat()), storing]);
  // Each instance was sent the repeat at least once before the reply was stored (else this would test only the retry).
  expect(repeats.length).toBeGreaterThanOrEqual(2);
  submissions.during += repeats.length;
  // A retry once the reply has ended: on both instances, together.
  repeats.push(...(await Promise.all([callAction(onFirst, actionId, input), callAction(onSecond, actionId, input)])));
  for (const call of repeats) expectCleanRefusal(call);
  return replyMessageId;
}

describe("a submission made twice is applied once", () => {
  it("presses a GenUI panel's button on both instances at once, again while its reply streams and after: one silent turn, one reply, one revision", async () => {
    for (const opened of await openRounds("Show me the sales dashboard")) {
      const press = { chatId: opened.chatId, messageId: opened.replyMessageId, fenceIndex: 0, button: "items[9]", fields: { range: "7d" }, modelId: REPLAY_MODEL_ID, revision: 1 };
      const replyMessageId = await raceSubmissions(app.actionIds.sendPanelAction, press);

      const rows = await storedRows(opened.chatId);
      expect(rows.map((row) => [row.role, row.kind, row.silent])).toEqual([
        ["user", "prompt", false],
        ["assistant", "prompt", false],
        ["user", "action", true],
        ["assistant", "prompt", true],
      ]);
      expect(rows[3]!.id).toBe(replyMessageId);
      expect(await panelRow(opened.chatId, "sales")).toEqual({ revision: 2, message_id: replyMessageId });
      const snapshot = await fetchBenchSnapshot(session, opened.chatId);
      expect(snapshot.panels.find((panel) => panel.panelId === "sales")).toMatchObject({ revision: 2, messageId: replyMessageId });
    }
  });

  it("picks a ```ui choice on both instances at once, again while its reply streams and after: one visible turn, one reply", async () => {
    for (const opened of await openRounds("Show me the build status")) {
      const pick = { chatId: opened.chatId, messageId: opened.replyMessageId, blockId: "build", choiceId: "rerun", values: { failedOnly: true }, modelId: REPLAY_MODEL_ID };
      const replyMessageId = await raceSubmissions(app.actionIds.sendChoice, pick);

      const rows = await storedRows(opened.chatId);
      expect(rows.map((row) => [row.role, row.kind, row.silent])).toEqual([
        ["user", "prompt", false],
        ["assistant", "prompt", false],
        ["user", "choice", false],
        ["assistant", "prompt", false],
      ]);
      expect(rows[3]!.id).toBe(replyMessageId);
      // The reply holds no panel of that id: the block stays the panel's current revision.
      expect(await panelRow(opened.chatId, "build")).toEqual({ revision: 1, message_id: opened.replyMessageId });
      const snapshot = await fetchBenchSnapshot(session, opened.chatId);
      expect(snapshot.messages.filter((message) => message.role === "user" && message.kind === "choice")).toHaveLength(1);
    }
  });
});
