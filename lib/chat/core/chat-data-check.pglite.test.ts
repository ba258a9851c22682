/**
 * Every ```ui block checked against real data before its reply is final
 * (issue 24), through the chat core on the embedded database with the replay
 * model: a reply whose block compiles cleanly but breaks on the demo
 * project's rows is stored with the data check's finding in its receipt, the
 * repair round is asked — told which check failed and what the rows looked
 * like — and the rewrite is spliced in as a new version whose repair record
 * names the check; the inspector says so. A comparison pane's reply is
 * checked the same way but never repaired: its metrics count the findings.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { inspectReply } from "@/app/_components/inspector/inspect-reply";
import { getDatabase } from "@/db/client";
import { chats } from "@/db/schema";
import type { Actor } from "@/lib/auth/policy";
import { paneMetrics } from "@/lib/compare/run/pane-metrics-of";
import { createReplayLibrary, loadReplayLibrary } from "@/lib/models/replay/load-recordings";
import { repairPlayId } from "@/lib/models/replay/replay-language-model";
import { PROJECT_QUERY_SCHEMAS } from "@/lib/project/query-sources";
import { MemoryChatBus } from "../bus/memory-chat-bus";
import { createTestActor, createTestChatCore, testRecording, isEvent, openTestDatabase, type TestChatCore, type TestDatabaseHandle } from "../testing/chat-test-setup";
import type { AssistantMessage, ChatEvent } from "../wire";

vi.mock("server-only", () => ({}));

/** The brief's own case: a real type error that only real rows raise (the slowest test's time minus a word). */
const SLOWEST_MINUS_WORD = ["```ui id=slowest", '$t = @Query("tests", {branch: "main"})', '<Stats><Stat label="Slowest" value={$t[0].ms - "x"} unit="ms"/></Stats>', "```"].join("\n");
const SLOWEST_FIXED = ["```ui id=slowest", '$t = @Query("tests", {branch: "main"})', '<Stats><Stat label="Slowest" value={@Max($t, "ms")} unit="ms"/></Stats>', "```"].join("\n");

const library = createReplayLibrary([
  ...loadReplayLibrary().recordings,
  testRecording("test-data-slowest", `The slowest test on main:\n\n${SLOWEST_MINUS_WORD}\n\nThat is the one to speed up.\n`, `${SLOWEST_FIXED}\n`),
]);

describe("the data check before a reply is final (pglite)", () => {
  let database: TestDatabaseHandle;
  let harness: TestChatCore;
  let owner: Actor;

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    harness = createTestChatCore({ bus: new MemoryChatBus(), library, querySchemas: PROJECT_QUERY_SCHEMAS });
    owner = await createTestActor("Owner");
  }, 60_000);

  afterAll(async () => {
    await harness?.core.close();
    await database?.release();
  }, 60_000);

  beforeEach(() => harness.replay.session.reset());

  afterEach(async () => {
    await harness.core.idle();
    vi.restoreAllMocks();
  });

  /** Sends `prompt` in a new chat of `purpose`; returns the reply as first stored, the thread after any repair, the events and the repair requests asked. */
  async function send(prompt: string, purpose: "chat" | "compare" = "chat") {
    const { core, modelId } = harness;
    const requests: string[] = [];
    const answers = harness.replay.answersRepair.bind(harness.replay);
    vi.spyOn(harness.replay, "answersRepair").mockImplementation((request: string) => {
      requests.push(request);
      return answers(request);
    });
    const chat = await core.createChat(owner, {});
    if (purpose === "compare") await (await getDatabase()).update(chats).set({ purpose }).where(eq(chats.id, chat.id));
    const events: ChatEvent[] = [];
    const stop = await core.watchChat(owner, chat.id, (event) => events.push(event), { purpose });
    const sent = await core.sendMessage(owner, { chatId: chat.id, prompt, modelId }, { purpose });
    await core.idle();
    stop();
    const end = events.find(isEvent("reply-end", sent.replyMessageId));
    if (!end) throw new Error("the reply never ended");
    const snapshot = await core.getChatSnapshot(owner, chat.id, { purpose });
    return { sent, original: end.message, events, snapshot, requests };
  }

  function lastReply(messages: readonly { role: string }[]): AssistantMessage {
    const reply = messages.at(-1);
    if (reply?.role !== "assistant") throw new Error("the thread does not end with a reply");
    return reply as AssistantMessage;
  }

  it("repairs test-health-data-check, which compiles cleanly but breaks on the demo project's rows, and the record names the check", async () => {
    const { replay } = harness;
    replay.session.expect("test-health-data-check").expect(repairPlayId("test-health-data-check"));
    const { sent, original, events, snapshot, requests } = await send("Show the test health of main");

    // It compiles cleanly: only evaluating it on main's rows finds the mistake.
    expect(original.ui?.map((block) => block.diagnostics)).toEqual([[]]);
    const found = original.receipt.filter((entry) => entry.check !== undefined);
    expect(found.map((entry) => [entry.check, entry.code, entry.blockId])).toEqual([["real data", "not_a_number", "test-health"]]);
    expect(found[0]?.message).toContain("@Sum adds numbers, not boolean");
    expect(found[0]?.where).toBe("ui block 1 (panel test-health), line 5, on real data");

    // The round was asked, told which check failed and what main's rows looked like.
    expect(events.find(isEvent("reply-repair"))).toEqual({ type: "reply-repair", messageId: original.id, blocks: 1 });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain("- not_a_number (real data): A number was expected. (@Sum adds numbers, not boolean)");
    expect(requests[0]).toMatch(/real data: \$tests = @Query\("tests", \{"branch":"main"\}\) answered \d+ rows; the first: \[\{"name":"[^"]+","suite":"[^"]+","ms":\d+,"failed":true/);

    // The rewrite is spliced in its place as a new version; the prose is as written.
    const repaired = lastReply(snapshot.messages);
    expect(repaired.id).not.toBe(original.id);
    expect(snapshot.versions).toEqual([{ parentId: sent.userMessageId, messageIds: [original.id, repaired.id] }]);
    const fix = (library.get("test-health-data-check")?.repair ?? "").trimEnd();
    const [start, end] = [original.ui?.[0]?.range.start ?? 0, original.ui?.[0]?.range.end ?? 0];
    expect(repaired.text).toBe(original.text.slice(0, start) + fix + original.text.slice(end));
    expect(repaired.receipt).toEqual([]);
    expect(repaired.repair).toEqual({
      status: "repaired",
      of: original.id,
      blocks: [
        {
          dialect: "ui",
          position: 1,
          before: original.text.slice(start, end),
          diagnostics: [{ code: "not_a_number", message: found[0]?.message, check: "real data" }],
          after: fix,
          diagnosticsAfter: [],
        },
      ],
    });
    replay.session.assertConsumed();

    // The inspector of the reply as first written puts the finding under its block, saying which check found it.
    const inspection = inspectReply({ text: original.text, blocks: original.ui ?? [], fences: [], tools: [], receipt: original.receipt });
    expect(inspection.groups.map((group) => group.title)).toEqual(["UI block 1 (panel test-health)"]);
    expect(inspection.groups[0]?.findings.map((finding) => [finding.code, finding.check, finding.place])).toEqual([["not_a_number", "real data", "line 5"]]);
  });

  it("repairs the brief's case: the slowest test's time minus a word", async () => {
    const { replay } = harness;
    replay.session.expect("test-data-slowest").expect(repairPlayId("test-data-slowest"));
    const { original, snapshot } = await send("test data slowest");
    expect(original.ui?.[0]?.diagnostics).toEqual([]);
    expect(original.receipt.map((entry) => [entry.check, entry.code])).toEqual([["real data", "type_mismatch"]]);
    const repaired = lastReply(snapshot.messages);
    expect(repaired.repair?.status).toBe("repaired");
    expect(repaired.repair?.blocks[0]?.diagnostics.map((diagnostic) => diagnostic.check)).toEqual(["real data"]);
    expect(repaired.text).toContain('value={@Max($t, "ms")}');
    replay.session.assertConsumed();
  });

  it("checks a comparison pane's reply the same way but never repairs it: its metrics count what the checks found", async () => {
    const { replay } = harness;
    replay.session.expect("test-health-data-check");
    const { original, snapshot, events, requests } = await send("Show the test health of main", "compare");
    expect(events.some(isEvent("reply-repair"))).toBe(false);
    expect(requests).toEqual([]);
    expect(lastReply(snapshot.messages).id).toBe(original.id);
    expect(original.receipt.map((entry) => entry.check)).toEqual(["real data"]);
    const metrics = paneMetrics({ message: original, timing: null, price: null });
    expect(metrics.dataFindings).toEqual({ "real data": 1, "empty data": 0 });
    // The pane's compile diagnostics are as before: none.
    expect(metrics.diagnostics).toEqual({});
    replay.session.assertConsumed();
  });

  it("leaves a reply whose blocks read no query, or break on no data, as it was", async () => {
    const { replay } = harness;
    replay.session.expect("test-runs-query");
    const { original, events } = await send("Show the latest test runs on main");
    expect(original.receipt).toEqual([]);
    expect(events.some(isEvent("reply-repair"))).toBe(false);
    replay.session.assertConsumed();
  });
});
