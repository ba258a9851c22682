/**
 * The live channel as bytes: `retry:` and the snapshot first, heartbeats
 * while nothing happens, events as `data:` lines, and a client that falls
 * too far behind is cut off (it reconnects to a fresh snapshot).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/policy";
import { MemoryChatBus } from "../bus/memory-chat-bus";
import { createTestActor, createTestChatCore, openTestDatabase, type TestChatCore, type TestDatabaseHandle } from "../testing/chat-test-setup";
import { ChatEventSchema } from "../wire";
import { openChatEventStream, SSE_RETRY_MS } from "./chat-event-stream";

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
});
