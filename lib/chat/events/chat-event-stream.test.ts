/**
 * The live channel as bytes: `retry:` and the snapshot first, heartbeats
 * while nothing happens, events as `data:` lines, and a client that falls
 * too far behind is cut off (it reconnects to a fresh snapshot).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/policy";
import { MemoryChatBus } from "../bus/memory-chat-bus";
import { createTestActor, createTestChatCore, followChat, isEvent, openTestDatabase, type TestChatCore, type TestDatabaseHandle } from "../testing/chat-test-setup";
import { ChatEventSchema, type ChatEvent, type ChatSnapshot } from "../wire";
import { openChatEventStream, sseFrame, SSE_RETRY_MS } from "./chat-event-stream";

vi.mock("server-only", () => ({}));

let database: TestDatabaseHandle;
let harness: TestChatCore;
let owner: Actor;

beforeAll(async () => {
  database = await openTestDatabase("pglite");
  harness = createTestChatCore({ bus: new MemoryChatBus() });
  owner = await createTestActor();
}, 60_000);

afterAll(async () => {
  await harness?.core.close();
  await database?.release();
});

async function readText(reader: ReadableStreamDefaultReader<Uint8Array>, until: (text: string) => boolean): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

/** The events of an SSE text, in order. */
function eventsOf(text: string): ChatEvent[] {
  return text
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: "))
    .map((frame) => ChatEventSchema.parse(JSON.parse(frame.slice(6))));
}

/** Collects a stream's text in the background. */
function collect(stream: ReadableStream<Uint8Array>): { text: () => string; cancel: () => Promise<void> } {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
    }
  })();
  return { text: () => text, cancel: () => reader.cancel() };
}

/** The text each non-delta event of a live reply follows, as `[type, text so far]`. */
function textBeforeEachEvent(events: readonly ChatEvent[], messageId: string): [string, number][] {
  let text = "";
  const marks: [string, number][] = [];
  for (const event of events) {
    if (event.type === "text-delta" && event.messageId === messageId) {
      expect(event.start).toBe(text.length);
      text += event.delta;
    } else if (event.type !== "snapshot") {
      marks.push([event.type, text.length]);
    }
  }
  return marks;
}

const EMPTY_SNAPSHOT: ChatSnapshot = {
  chat: { id: "c1", title: "t", modelId: "replay:default", createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" },
  messages: [],
  panels: [],
  live: null,
};

/** A stand-in for the core: a viewer that the test feeds by hand. */
function handFedCore(): { core: { watchChat: (actor: Actor, chatId: string, viewer: (event: ChatEvent) => void) => Promise<() => void> }; feed: (event: ChatEvent) => void } {
  let viewer: (event: ChatEvent) => void = () => {};
  return {
    core: {
      watchChat: async (_actor, _chatId, next) => {
        viewer = next;
        next({ type: "snapshot", snapshot: EMPTY_SNAPSHOT });
        return () => {};
      },
    },
    feed: (event) => viewer(event),
  };
}

describe("openChatEventStream", () => {
  it("sends retry and the snapshot first, then heartbeats, and stops following on cancel", async () => {
    const { core } = harness;
    const chat = await core.createChat(owner, { title: "Quiet" });
    const stream = await openChatEventStream({ core, actor: owner, chatId: chat.id, heartbeatMs: 20 });
    const reader = stream.getReader();
    const text = await readText(reader, (sofar) => sofar.includes(": heartbeat"));
    const frames = text.split("\n\n");
    expect(frames[0]).toBe(`retry: ${SSE_RETRY_MS}`);
    expect(frames[1]?.startsWith("data: ")).toBe(true);
    const snapshot = ChatEventSchema.parse(JSON.parse((frames[1] as string).slice(6)));
    expect(snapshot.type === "snapshot" && snapshot.snapshot.chat.title).toBe("Quiet");
    expect(text).toContain(": heartbeat\n\n");
    expect(core.hub.viewerCount(chat.id)).toBe(1);
    await reader.cancel();
    expect(core.hub.viewerCount(chat.id)).toBe(0);
  });

  it("refuses another user's chat before sending anything", async () => {
    const { core } = harness;
    const chat = await core.createChat(owner, {});
    const stranger = await createTestActor("Stranger");
    await expect(openChatEventStream({ core, actor: stranger, chatId: chat.id })).rejects.toMatchObject({ code: "not_found:chat" });
    expect(core.hub.viewerCount(chat.id)).toBe(0);
  });

  it("cuts off a client that falls too far behind", async () => {
    const { core, replay, modelId } = harness;
    replay.session.reset();
    replay.session.expect("build-status");
    const chat = await core.createChat(owner, {});
    const stream = await openChatEventStream({ core, actor: owner, chatId: chat.id, maxBacklogBytes: 2_000 });
    await core.sendMessage(owner, { chatId: chat.id, prompt: "Show me the build status", modelId });
    await core.idle();
    expect(core.hub.viewerCount(chat.id)).toBe(0);
    // What was queued before the cut is still readable, then the stream ends.
    const text = await readText(stream.getReader(), () => false);
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain('"type":"reply-end"');
    replay.session.assertConsumed();
  });

  it("joins a reply's text deltas into few frames, and sends every other event after the same text as the core did", async () => {
    const { core, replay, modelId } = harness;
    replay.session.reset();
    replay.session.expect("build-status");
    const chat = await core.createChat(owner, {});
    const raw = await followChat(core, owner, chat.id);
    const channel = collect(await openChatEventStream({ core, actor: owner, chatId: chat.id }));
    const sent = await core.sendMessage(owner, { chatId: chat.id, prompt: "Show me the build status", modelId });
    await raw.next(isEvent("reply-end", sent.replyMessageId));
    await vi.waitFor(() => expect(channel.text()).toContain('"type":"reply-end"'));
    const events = eventsOf(channel.text());
    const deltas = (list: readonly ChatEvent[]) => list.filter((event) => event.type === "text-delta");
    expect(deltas(events).length).toBeGreaterThan(0);
    expect(deltas(events).length).toBeLessThan(deltas(raw.events).length);
    expect(textBeforeEachEvent(events, sent.replyMessageId)).toEqual(textBeforeEachEvent(raw.events, sent.replyMessageId));
    await channel.cancel();
    raw.stop();
    replay.session.assertConsumed();
  });

  it("sends held text once the flush interval passes with nothing else to carry it", async () => {
    const { core, feed } = handFedCore();
    const channel = collect(await openChatEventStream({ core, actor: owner, chatId: "c1", textFlushMs: 40 }));
    await vi.waitFor(() => expect(eventsOf(channel.text())).toHaveLength(1));
    feed({ type: "text-delta", messageId: "m1", start: 0, delta: "Hello" });
    feed({ type: "text-delta", messageId: "m1", start: 5, delta: ", world" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(eventsOf(channel.text())).toHaveLength(1);
    await vi.waitFor(() => expect(eventsOf(channel.text()).slice(1)).toEqual([{ type: "text-delta", messageId: "m1", start: 0, delta: "Hello, world" }]));
    await channel.cancel();
  });

  it("never joins deltas that do not continue each other", async () => {
    const { core, feed } = handFedCore();
    const channel = collect(await openChatEventStream({ core, actor: owner, chatId: "c1", textFlushMs: 10_000 }));
    feed({ type: "text-delta", messageId: "m1", start: 0, delta: "ab" });
    feed({ type: "text-delta", messageId: "m1", start: 1, delta: "bc" });
    feed({ type: "text-delta", messageId: "m2", start: 0, delta: "x" });
    feed({ type: "chat", chat: EMPTY_SNAPSHOT.chat });
    await vi.waitFor(() => expect(eventsOf(channel.text()).map((event) => event.type)).toEqual(["snapshot", "text-delta", "text-delta", "text-delta", "chat"]));
    expect(eventsOf(channel.text()).slice(1, 4)).toEqual([
      { type: "text-delta", messageId: "m1", start: 0, delta: "ab" },
      { type: "text-delta", messageId: "m1", start: 1, delta: "bc" },
      { type: "text-delta", messageId: "m2", start: 0, delta: "x" },
    ]);
    await channel.cancel();
  });

  it("serializes an event once, however many viewers it goes to", () => {
    const event: ChatEvent = { type: "preview", messageId: "m1", ui: [], textLength: 3 };
    expect(sseFrame(event)).toBe(sseFrame(event));
    expect(new TextDecoder().decode(sseFrame(event))).toBe(`data: ${JSON.stringify(event)}\n\n`);
  });

  it("hands two viewers of a reply the same serialized frame of each event but text", async () => {
    const { core, replay, modelId } = harness;
    replay.session.reset();
    replay.session.expect("build-status");
    const chat = await core.createChat(owner, {});
    const readers = await Promise.all([0, 1].map(async () => (await openChatEventStream({ core, actor: owner, chatId: chat.id })).getReader()));
    const sent = await core.sendMessage(owner, { chatId: chat.id, prompt: "Show me the build status", modelId });
    const decoder = new TextDecoder();
    /** The frames of one viewer's events after its snapshot, up to the reply's end, text deltas left out (each viewer joins its own). */
    const framesOf = async (reader: ReadableStreamDefaultReader<Uint8Array>): Promise<Uint8Array[]> => {
      const frames: Uint8Array[] = [];
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the channel ended before the reply did");
        const text = decoder.decode(value);
        if (!text.startsWith("data: ")) continue;
        const event = ChatEventSchema.parse(JSON.parse(text.slice(6)));
        if (event.type === "snapshot" || event.type === "text-delta") continue;
        frames.push(value);
        if (event.type === "reply-end" && event.message.id === sent.replyMessageId) return frames;
      }
    };
    const [first, second] = await Promise.all(readers.map(framesOf));
    expect(first?.length).toBeGreaterThan(2);
    expect(second?.length).toBe(first?.length);
    first?.forEach((frame, index) => expect(second?.[index]).toBe(frame));
    await Promise.all(readers.map((reader) => reader.cancel()));
    replay.session.assertConsumed();
  });
});
