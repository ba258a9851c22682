import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { MemoryChatBus } = await import("../bus/memory-chat-bus");
const { ChatListHub } = await import("../live/chat-list-hub");
const { openChatListStream } = await import("./chat-list-stream");

const actor = { userId: "ana", name: "Ana", isGuest: true, isAdmin: false } as never;

function fakeCore() {
  const lists = new ChatListHub({ bus: new MemoryChatBus() });
  let version = 0;
  let reads = 0;
  const core = {
    lists,
    ready: async () => {},
    listChats: async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [{ id: `chat-${version}`, title: `Version ${version}`, modelId: "replay:default", createdAt: "2026-12-02T00:00:00.000Z", updatedAt: "2026-12-02T00:00:00.000Z" }];
    },
  };
  return { core, lists, bump: () => (version += 1), reads: () => reads };
}

async function readEvents(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<unknown[]> {
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = "";
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value);
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (frame.startsWith("data: ")) events.push(JSON.parse(frame.slice(6)));
    }
  }
  return events;
}

describe("openChatListStream", () => {
  it("sends the list first and again after each change, a burst of changes folded into one more read", async () => {
    const { core, lists, bump, reads } = fakeCore();
    const controller = new AbortController();
    const stream = await openChatListStream({ core, actor, signal: controller.signal });
    const reader = stream.getReader();
    expect(await readEvents(reader, 1)).toEqual([{ type: "chats", chats: [expect.objectContaining({ title: "Version 0" })] }]);
    bump();
    lists.announce("ana");
    lists.announce("ana");
    lists.announce("ana");
    lists.announce("bo");
    const next = await readEvents(reader, 2);
    expect(next.map((event) => (event as { chats: { title: string }[] }).chats[0]?.title)).toEqual(["Version 1", "Version 1"]);
    expect(reads()).toBe(3);
    controller.abort();
    expect((await reader.read()).done).toBe(true);
    expect(lists.viewerCount("ana")).toBe(0);
  });
});
