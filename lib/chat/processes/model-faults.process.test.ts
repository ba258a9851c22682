/**
 * A model that fails mid-reply, reached through the app's real provider path:
 * two `next start` instances on one Postgres talk to an OpenAI-compatible
 * server (lib/chat/testing/fault-model-server.ts) that sends the first part
 * of a reply and then breaks the connection, reports an error in the stream,
 * or stalls without closing. Each time the reply is stored with the text that
 * arrived, marked as an error saying why, viewers on both instances get its
 * end (nothing left spinning), and the chat takes the next prompt.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fetchBenchSnapshot, sendBenchPrompt, type BenchSession } from "../bench/bench-client";
import { storedAt } from "../bench/huge-reply-run";
import { startAppInstances, sessionOn, type AppInstances } from "../testing/app-instances";
import { channelTracker, rebuiltText, type ChatChannel } from "../testing/chat-channel";
import { FAULT_FIRST_TEXT, FAULT_SECOND_TEXT, startFaultModelServer, type FaultModelServer } from "../testing/fault-model-server";
import { REPLY_ERROR_MESSAGE, REPLY_MODEL_IDLE_MESSAGE } from "../turn/generate-reply";

/** The idle timeout the servers run with: long enough that a loaded machine never trips it by accident, short enough for a test. */
const IDLE_TIMEOUT_SECONDS = 3;

let fault: FaultModelServer;
let app: AppInstances;
let session: BenchSession;

beforeAll(async () => {
  fault = await startFaultModelServer();
  app = await startAppInstances({ count: 2, env: { ...fault.env, MODEL_IDLE_TIMEOUT_SECONDS: String(IDLE_TIMEOUT_SECONDS) } });
  session = await app.signIn(app.servers[0]!);
});

const channels = channelTracker();
const watchChat = channels.watch;

afterEach(channels.closeAll);

afterAll(async () => {
  await app?.stop();
  await fault?.stop();
});

/** A chat with one finished exchange, watched on both instances. */
async function watchedChat(): Promise<{ chatId: string; viewers: ChatChannel[] }> {
  const opened = await sendBenchPrompt({ session, prompt: "Hello", modelId: fault.modelId });
  await storedAt(session, opened.chat.id, opened.replyMessageId);
  const viewers = await Promise.all(app.servers.map((server) => watchChat(sessionOn(session, server), opened.chat.id)));
  for (const viewer of viewers) await viewer.event("snapshot");
  return { chatId: opened.chat.id, viewers };
}

/** Sends the next prompt and checks it is answered in full: the chat is free again. */
async function answersNext(chatId: string, viewers: readonly ChatChannel[]): Promise<void> {
  const next = await sendBenchPrompt({ session: sessionOn(session, app.servers[1]!), chatId, prompt: "Hello again", modelId: fault.modelId });
  for (const viewer of viewers) {
    const end = await viewer.event("reply-end", (event) => event.message.id === next.replyMessageId, 60_000);
    expect([end.message.status, end.message.text]).toEqual(["complete", FAULT_FIRST_TEXT + FAULT_SECOND_TEXT]);
  }
}

describe("a model that fails mid-reply", () => {
  it.each([
    ["breaks its connection", "fault drop"],
    ["reports an error in its stream", "fault error"],
  ])("that %s: the text that arrived is stored as an error, every viewer gets its end, and the chat goes on", async (_what, prompt) => {
    const { chatId, viewers } = await watchedChat();
    const { replyMessageId } = await sendBenchPrompt({ session, chatId, prompt, modelId: fault.modelId });
    for (const viewer of viewers) {
      const end = await viewer.event("reply-end", (event) => event.message.id === replyMessageId, 60_000);
      expect([end.message.status, end.message.error, end.message.text]).toEqual(["error", REPLY_ERROR_MESSAGE, FAULT_FIRST_TEXT]);
      expect(rebuiltText(viewer.all(), replyMessageId)).toBe(FAULT_FIRST_TEXT);
    }
    const snapshot = await fetchBenchSnapshot(session, chatId);
    expect(snapshot.live).toBeNull();
    expect(snapshot.messages.at(-1)).toMatchObject({ id: replyMessageId, status: "error", error: REPLY_ERROR_MESSAGE, text: FAULT_FIRST_TEXT });
    await answersNext(chatId, viewers);
  });

  it("that stalls without closing: cut after the idle timeout, its request abandoned, the text kept, and the chat goes on", async () => {
    const { chatId, viewers } = await watchedChat();
    const abandonedBefore = fault.abandonedCount();
    const { replyMessageId } = await sendBenchPrompt({ session, chatId, prompt: "fault stall", modelId: fault.modelId });
    const firstText = await viewers[0]!.event("text-delta", (event) => event.messageId === replyMessageId, 30_000);
    const quietSince = performance.now();
    for (const viewer of viewers) {
      const end = await viewer.event("reply-end", (event) => event.message.id === replyMessageId, 60_000);
      expect([end.message.status, end.message.error, end.message.text]).toEqual(["error", REPLY_MODEL_IDLE_MESSAGE, FAULT_FIRST_TEXT]);
    }
    // Cut by the idle timeout, not sooner (the first words arrived just before the silence began).
    expect(performance.now() - quietSince).toBeGreaterThan(IDLE_TIMEOUT_SECONDS * 1000 - 500);
    expect(firstText.delta.length).toBeGreaterThan(0);
    // The app hung up on the stalled stream: nothing is left holding a connection to the provider.
    await fault.abandoned(abandonedBefore + 1);
    expect((await fetchBenchSnapshot(session, chatId)).messages.at(-1)).toMatchObject({ id: replyMessageId, status: "error", error: REPLY_MODEL_IDLE_MESSAGE });
    await answersNext(chatId, viewers);
  });
});
