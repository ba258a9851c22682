/**
 * The host actions through the chat core, as a person meets them: the live
 * test panel's "Re-run the failed tests" choice (id `rerun_tests`) is the
 * person's own click asking for exactly that, so the reply that calls
 * `rerun_tests` (the replay model, through the real AI SDK stream) runs it at
 * once; the run it adds is what the panel's query reads next, and the reply
 * stores the host's record of it. Regenerating that reply asks again with the
 * same key: no second run, the first result. The panel's "File an issue"
 * choice never showed the issue's title, so its `file_issue` call becomes a
 * proposal: nothing is filed until the person confirms its card — twice at
 * once, one issue — and the stored reply's card says what was done. The chat
 * is moved to a project of the test's own after its first reply, so the demo
 * project stays as seeded.
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
const { settleProposal } = await import("./settle-proposal");
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
    await joinProject({ projectId, userId: owner.userId, role: "maintainer" });
    replay.session.expect("failing-tests-live").expect("rerun-tests-live").expect("rerun-tests-live").expect("file-failing-tests-issue").expect("file-failing-tests-issue");
    const sent = await core.sendMessage(owner, { prompt: "Show the failing tests live", modelId });
    await core.idle();
    const chatId = sent.chat.id;
    await moveChatToProject(chatId, projectId);
    expect(await runNumbers()).toEqual([1840, 1841, 1842]);

    const picked = await core.sendChoice(owner, { chatId, messageId: sent.replyMessageId, blockId: "failing-tests", choiceId: "rerun_tests", values: {}, modelId });
    await core.idle();
    expect(await runNumbers()).toEqual([1840, 1841, 1842, 1843]);
    const latest = await listLatestTestResults({ projectId, branch: "main", limit: 100 });
    expect(latest).toHaveLength(12);
    expect(latest.filter((row) => row.failed).map((row) => row.name)).toEqual(["billing › credits partial refunds"]);

    const line = "Re-ran 3 failed tests — run #1843: 2 passed, 1 failed";
    const snapshot = await core.getChatSnapshot(owner, chatId);
    const reply = snapshot.messages.find((message) => message.id === picked.replyMessageId);
    expect(reply?.role === "assistant" ? reply.tools : null).toEqual([{ id: expect.any(String), name: "rerun_tests", textOffset: expect.any(Number), ok: true, state: "done", line }]);

    const regenerated = await core.regenerateReply(owner, { chatId, messageId: picked.replyMessageId, modelId });
    await core.idle();
    expect(await runNumbers()).toEqual([1840, 1841, 1842, 1843]);
    const again = (await core.getChatSnapshot(owner, chatId)).messages.find((message) => message.id === regenerated.replyMessageId);
    expect(again?.role === "assistant" ? again.tools : null).toEqual([{ id: expect.any(String), name: "rerun_tests", textOffset: expect.any(Number), ok: true, state: "done", line, replayed: true }]);
    expect((await listHostActions({ chatId })).map((row) => [row.action, row.status, row.messageId])).toEqual([
      ["rerun_tests", "done", picked.replyMessageId],
      ["rerun_tests", "replayed", regenerated.replyMessageId],
    ]);

    // The re-presented panel's other choice proposes an issue: the choice never showed its title, so nothing is filed yet.
    const filed = await core.sendChoice(owner, { chatId, messageId: regenerated.replyMessageId, blockId: "failing-tests", choiceId: "file_issue", values: {}, modelId });
    await core.idle();
    const issues = async () => (await (await getDatabase()).select().from(projectIssues).where(eq(projectIssues.projectId, projectId))).map((issue) => [issue.number, issue.title, issue.labels]);
    expect(await issues()).toEqual([]);
    const cardOf = async () => {
      const filing = (await core.getChatSnapshot(owner, chatId)).messages.find((message) => message.id === filed.replyMessageId);
      return filing?.role === "assistant" ? filing.tools?.[0] : undefined;
    };
    const proposed = await cardOf();
    expect(proposed).toMatchObject({ name: "file_issue", ok: false, state: "proposed", line: expect.stringMatching(/^File issue 'Billing tests fail on main' \(tests, billing\) on project .+ as Owner$/), proposalId: expect.any(String) });
    const proposalId = proposed && "proposalId" in proposed ? (proposed.proposalId ?? "") : "";

    // Another person cannot confirm it: the chat is not found for them.
    const stranger = await createTestActor("Stranger");
    await joinProject({ projectId, userId: stranger.userId, role: "maintainer" });
    await expect(settleProposal(stranger, { chatId, messageId: filed.replyMessageId, proposalId }, "confirm")).rejects.toMatchObject({ code: "not_found:chat" });
    // Nor is it a proposal of another reply of the chat.
    await expect(settleProposal(owner, { chatId, messageId: regenerated.replyMessageId, proposalId }, "confirm")).rejects.toMatchObject({ code: "not_found:message" });

    // A double click, or two tabs: confirmed twice at once, filed once.
    const answers = await Promise.all([0, 1].map(() => settleProposal(owner, { chatId, messageId: filed.replyMessageId, proposalId }, "confirm")));
    expect(answers.map((answer) => answer.settledNow).sort()).toEqual([false, true]);
    expect(await issues()).toEqual([[1, "Billing tests fail on main", ["tests", "billing"]]]);
    const done = { name: "file_issue", ok: true, state: "done", line: "Filed issue #1: Billing tests fail on main", proposalId, proposal: proposed && "line" in proposed ? proposed.line : "" };
    for (const answer of answers) expect(answer.card).toMatchObject(done);
    // The stored reply says what was done; a dismissal now changes nothing.
    expect(await cardOf()).toMatchObject(done);
    expect(await settleProposal(owner, { chatId, messageId: filed.replyMessageId, proposalId }, "dismiss")).toMatchObject({ settledNow: false, card: done });

    // The filing reply regenerated: the same request's first file_issue was done, so it says so and proposes nothing.
    const refiled = await core.regenerateReply(owner, { chatId, messageId: filed.replyMessageId, modelId });
    await core.idle();
    const refiling = (await core.getChatSnapshot(owner, chatId)).messages.find((message) => message.id === refiled.replyMessageId);
    expect(refiling?.role === "assistant" ? refiling.tools : null).toEqual([
      { id: expect.any(String), name: "file_issue", textOffset: expect.any(Number), ok: true, state: "done", line: "Filed issue #1: Billing tests fail on main", replayed: true },
    ]);
    expect(await issues()).toHaveLength(1);
    expect((await listHostActions({ chatId })).filter((row) => row.action === "file_issue").map((row) => [row.status, row.proposalId === proposalId])).toEqual([
      ["proposed", false],
      ["done", true],
      ["replayed", false],
    ]);
    replay.session.assertConsumed();
  });

  it("a dismissed proposal files nothing, says so in the stored reply, and cannot be confirmed after", async () => {
    const { core, replay, modelId } = harness;
    const owner = await createTestActor("Dismisser");
    await joinProject({ projectId, userId: owner.userId, role: "maintainer" });
    replay.session.expect("failing-tests-live").expect("file-failing-tests-issue");
    const sent = await core.sendMessage(owner, { prompt: "Show the failing tests live", modelId });
    await core.idle();
    await moveChatToProject(sent.chat.id, projectId);
    const before = (await (await getDatabase()).select().from(projectIssues).where(eq(projectIssues.projectId, projectId))).length;
    const filed = await core.sendChoice(owner, { chatId: sent.chat.id, messageId: sent.replyMessageId, blockId: "failing-tests", choiceId: "file_issue", values: {}, modelId });
    await core.idle();
    const reply = (await core.getChatSnapshot(owner, sent.chat.id)).messages.find((message) => message.id === filed.replyMessageId);
    const card = reply?.role === "assistant" ? reply.tools?.[0] : undefined;
    const proposalId = card && "proposalId" in card ? (card.proposalId ?? "") : "";
    const target = { chatId: sent.chat.id, messageId: filed.replyMessageId, proposalId };
    expect(await settleProposal(owner, target, "dismiss")).toMatchObject({ settledNow: true, card: { state: "dismissed", ok: false } });
    expect(await settleProposal(owner, target, "confirm")).toMatchObject({ settledNow: false, card: { state: "dismissed" } });
    expect((await (await getDatabase()).select().from(projectIssues).where(eq(projectIssues.projectId, projectId))).length).toBe(before);
    const stored = (await core.getChatSnapshot(owner, sent.chat.id)).messages.find((message) => message.id === filed.replyMessageId);
    expect(stored?.role === "assistant" ? stored.tools?.[0] : null).toMatchObject({ state: "dismissed", proposalId });
    replay.session.assertConsumed();
  });
});
