/**
 * A viewer whose connection drops mid-reply, on one real `next start`
 * instance: reconnecting to the same instance gives a snapshot with the live
 * text and the stream from there to the stored end, with no gap and nothing
 * twice; a viewer that stays away until the reply has ended finds it stored
 * in its snapshot, and hears nothing more of it. The instance lets every
 * dropped viewer go (a probe in the server counts its hub's viewers) and
 * keeps serving.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REPLAY_MODEL_ID } from "@/lib/models/registry";
import { sendBenchPrompt, type BenchSession } from "../bench/bench-client";
import { storedAt } from "../bench/huge-reply-run";
import type { BenchServer } from "../bench/bench-server";
import { startAppInstances, type AppInstances } from "../testing/app-instances";
import { channelTracker, rebuiltText } from "../testing/chat-channel";
import { untilViewers, VIEWER_PROBE_ARGUMENTS } from "../testing/viewer-probe";

/** Viewers dropped at once mid-reply in the leak check: enough that a leak would show, few enough for a loaded machine. */
const DROPPED_VIEWERS = 20;

const channels = channelTracker();
const watchChat = channels.watch;

afterEach(channels.closeAll);

let app: AppInstances;
let server: BenchServer;
let session: BenchSession;

beforeAll(async () => {
  // The slow-reply recording pauses every 200 characters: at half its pace the reply streams for several seconds.
  app = await startAppInstances({ count: 1, env: { REPLAY_TIME_SCALE: "0.5" }, nodeArguments: VIEWER_PROBE_ARGUMENTS });
  server = app.servers[0]!;
  session = await app.signIn(server);
});

afterAll(async () => {
  await app?.stop();
});

/** A chat with one stored exchange. */
async function storedChat(): Promise<string> {
  const opened = await sendBenchPrompt({ session, prompt: "Show me a standup update", modelId: REPLAY_MODEL_ID });
  await storedAt(session, opened.chat.id, opened.replyMessageId);
  return opened.chat.id;
}

describe("a viewer that drops off mid-reply", () => {
  it("reconnects to the same instance and picks the stream up where it was: no gap, nothing twice, the stored end", async () => {
    const chatId = await storedChat();
    const before = await watchChat(session, chatId);
    await before.event("snapshot");
    const { replyMessageId } = await sendBenchPrompt({ session, chatId, prompt: "/replay slow-reply", modelId: REPLAY_MODEL_ID });
    await before.event("text-delta", (event) => event.messageId === replyMessageId, 30_000);
    const seen = rebuiltText(before.all(), replyMessageId);
    // The client goes away (its connection closes), as a tab losing its network does.
    before.channel.close();
    await untilViewers(server, chatId, 0);

    const after = await watchChat(session, chatId);
    const resumed = await after.event("snapshot");
    expect(resumed.snapshot.live?.messageId).toBe(replyMessageId);
    const liveText = resumed.snapshot.live!.text;
    expect(liveText.startsWith(seen)).toBe(true);
    const end = await after.event("reply-end", (event) => event.message.id === replyMessageId, 60_000);
    // Deltas after the snapshot join it exactly: a gap fails the check inside, a duplicate would make the text longer.
    expect(rebuiltText(after.all(), replyMessageId, liveText)).toBe(end.message.text);
    expect(end.message.status).toBe("complete");
    expect(after.all().filter((event) => event.type === "reply-end")).toHaveLength(1);
    await untilViewers(server, chatId, 1);
    after.channel.close();
    await untilViewers(server, chatId, 0);
  });

  it("stays away until the reply has ended, then finds it stored in its snapshot and hears nothing more of it", async () => {
    const chatId = await storedChat();
    const before = await watchChat(session, chatId);
    await before.event("snapshot");
    const { replyMessageId } = await sendBenchPrompt({ session, chatId, prompt: "/replay slow-reply", modelId: REPLAY_MODEL_ID });
    await before.event("text-delta", (event) => event.messageId === replyMessageId, 30_000);
    before.channel.close();
    const stored = await storedAt(session, chatId, replyMessageId);

    const after = await watchChat(session, chatId);
    const { snapshot } = await after.event("snapshot");
    expect(snapshot.live).toBeNull();
    expect(snapshot.messages.at(-1)).toMatchObject({ id: replyMessageId, role: "assistant", status: "complete", text: stored.text });
    // A later reply ends on this channel; by then anything of the earlier one would have arrived before it.
    const next = await sendBenchPrompt({ session, chatId, prompt: "Show me a standup update", modelId: REPLAY_MODEL_ID });
    await after.event("reply-end", (event) => event.message.id === next.replyMessageId, 60_000);
    const aboutEarlier = after.all().filter((event) => ("messageId" in event && event.messageId === replyMessageId) || (event.type === "reply-end" && event.message.id === replyMessageId));
    expect(aboutEarlier).toEqual([]);
    after.channel.close();
  });

  it(`lets ${DROPPED_VIEWERS} viewers dropped mid-reply go, and the reply still ends for the one that stayed`, async () => {
    const chatId = await storedChat();
    const staying = await watchChat(session, chatId);
    await staying.event("snapshot");
    const leaving = await Promise.all(Array.from({ length: DROPPED_VIEWERS }, () => watchChat(session, chatId)));
    await Promise.all(leaving.map((viewer) => viewer.event("snapshot")));
    await untilViewers(server, chatId, DROPPED_VIEWERS + 1);
    const { replyMessageId } = await sendBenchPrompt({ session, chatId, prompt: "/replay slow-reply", modelId: REPLAY_MODEL_ID });
    await Promise.all(leaving.map((viewer) => viewer.event("text-delta", (event) => event.messageId === replyMessageId, 30_000)));
    for (const viewer of leaving) viewer.channel.close();
    // Let go while the reply still streams: the hub holds the one viewer left.
    await untilViewers(server, chatId, 1);
    const end = await staying.event("reply-end", (event) => event.message.id === replyMessageId, 60_000);
    expect(end.message.status).toBe("complete");
    expect(rebuiltText(staying.all(), replyMessageId)).toBe(end.message.text);
    staying.channel.close();
    await untilViewers(server, chatId, 0);
    // The instance keeps serving: a new chat's reply is stored.
    await storedChat();
  });
});
