import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { AssistantMessage, ChatEvent, ChatSnapshot } from "../wire";
import { openSseWatcher } from "./sse-watcher";

const AT = "2026-12-02T00:00:00.000Z";

const SNAPSHOT: ChatSnapshot = {
  chat: { id: "c1", title: "A chat", modelId: "replay:default", createdAt: AT, updatedAt: AT },
  messages: [],
  panels: [],
  live: { messageId: "m2", replyTo: "m1", model: "replay:default", startedAt: AT, text: "Hel", ui: [], textLength: 0, tools: [] },
};

const REPLY: AssistantMessage = {
  id: "m2",
  chatId: "c1",
  sequence: 2,
  role: "assistant",
  text: "Hello",
  receipt: [],
  status: "complete",
  silent: false,
  model: "replay:default",
  createdAt: AT,
};

let server: Server | null = null;

/** Serves `events` as a live channel at `path`, a frame each tick after the snapshot; returns the base URL and the paths asked for. */
async function serveChannel(path: string, events: ChatEvent[]): Promise<{ baseUrl: string; asked: string[] }> {
  const asked: string[] = [];
  server = createServer((request, response) => {
    asked.push(request.url ?? "");
    if (request.url !== path) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/event-stream" });
    events.forEach((event, index) => setTimeout(() => response.write(`data: ${JSON.stringify(event)}\n\n`), index * 20));
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

describe("openSseWatcher", () => {
  it("reads a channel at another path, and tells the end of a reply whose id it was not given", async () => {
    const { baseUrl, asked } = await serveChannel("/api/compare/r1/panes/p1/events", [
      { type: "snapshot", snapshot: SNAPSHOT },
      { type: "text-delta", messageId: "m2", start: 3, delta: "lo" },
      { type: "reply-end", message: REPLY, panels: [] },
    ]);
    const watcher = await openSseWatcher({ baseUrl, cookie: "", chatId: "p1", eventsPath: "/api/compare/r1/panes/p1/events" });
    try {
      const report = await watcher.nextReplyEnd();
      expect(report).toMatchObject({ rebuiltText: "Hello", storedText: "Hello", textDeltas: 1, events: 3 });
      // Asked again after the end, it answers with the same reply.
      expect((await watcher.nextReplyEnd()).storedText).toBe("Hello");
      expect((await watcher.replyEnd("m2")).rebuiltText).toBe("Hello");
      expect(asked).toEqual(["/api/compare/r1/panes/p1/events"]);
    } finally {
      watcher.close();
    }
  });

  it("reads a chat's own channel when no path is given", async () => {
    const { baseUrl, asked } = await serveChannel("/api/chats/c1/events", [{ type: "snapshot", snapshot: { ...SNAPSHOT, live: null } }]);
    const watcher = await openSseWatcher({ baseUrl, cookie: "", chatId: "c1" });
    watcher.close();
    expect(asked).toEqual(["/api/chats/c1/events"]);
  });
});
