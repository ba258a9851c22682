import { describe, expect, it } from "vitest";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { ChatEventSchema, type AssistantMessage, type ChatEvent, type ChatSnapshot, type UserMessage } from "@/lib/chat/wire";
import { applyChatEvent, chatViewOf, type ChatView } from "./apply-chat-event";

const CHAT_ID = "chat-1";
const AT = "2026-12-01T00:00:00.000Z";

function userMessage(sequence: number, text: string): UserMessage {
  return { id: `user-${sequence}`, chatId: CHAT_ID, sequence, role: "user", text, silent: false, kind: "prompt", createdAt: AT };
}

function emptySnapshot(): ChatSnapshot {
  return {
    chat: { id: CHAT_ID, title: "Build", modelId: "replay:default", createdAt: AT, updatedAt: AT },
    messages: [],
    panels: [],
    live: null,
  };
}

/** Every event goes through the wire schema first, as the browser does. */
function run(view: ChatView, events: ChatEvent[]): ChatView {
  return events.reduce((current, event) => applyChatEvent(current, ChatEventSchema.parse(event)), view);
}

const REPLY = "Main is red.\n\n```ui id=build\n<Summary>Run #1842</Summary>\n```\n\nDone.";

function deltas(messageId: string, text: string, size: number): ChatEvent[] {
  const events: ChatEvent[] = [];
  for (let start = 0; start < text.length; start += size) events.push({ type: "text-delta", messageId, start, delta: text.slice(start, start + size) });
  return events;
}

function finalMessage(text: string): AssistantMessage {
  return {
    id: "reply-2",
    chatId: CHAT_ID,
    sequence: 2,
    role: "assistant",
    text,
    ui: compileUi(text, { id: "reply-2", final: true }).map((block) => ({ ...block, revision: 1 })),
    receipt: [],
    status: "complete",
    silent: false,
    model: "replay:default",
    createdAt: AT,
  };
}

describe("applyChatEvent", () => {
  const start: ChatEvent[] = [
    { type: "message", message: userMessage(1, "Show me the build status") },
    { type: "reply-start", messageId: "reply-2", replyTo: "user-1", model: "replay:default", startedAt: AT },
  ];

  it("builds the live reply from deltas and previews, then replaces it with the stored message", () => {
    let view = run(chatViewOf(emptySnapshot()), [...start, ...deltas("reply-2", REPLY, 7)]);
    expect(view.snapshot.live?.text).toBe(REPLY);
    const preview = compileUi(REPLY.slice(0, 40), { id: "reply-2" });
    view = run(view, [{ type: "preview", messageId: "reply-2", ui: preview, textLength: 40 }]);
    expect(view.snapshot.live?.ui).toEqual(preview);
    expect(view.snapshot.live?.textLength).toBe(40);

    const message = finalMessage(REPLY);
    view = run(view, [
      { type: "reply-end", message, panels: [{ panelId: "build", dialect: "ui", revision: 1, messageId: "reply-2", state: {} }] },
    ]);
    expect(view.snapshot.live).toBeNull();
    expect(view.snapshot.messages.map((each) => each.id)).toEqual(["user-1", "reply-2"]);
    expect(view.snapshot.panels).toEqual([{ panelId: "build", dialect: "ui", revision: 1, messageId: "reply-2", state: {} }]);
    expect(view.stale).toBe(false);
  });

  it("ignores text it already holds (a snapshot taken mid-stream, then the deltas that overlap it)", () => {
    const halfway = run(chatViewOf(emptySnapshot()), [...start, ...deltas("reply-2", REPLY.slice(0, 30), 30)]);
    const late = run(chatViewOf(halfway.snapshot), [
      { type: "text-delta", messageId: "reply-2", start: 20, delta: REPLY.slice(20, 35) },
      { type: "text-delta", messageId: "reply-2", start: 35, delta: REPLY.slice(35) },
    ]);
    expect(late.snapshot.live?.text).toBe(REPLY);
    expect(late.stale).toBe(false);
  });

  it("marks the view stale when text would leave a hole, or a delta names a reply it never saw", () => {
    const view = run(chatViewOf(emptySnapshot()), start);
    expect(applyChatEvent(view, { type: "text-delta", messageId: "reply-2", start: 5, delta: "later" }).stale).toBe(true);
    expect(applyChatEvent(view, { type: "text-delta", messageId: "other", start: 0, delta: "x" }).stale).toBe(true);
    expect(applyChatEvent(view, { type: "preview", messageId: "other", ui: [], textLength: 0 }).stale).toBe(true);
  });

  it("keeps a newer preview when an older one arrives late", () => {
    let view = run(chatViewOf(emptySnapshot()), [...start, ...deltas("reply-2", REPLY, 100)]);
    const newer = compileUi(REPLY, { id: "reply-2" });
    view = run(view, [
      { type: "preview", messageId: "reply-2", ui: newer, textLength: REPLY.length },
      { type: "preview", messageId: "reply-2", ui: [], textLength: 10 },
    ]);
    expect(view.snapshot.live?.ui).toEqual(newer);
  });

  it("keeps the objects of blocks a newer preview compiled the same, and takes the changed ones", () => {
    const text = `${REPLY}\n\n\`\`\`ui id=second\n<Summary>Second</Summary>\n`;
    let view = run(chatViewOf(emptySnapshot()), [...start, ...deltas("reply-2", text, 50)]);
    const early = compileUi(text.slice(0, text.length - 5), { id: "reply-2" });
    view = run(view, [{ type: "preview", messageId: "reply-2", ui: early, textLength: text.length - 5 }]);
    const held = view.snapshot.live?.ui ?? [];
    const later = compileUi(text, { id: "reply-2" });
    view = run(view, [{ type: "preview", messageId: "reply-2", ui: later, textLength: text.length }]);
    const [first, second] = view.snapshot.live?.ui ?? [];
    expect(first, "the closed block is the same object").toBe(held[0]);
    expect(second, "the open block is the newer one").toEqual(later[1]);
    expect(second).not.toEqual(held[1]);
  });

  it("keeps messages in sequence order whichever tab's event arrives first, and replaces by id", () => {
    const view = run(chatViewOf(emptySnapshot()), [
      { type: "message", message: userMessage(3, "third") },
      { type: "message", message: userMessage(1, "first") },
      { type: "message", message: { ...userMessage(3, "third, again"), id: "user-3" } },
    ]);
    expect(view.snapshot.messages.map((message) => message.text)).toEqual(["first", "third, again"]);
  });

  it("replaces a tool card with the same id where it stands", () => {
    const card = { id: "call-1", name: "render_ui" as const, textOffset: 0, spec: null, diagnostics: [] };
    const view = run(chatViewOf(emptySnapshot()), [
      ...start,
      { type: "tool", messageId: "reply-2", card },
      { type: "tool", messageId: "reply-2", card: { ...card, id: "call-2" } },
      { type: "tool", messageId: "reply-2", card: { ...card, textOffset: 4 } },
    ]);
    expect(view.snapshot.live?.tools.map((each) => [each.id, each.textOffset])).toEqual([
      ["call-1", 4],
      ["call-2", 0],
    ]);
  });

  it("starts over from a snapshot, clearing staleness", () => {
    const broken = { ...chatViewOf(emptySnapshot()), stale: true };
    const fresh = { ...emptySnapshot(), messages: [userMessage(1, "hello")] };
    expect(applyChatEvent(broken, { type: "snapshot", snapshot: fresh })).toEqual({ snapshot: fresh, stale: false, deleted: false });
  });

  it("keeps the objects of messages a snapshot brings unchanged, so their blocks keep their state", () => {
    const first = { ...emptySnapshot(), messages: [userMessage(1, "hello"), finalMessage(REPLY)] };
    const before = chatViewOf(first);
    // A reconnect's snapshot: the same messages as new objects, one of them changed, one new.
    const again = ChatEventSchema.parse({
      type: "snapshot",
      snapshot: { ...first, messages: [userMessage(1, "hello"), { ...finalMessage(REPLY), status: "stopped" }, userMessage(3, "more")] },
    });
    const after = applyChatEvent(before, again);
    const [user, reply, added] = after.snapshot.messages;
    expect(user).toBe(before.snapshot.messages[0]);
    expect(reply).not.toBe(before.snapshot.messages[1]);
    expect(reply).toEqual({ ...finalMessage(REPLY), status: "stopped" });
    expect(added).toEqual(userMessage(3, "more"));
    const same = applyChatEvent(before, ChatEventSchema.parse({ type: "snapshot", snapshot: first }));
    expect(same.snapshot.messages[1]).toBe(before.snapshot.messages[1]);
    expect((same.snapshot.messages[1] as AssistantMessage).ui?.[0]).toBe((before.snapshot.messages[1] as AssistantMessage).ui?.[0]);
  });

  it("takes a renamed chat", () => {
    const view = run(chatViewOf(emptySnapshot()), [{ type: "chat", chat: { ...emptySnapshot().chat, title: "Renamed" } }]);
    expect(view.snapshot.chat.title).toBe("Renamed");
  });

  it("marks the view deleted when its chat is deleted, and takes nothing after that", () => {
    const streaming = run(chatViewOf(emptySnapshot()), [...start, ...deltas("reply-2", "Half a reply", 4)]);
    expect(run(streaming, [{ type: "chat-deleted", chatId: "another-chat" }]).deleted).toBe(false);
    const deleted = run(streaming, [{ type: "chat-deleted", chatId: CHAT_ID }]);
    expect(deleted.deleted).toBe(true);
    expect(deleted.snapshot).toBe(streaming.snapshot);
    const after = run(deleted, [...deltas("reply-2", "Half a reply, and more", 4), { type: "snapshot", snapshot: emptySnapshot() }]);
    expect(after).toBe(deleted);
  });
});

describe("applyChatEvent with versions", () => {
  function reply(sequence: number, id: string, parentId: string): AssistantMessage {
    return { id, chatId: CHAT_ID, sequence, parentId, role: "assistant", text: `reply ${id}`, receipt: [], status: "complete", silent: false, model: "replay:default", createdAt: AT };
  }
  function prompt(sequence: number, id: string, parentId: string | null, text: string): UserMessage {
    return { id, chatId: CHAT_ID, sequence, parentId, role: "user", text, silent: false, kind: "prompt", createdAt: AT };
  }
  const thread = (): ChatView =>
    chatViewOf({ ...emptySnapshot(), messages: [prompt(1, "u1", null, "first"), reply(2, "a1", "u1"), prompt(3, "u2", "a1", "second"), reply(4, "a2", "u2")] });

  it("cuts the thread back to the prompt when a reply is written again, and the new reply joins the version group", () => {
    const view = run(thread(), [
      { type: "reply-start", messageId: "a2b", replyTo: "u2", model: "replay:default", startedAt: AT },
      { type: "text-delta", messageId: "a2b", start: 0, delta: "again" },
      { type: "reply-end", message: reply(5, "a2b", "u2"), panels: [] },
    ]);
    expect(view.stale).toBe(false);
    expect(view.snapshot.messages.map((message) => message.id)).toEqual(["u1", "a1", "u2", "a2b"]);
    expect(view.snapshot.versions).toEqual([{ parentId: "u2", messageIds: ["a2", "a2b"] }]);
  });

  it("forks the thread at an edited prompt's parent, keeping the versions of that turn", () => {
    const view = run(thread(), [
      { type: "message", message: prompt(5, "u2b", "a1", "second, edited") },
      { type: "reply-start", messageId: "a3", replyTo: "u2b", model: "replay:default", startedAt: AT },
    ]);
    expect(view.snapshot.messages.map((message) => message.id)).toEqual(["u1", "a1", "u2b"]);
    expect(view.snapshot.live?.replyTo).toBe("u2b");
    expect(view.snapshot.versions).toEqual([{ parentId: "a1", messageIds: ["u2", "u2b"] }]);
    // An edit of the first prompt forks at the chat's start.
    const root = run(thread(), [{ type: "message", message: prompt(5, "u1b", null, "first, edited") }]);
    expect(root.snapshot.messages.map((message) => message.id)).toEqual(["u1b"]);
    expect(root.snapshot.versions).toEqual([{ parentId: null, messageIds: ["u1", "u1b"] }]);
  });

  it("appends a plain next turn without making versions", () => {
    const view = run(thread(), [{ type: "message", message: prompt(5, "u3", "a2", "third") }]);
    expect(view.snapshot.messages.map((message) => message.id)).toEqual(["u1", "a1", "u2", "a2", "u3"]);
    expect(view.snapshot.versions).toBeUndefined();
  });

  it("fetches the thread again when another version is shown, or when a message follows one it does not hold", () => {
    expect(run(thread(), [{ type: "thread-changed", chatId: CHAT_ID }]).stale).toBe(true);
    expect(run(thread(), [{ type: "message", message: prompt(5, "u9", "elsewhere", "lost") }]).stale).toBe(true);
  });
});

describe("a repair round", () => {
  it("marks the stored reply being repaired until the thread is fetched again, and ignores a reply the view does not hold", () => {
    const ended = run(chatViewOf(emptySnapshot()), [
      { type: "message", message: userMessage(1, "Show me the broken service dashboard") },
      { type: "reply-start", messageId: "reply-2", replyTo: "user-1", model: "replay:default", startedAt: AT },
      { type: "reply-end", message: finalMessage(REPLY), panels: [] },
    ]);
    expect(run(ended, [{ type: "reply-repair", messageId: "reply-9", blocks: 1 }]).repairing).toBeUndefined();
    const repairing = run(ended, [{ type: "reply-repair", messageId: "reply-2", blocks: 2 }]);
    expect(repairing.repairing).toEqual({ messageId: "reply-2", blocks: 2 });
    const changed = run(repairing, [{ type: "thread-changed", chatId: CHAT_ID }]);
    expect(changed.stale).toBe(true);
    expect(run(changed, [{ type: "snapshot", snapshot: changed.snapshot }]).repairing).toBeUndefined();
  });
});
