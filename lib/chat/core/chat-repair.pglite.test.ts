/**
 * The repair round through the chat core on the embedded database: a reply
 * whose final compile has errors is stored, its broken blocks rewritten once
 * by the (replay) model, and the repaired reply stored as a new version in
 * its place — only the broken blocks replaced, the prose and every other
 * block exactly as written. A rewrite that fixes nothing, or a model that
 * fails while rewriting, keeps the original and says why; a block refused by
 * a budget, a chat with the round turned off and a replay no recording
 * repairs ask nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "@/db/client";
import { listWaitingPreambles } from "@/db/queries/chat-turns";
import { chats, type JsonValue } from "@/db/schema";
import type { Actor } from "@/lib/auth/policy";
import { createReplayLibrary, loadReplayLibrary } from "@/lib/models/replay/load-recordings";
import { ReplayLanguageModel, repairPlayId } from "@/lib/models/replay/replay-language-model";
import { MemoryChatBus } from "../bus/memory-chat-bus";
import { createTestActor, createTestChatCore, testRecording, followChat, isEvent, openTestDatabase, type TestChatCore, type TestDatabaseHandle } from "../testing/chat-test-setup";
import { REPAIR_MODEL_FAILED_REASON, REPAIR_NOTHING_FIXED_REASON } from "../turn/repair-round";
import type { AssistantMessage, ChatEvent } from "../wire";

vi.mock("server-only", () => ({}));

const BROKEN_BLOCK = ["```ui id=health", "<Stats>", '  <Gauge label="Checkout" value={3}/>', "</Stat>", "```"].join("\n");
const STILL_BROKEN_BLOCK = ["```ui id=health", "<Stats>", '  <Gauge label="Checkout" value={4}/>', "</Stat>", "```"].join("\n");
const CLEAN_BLOCK = ["```ui", "<Summary>Everything else is green.</Summary>", "```"].join("\n");

/** Seventeen blocks: the last is past the reply budget (and would be broken if it were compiled). */
const OVER_BUDGET_TEXT = [...Array.from({ length: 16 }, (_, index) => `\`\`\`ui\n<Summary>Part ${index + 1}.</Summary>\n\`\`\``), BROKEN_BLOCK].join("\n\n");

const library = createReplayLibrary([
  ...loadReplayLibrary().recordings,
  testRecording("test-repair-nothing-fixed", `Before.\n\n${BROKEN_BLOCK}\n\nAfter.\n`, `${STILL_BROKEN_BLOCK}\n`),
  testRecording("test-repair-over-budget", `${OVER_BUDGET_TEXT}\n`, "```ui id=health\n<Summary>fixed</Summary>\n```\n"),
  testRecording("test-repair-unanswered", `Before.\n\n${BROKEN_BLOCK.replace("health", "other")}\n\n${CLEAN_BLOCK}\n`),
]);

describe("the repair round (pglite)", () => {
  let database: TestDatabaseHandle;
  let harness: TestChatCore;
  let owner: Actor;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    harness = createTestChatCore({ bus: new MemoryChatBus(), library });
    owner = await createTestActor("Owner");
  }, 60_000);

  afterAll(async () => {
    await harness?.core.close();
    await database?.release();
  }, 60_000);

  beforeEach(() => harness.replay.session.reset());

  afterEach(async () => {
    await harness.core.idle();
  });

  /** Sends `prompt` in a new chat (with `settings` stored on it), waits for the reply and any repair, and returns what a viewer saw. */
  async function send(prompt: string, settings?: JsonValue) {
    const { core, modelId } = harness;
    const chat = await core.createChat(owner, {});
    if (settings !== undefined) await (await getDatabase()).update(chats).set({ settings }).where(eq(chats.id, chat.id));
    const log = await followChat(core, owner, chat.id);
    const sent = await core.sendMessage(owner, { chatId: chat.id, prompt, modelId });
    const end = await log.next(isEvent("reply-end", sent.replyMessageId));
    await core.idle();
    const snapshot = await core.getChatSnapshot(owner, chat.id);
    log.stop();
    return { chat, sent, original: end.message, events: log.events, snapshot };
  }

  function lastReply(messages: readonly { role: string }[]): AssistantMessage {
    const reply = messages.at(-1);
    if (reply?.role !== "assistant") throw new Error("the thread does not end with a reply");
    return reply as AssistantMessage;
  }

  it("replaces broken-dashboard's broken block in place as a new version, the prose and the other block untouched", async () => {
    const { replay } = harness;
    replay.session.expect("broken-dashboard").expect(repairPlayId("broken-dashboard"));
    const { sent, original, events, snapshot } = await send("Show me the broken service dashboard");

    // Viewers first see the reply as written, then hear the round start, then fetch the thread again.
    const types = events.map((event) => event.type);
    expect(types.indexOf("reply-end")).toBeLessThan(types.indexOf("reply-repair"));
    expect(types.indexOf("reply-repair")).toBeLessThan(types.indexOf("thread-changed"));
    expect(events.find(isEvent("reply-repair"))).toEqual({ type: "reply-repair", messageId: original.id, blocks: 1 } satisfies ChatEvent);
    expect(original.ui?.[0]?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["unfinished_element", "unknown_component", "unexpected_close_tag"]);

    const repaired = lastReply(snapshot.messages);
    expect(repaired.id).not.toBe(original.id);
    expect(repaired.parentId).toBe(sent.userMessageId);
    expect(snapshot.versions).toEqual([{ parentId: sent.userMessageId, messageIds: [original.id, repaired.id] }]);
    const recording = library.get("broken-dashboard");
    const [brokenStart, brokenEnd] = [original.ui?.[0]?.range.start ?? 0, original.ui?.[0]?.range.end ?? 0];
    const fix = (recording?.repair ?? "").trimEnd();
    expect(repaired.text).toBe(original.text.slice(0, brokenStart) + fix + original.text.slice(brokenEnd));
    expect(repaired.ui?.map((block) => block.diagnostics)).toEqual([[], []]);
    // The unbroken block is the same source, compiled the same.
    expect(repaired.ui?.[1]?.nodes.map((node) => node.type)).toEqual(original.ui?.[1]?.nodes.map((node) => node.type));
    expect(repaired.text.slice(repaired.ui?.[1]?.range.start, repaired.ui?.[1]?.range.end)).toBe(original.text.slice(original.ui?.[1]?.range.start, original.ui?.[1]?.range.end));
    expect(repaired.receipt).toEqual([]);
    expect(repaired.repair).toEqual({
      status: "repaired",
      of: original.id,
      blocks: [
        {
          dialect: "ui",
          position: 1,
          before: original.text.slice(brokenStart, brokenEnd),
          diagnostics: original.ui?.[0]?.diagnostics.map(({ code, message }) => ({ code, message })),
          after: fix,
          diagnosticsAfter: [],
        },
      ],
    });
    // The panel is the repaired version's now.
    expect(snapshot.panels.find((panel) => panel.panelId === "latency")?.messageId).toBe(repaired.id);
    // The model is not told of the mistakes the repair removed.
    expect(await listWaitingPreambles({ userId: owner.userId, chatId: snapshot.chat.id })).toEqual([]);
    // Once: the repaired version is not repaired again, and the original carries no record.
    replay.session.assertConsumed();
    const stored = await harness.core.getChatSnapshot(owner, snapshot.chat.id);
    expect(stored.messages.at(-1)).toEqual(repaired);
  });

  it("keeps the original, and says why, when the rewrite fixes nothing", async () => {
    const { replay } = harness;
    replay.session.expect("test-repair-nothing-fixed").expect(repairPlayId("test-repair-nothing-fixed"));
    const { original, snapshot, events } = await send("test repair nothing fixed");
    const shown = lastReply(snapshot.messages);
    expect(shown.id).toBe(original.id);
    expect(shown.text).toBe(original.text);
    expect(snapshot.versions ?? []).toEqual([]);
    expect(shown.repair?.status).toBe("failed");
    expect(shown.repair?.status === "failed" ? shown.repair.reason : "").toBe(REPAIR_NOTHING_FIXED_REASON);
    expect(shown.repair?.blocks[0]?.rejected).toBe("The rewrite still has 3 errors.");
    expect(events.some(isEvent("thread-changed"))).toBe(true);
    // The original's mistakes still stand, so the next prompt still tells the model of them.
    expect((await listWaitingPreambles({ userId: owner.userId, chatId: snapshot.chat.id })).map((preamble) => preamble.messageId)).toEqual([original.id]);
    replay.session.assertConsumed();
  });

  it("keeps the original, and says why, when the model fails while rewriting", async () => {
    /** The replay model, failing every non-streaming call (the repair round's): a provider down after the reply. */
    class FailingRepairs extends ReplayLanguageModel {
      override async doGenerate(): Promise<never> {
        throw new Error("test: the provider is down");
      }
    }
    const failing = createTestChatCore({ bus: new MemoryChatBus(), replay: new FailingRepairs({ library, sleep: harness.time.sleep }), time: harness.time });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const chat = await failing.core.createChat(owner, {});
      const sent = await failing.core.sendMessage(owner, { chatId: chat.id, prompt: "Show me the broken service dashboard", modelId: failing.modelId });
      await failing.core.idle();
      const snapshot = await failing.core.getChatSnapshot(owner, chat.id);
      const shown = lastReply(snapshot.messages);
      expect(shown.id).toBe(sent.replyMessageId);
      expect(shown.text).toBe(library.get("broken-dashboard")?.steps[0]?.text);
      expect(shown.repair).toMatchObject({ status: "failed", reason: REPAIR_MODEL_FAILED_REASON, blocks: [{ dialect: "ui", position: 1 }] });
      expect(snapshot.versions ?? []).toEqual([]);
      expect(String(logged.mock.calls[0]?.[0])).toContain(`the repair of reply ${sent.replyMessageId} failed`);
    } finally {
      logged.mockRestore();
      await failing.core.close();
    }
  });

  it("asks nothing for a block refused by the reply budget, for a chat with the round off, or for a replay no recording repairs", async () => {
    const { replay } = harness;
    replay.session.expect("test-repair-over-budget");
    const overBudget = await send("test repair over budget");
    expect(overBudget.original.ui?.at(-1)?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["reply_budget"]);
    expect(lastReply(overBudget.snapshot.messages).id).toBe(overBudget.original.id);
    replay.session.assertConsumed();

    replay.session.reset();
    replay.session.expect("broken-dashboard");
    const off = await send("Show me the broken service dashboard", { repair: false });
    expect(lastReply(off.snapshot.messages)).toEqual(off.original);
    expect(off.events.some(isEvent("reply-repair"))).toBe(false);
    replay.session.assertConsumed();

    replay.session.reset();
    replay.session.expect("test-repair-unanswered");
    const unanswered = await send("test repair unanswered");
    expect(lastReply(unanswered.snapshot.messages)).toEqual(unanswered.original);
    expect(unanswered.original.repair).toBeUndefined();
    expect(unanswered.events.some(isEvent("reply-repair"))).toBe(false);
    replay.session.assertConsumed();
  });
});
