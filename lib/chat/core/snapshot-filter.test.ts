import { describe, expect, it } from "vitest";
import type { AssistantMessage, ChatSnapshot, LiveReply } from "../wire";
import { snapshotFilter } from "./snapshot-filter";

const live: LiveReply = {
  messageId: "r2",
  replyTo: "u2",
  model: "replay:default",
  startedAt: "2026-01-01T00:00:00.000Z",
  text: "Hello wor",
  ui: [],
  textLength: 5,
  tools: [{ id: "call-1", name: "render_ui", textOffset: 0, spec: null, diagnostics: [] }],
};

const stored: AssistantMessage = {
  id: "r1",
  chatId: "c",
  sequence: 2,
  role: "assistant",
  text: "done",
  receipt: [],
  status: "complete",
  silent: false,
  model: "replay:default",
  createdAt: "2026-01-01T00:00:00.000Z",
};

const snapshot: ChatSnapshot = {
  chat: { id: "c", title: "t", modelId: "replay:default", createdAt: live.startedAt, updatedAt: live.startedAt },
  messages: [{ id: "u1", chatId: "c", sequence: 1, role: "user", text: "hi", silent: false, kind: "prompt", createdAt: live.startedAt }, stored],
  panels: [],
  live,
};

describe("snapshotFilter", () => {
  const filter = snapshotFilter(snapshot);

  it("drops what the snapshot already holds", () => {
    expect(filter({ type: "message", message: snapshot.messages[0] as ChatSnapshot["messages"][number] })).toBeNull();
    expect(filter({ type: "reply-end", message: stored, panels: [] })).toBeNull();
    expect(filter({ type: "reply-start", messageId: "r2", replyTo: "u2", model: "m", startedAt: live.startedAt })).toBeNull();
    expect(filter({ type: "text-delta", messageId: "r2", start: 0, delta: "Hello" })).toBeNull();
    expect(filter({ type: "preview", messageId: "r2", ui: [], textLength: 5 })).toBeNull();
    expect(filter({ type: "tool", messageId: "r2", card: live.tools[0] as LiveReply["tools"][number] })).toBeNull();
  });

  it("trims a delta to the part the snapshot lacks and passes everything newer", () => {
    expect(filter({ type: "text-delta", messageId: "r2", start: 6, delta: "world!" })).toEqual({ type: "text-delta", messageId: "r2", start: 9, delta: "ld!" });
    expect(filter({ type: "text-delta", messageId: "r2", start: 9, delta: "ld" })).toEqual({ type: "text-delta", messageId: "r2", start: 9, delta: "ld" });
    expect(filter({ type: "preview", messageId: "r2", ui: [], textLength: 9 })).not.toBeNull();
    const ended = { ...stored, id: "r2" };
    expect(filter({ type: "reply-end", message: ended, panels: [] })).not.toBeNull();
    expect(filter({ type: "chat", chat: snapshot.chat })).not.toBeNull();
  });
});
