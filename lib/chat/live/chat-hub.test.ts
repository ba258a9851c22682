/**
 * The hub across instances on the in-process network: a reply generated on
 * one instance reaches viewers on another (text, cards, their own previews,
 * the stored end), an instance that missed the start resyncs, a mirror whose
 * origin went silent is given up as lost, and Stop travels to the origin.
 */
import { describe, expect, it, vi } from "vitest";
import { MemoryChatBus, MemoryChatNetwork } from "../bus/memory-chat-bus";
import { UI_STREAM_INTERVAL_MS } from "@/lib/ui/stream/stream";
import { FakeTime } from "../testing/fake-time";
import type { AssistantMessage, ChatEvent, ToolCard } from "../wire";
import { ChatHub, LOST_REPLY_MESSAGE, MIRROR_EXPIRY_MS, REPLY_NOT_SAVED_MESSAGE, type ChatHubLoader } from "./chat-hub";

const STARTED_AT = "2026-01-01T00:00:00.000Z";
const BLOCK_TEXT = 'Status:\n\n```ui id=build\n<Summary>All green</Summary>\n```\n';

function storedMessage(text: string): AssistantMessage {
  return { id: "r1", chatId: "c1", sequence: 2, role: "assistant", text, receipt: [], status: "complete", silent: false, model: "replay:default", createdAt: STARTED_AT };
}

type Instance = { hub: ChatHub; bus: MemoryChatBus; stops: string[] };

function setup(loader: Partial<ChatHubLoader> = {}) {
  const network = new MemoryChatNetwork();
  const time = new FakeTime();
  const fullLoader: ChatHubLoader = {
    loadReply: loader.loadReply ?? (async () => null),
    loadMessage: loader.loadMessage ?? (async () => null),
    loadChat: loader.loadChat ?? (async () => null),
  };
  const instance = (): Instance => {
    const bus = new MemoryChatBus({ network });
    const stops: string[] = [];
    return { hub: new ChatHub({ bus, loader: fullLoader, clock: time, onStop: (chatId) => stops.push(chatId) }), bus, stops };
  };
  return { time, instance };
}

async function settle(...instances: Instance[]): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    for (const { bus, hub } of instances) {
      await bus.flush();
      await hub.settle();
    }
  }
}

function start(hub: ChatHub) {
  return hub.startReply({ chatId: "c1", userId: "u1", messageId: "r1", replyTo: "p1", model: "replay:default", startedAt: STARTED_AT, sequence: 2 });
}

describe("ChatHub", () => {
  it("mirrors a reply to viewers on another instance, with previews compiled there", async () => {
    const loadReply = vi.fn(async () => ({ message: storedMessage(BLOCK_TEXT), panels: [] }));
    const { instance, time } = setup({ loadReply });
    const origin = instance();
    const mirror = instance();
    const seen: ChatEvent[] = [];
    mirror.hub.subscribe("c1", (event) => seen.push(event));
    const reply = start(origin.hub);
    for (const piece of BLOCK_TEXT.match(/.{1,7}/gs) ?? []) reply.appendText(piece);
    const card: ToolCard = { id: "call-1", name: "render_ui", textOffset: 3, spec: null, diagnostics: [] };
    reply.addTool(card);
    await settle(origin, mirror);
    // The mirror's own UiStream compiles the newest text once its interval has passed.
    time.advance(UI_STREAM_INTERVAL_MS);
    expect(mirror.hub.liveReply("c1")?.text).toBe(BLOCK_TEXT);
    expect(mirror.hub.liveReply("c1")?.textLength).toBe(BLOCK_TEXT.length);
    expect(mirror.hub.isLive("c1") && !mirror.hub.isLocal("c1")).toBe(true);
    origin.hub.endReply(reply, { message: storedMessage(BLOCK_TEXT), panels: [] });
    await settle(origin, mirror);

    expect(seen[0]?.type).toBe("reply-start");
    expect(seen.filter((event) => event.type === "text-delta").map((event) => (event.type === "text-delta" ? event.delta : "")).join("")).toBe(BLOCK_TEXT);
    const previews = seen.filter((event) => event.type === "preview");
    expect(previews.map((preview) => (preview.type === "preview" ? preview.ui.map((block) => block.id) : null))).toEqual([[], ["build"]]);
    expect(seen.find((event) => event.type === "tool")).toEqual({ type: "tool", messageId: "r1", card });
    expect(seen.at(-1)).toEqual({ type: "reply-end", message: storedMessage(BLOCK_TEXT), panels: [] });
    expect(loadReply).toHaveBeenCalledWith(expect.objectContaining({ chatId: "c1", userId: "u1", messageId: "r1" }));
    expect(mirror.hub.isLive("c1")).toBe(false);
  });

  it("lets an instance that missed the start catch up by asking for the reply again", async () => {
    const { instance } = setup();
    const origin = instance();
    const reply = start(origin.hub);
    reply.appendText("Hello ");
    await settle(origin);
    const late = instance();
    const seen: ChatEvent[] = [];
    late.hub.subscribe("c1", (event) => seen.push(event));
    reply.appendText("world");
    await settle(origin, late, origin, late);
    expect(late.hub.liveReply("c1")?.text).toBe("Hello world");
    expect(seen.map((event) => event.type).slice(0, 2)).toEqual(["reply-start", "text-delta"]);
  });

  it("gives up a mirror whose origin went silent, showing its viewers the reply as lost", async () => {
    const { instance, time } = setup();
    const origin = instance();
    const mirror = instance();
    const seen: ChatEvent[] = [];
    mirror.hub.subscribe("c1", (event) => seen.push(event));
    start(origin.hub).appendText("Partial answer");
    await settle(origin, mirror);
    // The origin dies without a word.
    origin.hub.close();
    await origin.bus.close();
    time.advance(MIRROR_EXPIRY_MS + 15_000);
    await settle(mirror);
    const end = seen.at(-1);
    expect(end?.type === "reply-end" && [end.message.status, end.message.error, end.message.text, end.message.sequence]).toEqual(["error", LOST_REPLY_MESSAGE, "Partial answer", 2]);
    expect(mirror.hub.isLive("c1")).toBe(false);
  });

  it("keeps an expired mirror while the database cannot say what became of its reply, and ends it once it can", async () => {
    let databaseUp = false;
    const { instance, time } = setup({
      loadReply: async () => {
        if (!databaseUp) throw new Error("connect ECONNREFUSED");
        return null;
      },
    });
    const origin = instance();
    const mirror = instance();
    const seen: ChatEvent[] = [];
    mirror.hub.subscribe("c1", (event) => seen.push(event));
    start(origin.hub).appendText("Partial answer");
    await settle(origin, mirror);
    // The origin goes quiet while the database is away (its bus with it): the mirror expires, but nothing can be read.
    origin.hub.close();
    await origin.bus.close();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      time.advance(MIRROR_EXPIRY_MS + 15_000);
      await settle(mirror);
    } finally {
      logged.mockRestore();
    }
    expect(seen.some((event) => event.type === "reply-end")).toBe(false);
    expect(mirror.hub.liveReply("c1")?.text).toBe("Partial answer");
    // Back: the next heartbeat ends it for its viewers.
    databaseUp = true;
    time.advance(10_000);
    await settle(mirror);
    const end = seen.at(-1);
    expect(end?.type === "reply-end" && [end.message.status, end.message.error, end.message.text]).toEqual(["error", LOST_REPLY_MESSAGE, "Partial answer"]);
    expect(mirror.hub.isLive("c1")).toBe(false);
  });

  it("keeps a live origin's mirror alive through long pauses with heartbeats", async () => {
    const { instance, time } = setup();
    const origin = instance();
    const mirror = instance();
    start(origin.hub).appendText("Thinking");
    await settle(origin, mirror);
    for (let step = 0; step < 10; step += 1) {
      time.advance(10_000);
      await settle(origin, mirror);
    }
    expect(mirror.hub.liveReply("c1")?.text).toBe("Thinking");
  });

  it("carries Stop to the instance generating the reply, and only there", async () => {
    const { instance } = setup();
    const origin = instance();
    const mirror = instance();
    start(origin.hub);
    await settle(origin, mirror);
    mirror.hub.requestStop("c1");
    mirror.hub.requestStop("other-chat");
    await settle(mirror, origin);
    expect(origin.stops).toEqual(["c1"]);
    expect(mirror.stops).toEqual([]);
  });

  it("shows viewers here and on other instances a reply that could not be stored as not saved, with its text", async () => {
    const { instance } = setup();
    const origin = instance();
    const mirror = instance();
    const seen: ChatEvent[] = [];
    const mirrored: ChatEvent[] = [];
    origin.hub.subscribe("c1", (event) => seen.push(event));
    mirror.hub.subscribe("c1", (event) => mirrored.push(event));
    const reply = start(origin.hub);
    reply.appendText("Half");
    await settle(origin, mirror);
    expect(reply.finish()).toEqual([]);
    origin.hub.endReply(reply, null);
    await settle(origin, mirror);
    for (const events of [seen, mirrored]) {
      const end = events.at(-1);
      expect(end?.type === "reply-end" && [end.message.id, end.message.status, end.message.error, end.message.text, end.message.sequence]).toEqual([
        "r1",
        "error",
        REPLY_NOT_SAVED_MESSAGE,
        "Half",
        2,
      ]);
    }
    expect(origin.hub.isLive("c1")).toBe(false);
    expect(mirror.hub.isLive("c1")).toBe(false);
  });
});

describe("ChatHub when an end went missing", () => {
  it("ends the older mirrored reply (as stored) before following the next one", async () => {
    const loadReply = vi.fn(async ({ messageId }: { messageId: string }) => (messageId === "r1" ? { message: storedMessage("first"), panels: [] } : null));
    const { instance } = setup({ loadReply });
    const origin = instance();
    const mirror = instance();
    const seen: ChatEvent[] = [];
    mirror.hub.subscribe("c1", (event) => seen.push(event));
    start(origin.hub).appendText("first");
    await settle(origin, mirror);
    // The first reply's end is never sent (its instance lost it); the next reply starts.
    origin.hub.startReply({ chatId: "c1", userId: "u1", messageId: "r2", replyTo: "p2", model: "replay:default", startedAt: STARTED_AT, sequence: 4 });
    await settle(origin, mirror);
    const types = seen.map((event) => (event.type === "reply-end" ? `end ${event.message.id}` : event.type === "reply-start" ? `start ${event.messageId}` : event.type));
    expect(types.filter((type) => type.startsWith("start") || type.startsWith("end"))).toEqual(["start r1", "end r1", "start r2"]);
    expect(mirror.hub.liveReply("c1")?.messageId).toBe("r2");
  });

  it("catches up after its bus listened again: a mirrored reply stored meanwhile ends, one still streaming is asked for again, and viewers fetch their threads", async () => {
    let stored = false;
    const loadReply = vi.fn(async () => (stored ? { message: storedMessage("Done."), panels: [] } : null));
    const { instance } = setup({ loadReply });
    const origin = instance();
    const mirror = instance();
    const seen: ChatEvent[] = [];
    mirror.hub.subscribe("c1", (event) => seen.push(event));
    const heardByOrigin: string[] = [];
    origin.bus.onSignal((signal) => heardByOrigin.push(signal.type));
    const reply = start(origin.hub);
    reply.appendText("Do");
    await settle(origin, mirror);
    expect(mirror.hub.isLive("c1")).toBe(true);

    // Still streaming when the mirror's bus comes back: the origin is asked to send it again, and the viewer refetches.
    mirror.hub.catchUp();
    await settle(origin, mirror);
    expect(heardByOrigin).toContain("resync");
    expect(seen.filter((event) => event.type === "thread-changed")).toHaveLength(1);
    expect(mirror.hub.isLive("c1")).toBe(true);

    // Stored while the mirror could not hear its end: catching up ends it for the viewer, with what was stored.
    stored = true;
    mirror.hub.catchUp();
    await settle(origin, mirror);
    expect(mirror.hub.isLive("c1")).toBe(false);
    const end = seen.find((event) => event.type === "reply-end");
    expect(end?.type === "reply-end" && end.message.text).toBe("Done.");
    origin.hub.close();
    mirror.hub.close();
  });
});

