/**
 * The chat's server actions and route handlers end to end, over real
 * better-auth sessions, the process chat core and an in-memory PGlite: a
 * turn sent through the action streams over the events route (snapshot
 * first, then deltas, previews and the stored reply), the snapshot route
 * serves what a reload needs, and every action and handler answers another
 * user's chat as not found and a stranger as unauthorized.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const { request, nextHeaders } = vi.hoisted(() => {
  const request = { headers: new Headers() };
  // Server actions read the request through next/headers; here it is the test's.
  const nextHeaders = () => ({
    headers: async () => request.headers,
    cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false, set: () => {}, delete: () => {} }),
  });
  return { request, nextHeaders };
});

vi.mock("server-only", () => ({}));
vi.mock("next/headers", nextHeaders);
vi.mock("next/headers.js", nextHeaders);

process.env.PGLITE_DATA_DIR = "memory://";
delete process.env.DATABASE_URL;
process.env.BETTER_AUTH_SECRET = "chat-api-test-secret-0123456789abcdefghijklmnopqrstuvwxyz";
// Replies stream without waiting, so the test reads whole turns in milliseconds.
process.env.REPLAY_TIME_SCALE = "0";

const actions = await import("@/app/(chat)/actions");
const snapshotRoute = await import("@/app/api/chats/[id]/route");
const eventsRoute = await import("@/app/api/chats/[id]/events/route");
const stopRoute = await import("@/app/api/chats/[id]/stop/route");
const { getAuth } = await import("@/lib/auth/auth");
const { requestHeaders, signInGuest, signUpPerson } = await import("@/lib/auth/testing");
const { closeChatCore, getChatCore } = await import("@/lib/chat/core/process-chat-core");
const { ChatEventSchema, ChatSnapshotSchema } = await import("@/lib/chat/wire");
const { modelRegistry } = await import("@/lib/models/registry");

type ChatEvent = import("@/lib/chat/wire").ChatEvent;

const MODEL_ID = "replay:default";

let owner: Headers;
let otherUser: Headers;
let guest: Headers;

beforeAll(async () => {
  const auth = await getAuth();
  owner = (await signUpPerson(auth, { name: "Owner" })).headers;
  otherUser = (await signUpPerson(auth, { name: "Other" })).headers;
  guest = (await signInGuest(auth)).headers;
}, 60_000);

afterAll(async () => {
  await closeChatCore();
});

function as(headers: Headers): void {
  request.headers = headers;
}

function context(chatId: string) {
  return { params: Promise.resolve({ id: chatId }) };
}

function eventsRequest(chatId: string, headers: Headers, init: { signal?: AbortSignal } = {}): Request {
  const streamHeaders = new Headers(headers);
  streamHeaders.set("accept", "text/event-stream");
  return new Request(`http://localhost:3000/api/chats/${chatId}/events`, { headers: streamHeaders, ...init });
}

/** Reads server-sent events from a response until `until` holds; returns them. */
async function readEvents(response: Response, until: (event: ChatEvent) => boolean): Promise<{ events: ChatEvent[]; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: ChatEvent[] = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the event stream ended early");
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf("\n\n");
    while (boundary !== -1) {
      const frame = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      boundary = buffer.indexOf("\n\n");
      const data = frame.split("\n").filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
      if (!data) continue;
      const event = ChatEventSchema.parse(JSON.parse(data));
      events.push(event);
      if (until(event)) return { events, reader };
    }
  }
}

describe("a turn through the actions and the events route", () => {
  it("streams the reply to the page's live channel and serves the stored result", async () => {
    const session = modelRegistry().replayModel.session;
    session.reset();
    session.expect("build-status");
    as(owner);
    const created = await actions.createChat({ title: "Build" });
    if (!created.ok) throw new Error(created.error.message);
    const chatId = created.chat.id;

    const response = await eventsRoute.GET(eventsRequest(chatId, owner), context(chatId));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reading = readEvents(response, (event) => event.type === "reply-end");
    // The viewer is registered once the snapshot is out; only then send.
    await vi.waitFor(() => expect(getChatCore().hub.viewerCount(chatId)).toBe(1));
    as(owner);
    const sent = await actions.sendMessage({ chatId, prompt: "Show me the build status", modelId: MODEL_ID });
    if (!sent.ok) throw new Error(sent.error.message);
    const { events, reader } = await reading;

    expect(events[0]?.type).toBe("snapshot");
    const types = events.map((event) => event.type);
    expect(types.slice(1, 3)).toEqual(["message", "reply-start"]);
    // Text deltas are gathered per 50 ms into one frame, so an unpaced replay arrives in a few of them; what matters is that text and previews come before the end.
    expect(types.indexOf("text-delta")).toBeGreaterThan(2);
    expect(types.indexOf("preview")).toBeGreaterThan(2);
    expect(types.indexOf("reply-end")).toBe(types.length - 1);
    const end = events.at(-1);
    if (end?.type !== "reply-end") throw new Error("no reply-end");
    expect(end.message.id).toBe(sent.replyMessageId);
    expect(end.message.status).toBe("complete");
    expect(end.message.ui?.[0]?.id).toBe("build");
    expect(events.filter((event) => event.type === "text-delta").map((event) => (event.type === "text-delta" ? event.delta : "")).join("")).toBe(end.message.text);

    // Disconnecting stops following the chat.
    await reader.cancel();
    await vi.waitFor(() => expect(getChatCore().hub.viewerCount(chatId)).toBe(0));

    const snapshotResponse = await snapshotRoute.GET(new Request(`http://localhost:3000/api/chats/${chatId}`, { headers: owner }), context(chatId));
    const snapshot = ChatSnapshotSchema.parse(await snapshotResponse.json());
    expect(snapshot.messages.at(-1)).toEqual(end.message);
    expect(snapshot.live).toBeNull();
    expect(snapshot.panels.map((panel) => panel.panelId)).toEqual(["build"]);
    // A client that cannot read a stream gets the same snapshot from the events route.
    const plain = await eventsRoute.GET(new Request(`http://localhost:3000/api/chats/${chatId}/events`, { headers: owner }), context(chatId));
    expect(ChatSnapshotSchema.parse(await plain.json())).toEqual(snapshot);

    const stopped = await stopRoute.POST(new Request(`http://localhost:3000/api/chats/${chatId}/stop`, { method: "POST", headers: owner }), context(chatId));
    expect(await stopped.json()).toEqual({ stopping: false });
    session.assertConsumed();
  });

  it("ends the stream and unsubscribes when the request is aborted", async () => {
    as(owner);
    const created = await actions.createChat({});
    if (!created.ok) throw new Error(created.error.message);
    const chatId = created.chat.id;
    const controller = new AbortController();
    const response = await eventsRoute.GET(eventsRequest(chatId, owner, { signal: controller.signal }), context(chatId));
    const { reader } = await readEvents(response, (event) => event.type === "snapshot");
    expect(getChatCore().hub.viewerCount(chatId)).toBe(1);
    controller.abort();
    expect((await reader.read()).done).toBe(true);
    expect(getChatCore().hub.viewerCount(chatId)).toBe(0);
  });
});

describe("another user's chat", () => {
  it("is not found through every action and route handler, and a stranger is unauthorized", async () => {
    const session = modelRegistry().replayModel.session;
    session.reset();
    session.expect("sales-dashboard");
    as(owner);
    const sent = await actions.sendMessage({ prompt: "Show me the sales dashboard", modelId: MODEL_ID });
    if (!sent.ok) throw new Error(sent.error.message);
    const chatId = sent.chat.id;
    await getChatCore().idle();

    const calls: [string, (headers: Headers) => Promise<{ status: number; code: string | undefined }>][] = [
      ["sendMessage", (headers) => action(headers, () => actions.sendMessage({ chatId, prompt: "hello", modelId: MODEL_ID }))],
      ["stopReply", (headers) => action(headers, () => actions.stopReply({ chatId }))],
      ["renameChat", (headers) => action(headers, () => actions.renameChat({ chatId, title: "taken" }))],
      ["deleteChat", (headers) => action(headers, () => actions.deleteChat({ chatId }))],
      ["savePanelState", (headers) => action(headers, () => actions.savePanelState({ chatId, panelId: "sales", state: { fields: {}, tabs: {}, folds: {} } }))],
      ["GET snapshot", (headers) => route(snapshotRoute.GET(new Request(`http://localhost:3000/api/chats/${chatId}`, { headers }), context(chatId)))],
      ["GET events", (headers) => route(eventsRoute.GET(eventsRequest(chatId, headers), context(chatId)))],
      ["POST stop", (headers) => route(stopRoute.POST(new Request(`http://localhost:3000/api/chats/${chatId}/stop`, { method: "POST", headers }), context(chatId)))],
    ];
    for (const [name, call] of calls) {
      for (const [who, headers] of [["another user", otherUser], ["a guest", guest]] as const) {
        expect([name, who, await call(headers)]).toEqual([name, who, { status: 404, code: "not_found:chat" }]);
      }
      expect([name, await call(requestHeaders())]).toEqual([name, { status: 401, code: "unauthorized:auth" }]);
    }
    as(owner);
    const still = await snapshotRoute.GET(new Request(`http://localhost:3000/api/chats/${chatId}`, { headers: owner }), context(chatId));
    const snapshot = ChatSnapshotSchema.parse(await still.json());
    expect(snapshot.chat.title).toBe(sent.chat.title);
    expect(snapshot.messages).toHaveLength(2);
    session.assertConsumed();
  });
});

async function action(headers: Headers, call: () => Promise<{ ok: boolean; error?: { code: string } }>): Promise<{ status: number; code: string | undefined }> {
  as(headers);
  const result = await call();
  const code = result.ok ? undefined : result.error?.code;
  return { status: code === "not_found:chat" ? 404 : code === "unauthorized:auth" ? 401 : 200, code };
}

async function route(response: Promise<Response>): Promise<{ status: number; code: string | undefined }> {
  const answered = await response;
  const body = (await answered.json()) as { error?: { code?: string } };
  return { status: answered.status, code: body.error?.code };
}
