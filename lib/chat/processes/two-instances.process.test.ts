/**
 * Two real `next start` processes on one Postgres, as two instances behind a
 * load balancer: whatever a person does on one reaches their viewers on the
 * other — a reply's text and previews while it streams, a panel updated in
 * place, a new chat in the list — and a viewer that reconnects to the other
 * instance mid-reply picks the stream up where it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPLAY_MODEL_ID } from "@/lib/models/registry";
import { callBenchAction, sendBenchPrompt, type BenchSession } from "../bench/bench-client";
import { storedAt } from "../bench/huge-reply-run";
import { startAppInstances, sessionOn, type AppInstances } from "../testing/app-instances";
import { rebuiltText, watchChat as watch } from "../testing/chat-channel";
import { openEventChannel } from "../testing/event-channel";
import type { ChatEvent } from "../wire";

let app: AppInstances;
let session: BenchSession;

beforeAll(async () => {
  app = await startAppInstances({ count: 2, env: { REPLAY_TIME_SCALE: "0.5" } });
  session = await app.signIn(app.servers[0]!);
});

afterAll(async () => {
  await app?.stop();
});

describe("two instances on one database", () => {
  it("streams a reply generated on one to a viewer of the other: text, previews and the stored end", async () => {
    const [first, second] = app.servers;
    const opened = await sendBenchPrompt({ session, prompt: "Show me the build status", modelId: REPLAY_MODEL_ID });
    await storedAt(session, opened.chat.id, opened.replyMessageId);
    const viewer = await watch(sessionOn(session, second!), opened.chat.id);
    await viewer.event("snapshot");

    const { replyMessageId } = await sendBenchPrompt({ session: sessionOn(session, first!), chatId: opened.chat.id, prompt: "Show me the sales dashboard", modelId: REPLAY_MODEL_ID });
    const end = await viewer.event("reply-end", (event) => event.message.id === replyMessageId);
    const events = viewer.all();
    expect(events.some((event) => event.type === "reply-start" && event.messageId === replyMessageId)).toBe(true);
    const previews = events.filter((event): event is Extract<ChatEvent, { type: "preview" }> => event.type === "preview" && event.messageId === replyMessageId);
    // The other instance compiles previews of its own from the mirrored text, while the reply streams.
    expect(previews.length).toBeGreaterThan(1);
    expect(previews.at(-1)!.textLength).toBeLessThanOrEqual(end.message.text.length);
    expect(rebuiltText(events, replyMessageId)).toBe(end.message.text);
    expect(end.message.status).toBe("complete");
    expect(end.message.genui?.[0]?.panelId).toBe("sales");
    viewer.channel.close();
  });

  it("replaces a panel in place for a viewer of the other instance when a button is pressed on this one", async () => {
    const [first, second] = app.servers;
    const opened = await sendBenchPrompt({ session, prompt: "Show me the sales dashboard", modelId: REPLAY_MODEL_ID });
    await storedAt(session, opened.chat.id, opened.replyMessageId);
    const viewer = await watch(sessionOn(session, second!), opened.chat.id);
    const snapshot = await viewer.event("snapshot");
    expect(snapshot.snapshot.panels.find((panel) => panel.panelId === "sales")?.revision).toBe(1);

    const pressed = await callBenchAction(sessionOn(session, first!), app.actionIds.sendPanelAction, {
      chatId: opened.chat.id,
      messageId: opened.replyMessageId,
      fenceIndex: 0,
      button: "items[9]",
      fields: { range: "7d" },
      modelId: REPLAY_MODEL_ID,
      revision: 1,
    });
    const end = await viewer.event("reply-end", (event) => event.message.id === pressed.replyMessageId);
    // A silent update: the reply is the panel's next revision, not a message in the conversation.
    expect(end.message.silent).toBe(true);
    expect(end.panels.find((panel) => panel.panelId === "sales")).toMatchObject({ revision: 2, messageId: pressed.replyMessageId });
    viewer.channel.close();
  });

  it("shows a chat created on one instance in the person's list on the other", async () => {
    const [first, second] = app.servers;
    const list = await openEventChannel({ url: `${second!.baseUrl}/api/chats/events`, cookie: session.cookie });
    const listed = (data: unknown, chatId: string) =>
      typeof data === "object" && data !== null && "chats" in data && Array.isArray(data.chats) && data.chats.some((chat: { id?: unknown }) => chat.id === chatId);
    await list.waitFor((data) => typeof data === "object" && data !== null && "chats" in data);
    const opened = await sendBenchPrompt({ session: sessionOn(session, first!), prompt: "Show me a standup update", modelId: REPLAY_MODEL_ID });
    await list.waitFor((data) => listed(data, opened.chat.id), 15_000);
    list.close();
  });

  it("lets a viewer cut off mid-reply reconnect to the other instance and pick the stream up where it was", async () => {
    const [first, second] = app.servers;
    const opened = await sendBenchPrompt({ session, prompt: "Show me the build status", modelId: REPLAY_MODEL_ID });
    await storedAt(session, opened.chat.id, opened.replyMessageId);
    const before = await watch(sessionOn(session, first!), opened.chat.id);
    await before.event("snapshot");
    const { replyMessageId } = await sendBenchPrompt({ session: sessionOn(session, first!), chatId: opened.chat.id, prompt: "/replay slow-reply", modelId: REPLAY_MODEL_ID });
    // Some text has arrived on the first instance's channel: the viewer drops off there.
    await before.event("text-delta", (event) => event.messageId === replyMessageId, 30_000);
    const seen = rebuiltText(before.all(), replyMessageId);
    before.channel.close();

    const after = await watch(sessionOn(session, second!), opened.chat.id);
    const resumed = await after.event("snapshot");
    // The other instance mirrors the reply: its snapshot carries the live text, at least what the viewer had.
    expect(resumed.snapshot.live?.messageId).toBe(replyMessageId);
    const liveText = resumed.snapshot.live!.text;
    expect(liveText.startsWith(seen)).toBe(true);
    const end = await after.event("reply-end", (event) => event.message.id === replyMessageId, 60_000);
    expect(rebuiltText(after.all(), replyMessageId, liveText)).toBe(end.message.text);
    expect(end.message.status).toBe("complete");
    after.channel.close();
  });
});
