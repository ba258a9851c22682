/**
 * The host actions through the chat core, as a person meets them: the live
 * test panel's "Re-run the failed tests" choice is answered by a reply that
 * calls `rerun_tests` (the replay model, through the real AI SDK stream); the
 * run it adds is what the panel's query reads next, and the reply stores the
 * host's record of it. Regenerating that reply asks again with the same key:
 * no second run, the first result. The chat is moved to a project of the
 * test's own after its first reply, so the demo project stays as seeded.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { eq } = await import("drizzle-orm");
const { getDatabase } = await import("@/db/client");
const { listHostActions } = await import("@/db/queries/host-actions");
const { listLatestTestResults } = await import("@/db/queries/project-model");
const { joinProject } = await import("@/db/queries/projects");
const { seedProject } = await import("@/db/queries/project-seed");
const { projectIssues, projectTestRuns } = await import("@/db/schema");
const { MemoryChatBus, MemoryChatNetwork } = await import("@/lib/chat/bus/memory-chat-bus");
const { createTestActor, createTestChatCore, openTestDatabase } = await import("@/lib/chat/testing/chat-test-setup");
const { moveChatToProject } = await import("@/lib/project/testing/project-test-setup");
const { PROJECT_QUERY_SCHEMAS } = await import("@/lib/project/query-sources");
const { demoProjectSeed, loadDemoProject } = await import("@/lib/project/demo/load-demo-project");

describe("host actions in a chat", () => {
  let release: () => Promise<void>;
  let harness: ReturnType<typeof createTestChatCore>;
  const projectId = "host-actions-chat";

  beforeAll(async () => {
    release = (await openTestDatabase("pglite")).release;
    // The demo project's data under another id: the same story, acted on apart from the demo project.
    const demo = demoProjectSeed(loadDemoProject());
    await seedProject({ seed: { ...demo, project: { ...demo.project, id: projectId, openMembership: false }, digest: `${demo.digest}-host-actions` } });
    harness = createTestChatCore({ bus: new MemoryChatBus({ network: new MemoryChatNetwork() }), querySchemas: PROJECT_QUERY_SCHEMAS });
  }, 60_000);
  afterAll(async () => {
    await harness?.core.close();
    await release?.();
  }, 60_000);

  async function runNumbers(): Promise<number[]> {
    const rows = await (await getDatabase()).selectDistinct({ runNumber: projectTestRuns.runNumber }).from(projectTestRuns).where(eq(projectTestRuns.projectId, projectId));
    return rows.map((row) => row.runNumber).sort((left, right) => left - right);
  }

  it("a choice re-runs the failed tests once: the panel's next reading shows the new run, the reply keeps the record, a regenerate adds nothing", async () => {
    const { core, replay, modelId } = harness;
    const owner = await createTestActor("Owner");
    await joinProject({ projectId, userId: owner.userId });
    replay.session.expect("failing-tests-live").expect("rerun-tests-live").expect("rerun-tests-live").expect("file-failing-tests-issue");
    const sent = await core.sendMessage(owner, { prompt: "Show the failing tests live", modelId });
    await core.idle();
    const chatId = sent.chat.id;
    await moveChatToProject(chatId, projectId);
    expect(await runNumbers()).toEqual([1840, 1841, 1842]);

    const picked = await core.sendChoice(owner, { chatId, messageId: sent.replyMessageId, blockId: "failing-tests", choiceId: "rerun", values: {}, modelId });
    await core.idle();
    expect(await runNumbers()).toEqual([1840, 1841, 1842, 1843]);
    const latest = await listLatestTestResults({ projectId, branch: "main", limit: 100 });
    expect(latest).toHaveLength(12);
    expect(latest.filter((row) => row.failed).map((row) => row.name)).toEqual(["billing › credits partial refunds"]);

    const line = "Re-ran 3 failed tests — run #1843: 2 passed, 1 failed";
    const snapshot = await core.getChatSnapshot(owner, chatId);
    const reply = snapshot.messages.find((message) => message.id === picked.replyMessageId);
    expect(reply?.role === "assistant" ? reply.tools : null).toEqual([{ id: expect.any(String), name: "rerun_tests", textOffset: expect.any(Number), ok: true, line }]);

    const regenerated = await core.regenerateReply(owner, { chatId, messageId: picked.replyMessageId, modelId });
    await core.idle();
    expect(await runNumbers()).toEqual([1840, 1841, 1842, 1843]);
    const again = (await core.getChatSnapshot(owner, chatId)).messages.find((message) => message.id === regenerated.replyMessageId);
    expect(again?.role === "assistant" ? again.tools : null).toEqual([{ id: expect.any(String), name: "rerun_tests", textOffset: expect.any(Number), ok: true, line, replayed: true }]);
    expect((await listHostActions({ chatId })).map((row) => [row.action, row.status, row.messageId])).toEqual([
      ["rerun_tests", "done", picked.replyMessageId],
      ["rerun_tests", "replayed", regenerated.replyMessageId],
    ]);

    // The re-presented panel's other choice files an issue.
    const filed = await core.sendChoice(owner, { chatId, messageId: regenerated.replyMessageId, blockId: "failing-tests", choiceId: "file", values: {}, modelId });
    await core.idle();
    const issues = await (await getDatabase()).select().from(projectIssues).where(eq(projectIssues.projectId, projectId));
    expect(issues.map((issue) => [issue.number, issue.title, issue.labels])).toEqual([[1, "Billing tests fail on main", ["tests", "billing"]]]);
    const filing = (await core.getChatSnapshot(owner, chatId)).messages.find((message) => message.id === filed.replyMessageId);
    expect(filing?.role === "assistant" ? filing.tools?.map((card) => [card.name, "line" in card ? card.line : null]) : null).toEqual([["file_issue", "Filed issue #1: Billing tests fail on main"]]);
    replay.session.assertConsumed();
  });
});
