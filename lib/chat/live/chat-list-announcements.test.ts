/**
 * The chat core tells people's chat lists, across instances: two cores on
 * one bus network (two server instances) over the embedded database; a
 * person's list viewer on the second instance hears every change made on the
 * first (a chat created by its first message, created empty, renamed, given a
 * new turn, deleted), and another person's viewer hears none of it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { MemoryChatBus, MemoryChatNetwork } = await import("../bus/memory-chat-bus");
const { createTestActor, createTestChatCore, openTestDatabase } = await import("../testing/chat-test-setup");

describe("chat list announcements", () => {
  let release: () => Promise<void>;
  const network = new MemoryChatNetwork();
  let first: ReturnType<typeof createTestChatCore>;
  let second: ReturnType<typeof createTestChatCore>;

  beforeAll(async () => {
    release = (await openTestDatabase("pglite")).release;
    first = createTestChatCore({ bus: new MemoryChatBus({ network }) });
    second = createTestChatCore({ bus: new MemoryChatBus({ network }) });
  }, 60_000);
  afterAll(async () => {
    await first?.core.close();
    await second?.core.close();
    await release?.();
  }, 60_000);

  it("reaches the person's list viewers on another instance at every change, and nobody else's", async () => {
    const owner = await createTestActor("Owner");
    const stranger = await createTestActor("Stranger");
    let heard = 0;
    let strangerHeard = 0;
    second.core.lists.subscribe(owner.userId, () => (heard += 1));
    second.core.lists.subscribe(stranger.userId, () => (strangerHeard += 1));
    const settle = async () => {
      await first.core.idle();
      await first.core.bus.flush();
    };

    first.replay.session.reset();
    first.replay.session.expect("build-status");
    const sent = await first.core.sendMessage(owner, { prompt: "Show me the build status", modelId: first.modelId });
    await settle();
    // The new chat, then its first turn moving it to the top.
    expect(heard).toBe(2);

    const empty = await first.core.createChat(owner, {});
    await settle();
    expect(heard).toBe(3);

    await first.core.renameChat(owner, { chatId: sent.chat.id, title: "Billing failures" });
    await settle();
    expect(heard).toBe(4);
    expect((await second.core.listChats(owner)).map((chat) => chat.title)).toContain("Billing failures");

    await first.core.deleteChat(owner, { chatId: empty.id });
    await settle();
    expect(heard).toBe(5);
    expect(strangerHeard).toBe(0);
  });
});
