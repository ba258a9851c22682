/**
 * The LISTEN/NOTIFY bus on a real Postgres (a fresh, migrated database per
 * run): two instances hear each other's signals in order, never their own;
 * signals far above the 8000-byte payload limit arrive whole, by reference;
 * a busy batch goes out in a few notifications.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatSignal } from "./chat-signal";
import { PostgresChatBus } from "./postgres-chat-bus";

const { openTestDatabase } = await import("../testing/chat-test-setup");

let url: string;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase("postgres");
  url = database.url ?? "";
}, 60_000);

afterAll(async () => {
  await database.release();
});

function channel(): string {
  return `octo_bus_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
}

async function until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("PostgresChatBus", () => {
  it("carries signals between instances in order, large ones whole, never back to their sender", async () => {
    const name = channel();
    const first = new PostgresChatBus({ url, channel: name });
    const second = new PostgresChatBus({ url, channel: name });
    await Promise.all([first.start(), second.start()]);
    const heardByFirst: ChatSignal[] = [];
    const heardBySecond: ChatSignal[] = [];
    first.onSignal((signal) => heardByFirst.push(signal));
    second.onSignal((signal) => heardBySecond.push(signal));

    const big = `${"📈 revenue grew ".repeat(3_000)}€`;
    const card = { id: "call-1", name: "render_ui" as const, textOffset: 3, spec: { title: "t".repeat(400), items: [] }, diagnostics: [] };
    const sent: ChatSignal[] = [
      { type: "reply-start", chatId: "c", userId: "u", messageId: "m", replyTo: "p", model: "replay:default", startedAt: new Date().toISOString(), sequence: 2 },
      { type: "text", chatId: "c", messageId: "m", start: 0, delta: big },
      { type: "tool", chatId: "c", messageId: "m", card },
      { type: "reply-end", chatId: "c", userId: "u", messageId: "m", stored: true },
    ];
    const watcher = postgres(url, { max: 1, onnotice: () => {} });
    const payloads: string[] = [];
    await watcher.listen(name, (payload) => payloads.push(payload));
    for (const signal of sent) first.publish(signal);
    second.publish({ type: "stop", chatId: "c" });
    await until(() => heardBySecond.length >= sent.length && heardByFirst.length >= 1);
    expect(heardBySecond).toEqual(sent);
    expect(heardByFirst).toEqual([{ type: "stop", chatId: "c" }]);
    await until(() => payloads.length >= 3);
    // The large delta went by reference, its row named in a payload of a few dozen bytes.
    expect(payloads.filter((payload) => payload.startsWith(`c2|${first.instanceId}|#`))).toHaveLength(1);
    expect(Math.max(...payloads.map((payload) => Buffer.byteLength(payload)))).toBeLessThan(8_000);
    await Promise.all([first.close(), second.close(), watcher.end({ timeout: 1 })]);
  });

  it("refuses a signal too large to send without breaking the queue: the next ones still arrive and flush resolves", async () => {
    const name = channel();
    const sender = new PostgresChatBus({ url, channel: name });
    const receiver = new PostgresChatBus({ url, channel: name });
    await Promise.all([sender.start(), receiver.start()]);
    const heard: ChatSignal[] = [];
    receiver.onSignal((signal) => heard.push(signal));
    const errors: unknown[] = [];
    const originalError = console.error;
    console.error = (...values: unknown[]) => void errors.push(values);
    try {
      const huge = { id: "call-1", name: "render_ui" as const, textOffset: 0, spec: { title: "t".repeat(9_000_000), items: [] }, diagnostics: [] };
      sender.publish({ type: "tool", chatId: "c", messageId: "m", card: huge });
      sender.publish({ type: "stop", chatId: "c" });
      await sender.flush();
      await until(() => heard.length >= 1);
    } finally {
      console.error = originalError;
    }
    expect(heard).toEqual([{ type: "stop", chatId: "c" }]);
    expect(String(errors[0])).toContain("too large to send");
    await Promise.all([sender.close(), receiver.close()]);
  });

  it("merges deltas that queue up behind a send, in fewer notifications than publishes", async () => {
    const name = channel();
    const sender = new PostgresChatBus({ url, channel: name });
    const receiver = new PostgresChatBus({ url, channel: name });
    await receiver.start();
    const watcher = postgres(url, { max: 1, onnotice: () => {} });
    let notifications = 0;
    await watcher.listen(name, () => {
      notifications += 1;
    });
    const heard: ChatSignal[] = [];
    receiver.onSignal((signal) => heard.push(signal));
    let text = "";
    for (let index = 0; index < 300; index += 1) {
      const delta = `word${index} `;
      sender.publish({ type: "text", chatId: "c", messageId: "m", start: text.length, delta });
      text += delta;
    }
    await sender.flush();
    await until(() => heard.reduce((length, signal) => length + (signal.type === "text" ? signal.delta.length : 0), 0) >= text.length);
    let rebuilt = "";
    for (const signal of heard) {
      if (signal.type !== "text") continue;
      expect(signal.start).toBe(rebuilt.length);
      rebuilt += signal.delta;
    }
    expect(rebuilt).toBe(text);
    // Published within one batch: merged into one delta, in one notification (the watcher hears it on a connection of its own, maybe later).
    await until(() => notifications >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notifications).toBe(1);
    await Promise.all([sender.close(), receiver.close(), watcher.end({ timeout: 1 })]);
  });

  it("sends the deltas of many chats streaming at once in a few notifications, each chat's text whole and in order", async () => {
    const name = channel();
    const sender = new PostgresChatBus({ url, channel: name });
    const receiver = new PostgresChatBus({ url, channel: name });
    await receiver.start();
    const watcher = postgres(url, { max: 1, onnotice: () => {} });
    let notifications = 0;
    await watcher.listen(name, () => {
      notifications += 1;
    });
    const rebuilt = new Map<string, string>();
    receiver.onSignal((signal) => {
      if (signal.type !== "text") return;
      const so = rebuilt.get(signal.chatId) ?? "";
      expect(signal.start).toBe(so.length);
      rebuilt.set(signal.chatId, so + signal.delta);
    });
    const expected = new Map<string, string>();
    // 200 chats, each sending ten deltas, interleaved as their models' pieces arrive.
    for (let round = 0; round < 10; round += 1) {
      for (let chat = 0; chat < 200; chat += 1) {
        const chatId = `chat-${chat}`;
        const so = expected.get(chatId) ?? "";
        const delta = ` token${round}`;
        sender.publish({ type: "text", chatId, messageId: `m-${chat}`, start: so.length, delta });
        expected.set(chatId, so + delta);
      }
    }
    await sender.flush();
    await until(() => [...expected].every(([chatId, text]) => rebuilt.get(chatId) === text));
    // 2,000 publishes: one merged delta per chat, packed some 60 to a payload.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notifications).toBeGreaterThan(0);
    expect(notifications).toBeLessThan(10);
    await Promise.all([sender.close(), receiver.close(), watcher.end({ timeout: 1 })]);
  });

  it("listens again soon after its connection is cut, tells its resume listeners, and hears what is sent after", async () => {
    const name = channel();
    const sender = new PostgresChatBus({ url, channel: name });
    const receiver = new PostgresChatBus({ url, channel: name });
    await receiver.start();
    let resumed = 0;
    receiver.onResume(() => {
      resumed += 1;
    });
    const heard: ChatSignal[] = [];
    receiver.onSignal((signal) => heard.push(signal));
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    // As a database restart does: the listening connection is terminated.
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`listen "${name}"`}`;
    await until(() => resumed === 1, 10_000);
    sender.publish({ type: "stop", chatId: "after" });
    await until(() => heard.length === 1);
    expect(heard).toEqual([{ type: "stop", chatId: "after" }]);
    await Promise.all([sender.close(), receiver.close(), admin.end({ timeout: 1 })]);
  });
});

