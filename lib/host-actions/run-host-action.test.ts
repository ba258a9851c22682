/**
 * Host actions against the real database (PGlite and Postgres): authorized
 * as the chat's user (another user's chat is not found, a project the user
 * is not a member of is refused, and so are a guest and a viewer of it),
 * applied once per idempotency key (a repeat, a regenerated reply — its
 * arguments changed by a trailing space — and two racing calls add one run),
 * proposed rather than run when a reply's tool calls them, every attempt
 * audited, and bad input answered with a typed result, never a throw. Each test acts on a project of its own (a re-run's outcome depends
 * on the project), so the demo project other suites read stays as seeded.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { getDatabase } = await import("@/db/client");
const { eq } = await import("drizzle-orm");
const { listHostActions } = await import("@/db/queries/host-actions");
const { listLatestTestResults } = await import("@/db/queries/project-model");
const { joinProject } = await import("@/db/queries/projects");
const { users } = await import("@/db/schema");
const { seedProject } = await import("@/db/queries/project-seed");
const { projectIssues, projectTestRuns } = await import("@/db/schema");
const { createTestActor, createChatWithReply, moveChatToProject, openTestDatabase, seedOtherProject, TEST_DATABASE_KINDS } = await import("@/lib/project/testing/project-test-setup");
const { runHostAction } = await import("./run-host-action");
const { HOST_ACTION_CALLS_PER_REPLY, hostActionReplyTools } = await import("./reply-tools");

type Handle = Awaited<ReturnType<typeof openTestDatabase>>;
type Actor = Awaited<ReturnType<typeof createTestActor>>;

const NOW = new Date("2026-12-04T12:00:00Z");

/** A project of this suite's own: run #41 on main with two failures, run #42 on a branch with none. */
function projectSeed(projectId: string) {
  const at = new Date("2026-12-01T10:00:00Z");
  const test = (name: string, failed: boolean, ms: number) => ({ branch: "main", runNumber: 41, name, suite: name.split(" ")[0] ?? "", ms, failed, finishedAt: at });
  return {
    project: { id: projectId, name: "Host actions", description: "", defaultBranch: "main", openMembership: false },
    files: [],
    commits: [],
    diffs: [],
    nodes: [],
    testRuns: [
      test("billing › rounds totals", true, 400),
      test("billing › applies tax", true, 380),
      test("billing › refunds", false, 1_200),
      test("search › ranks", false, 70),
      { branch: "green", runNumber: 42, name: "search › ranks", suite: "search", ms: 72, failed: false, finishedAt: at },
    ],
    digest: `${projectId}-v1`,
  };
}

describe.each(TEST_DATABASE_KINDS)("host actions on %s", (kind) => {
  let handle: Handle;
  let projectId: string;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedOtherProject();
  }, 60_000);
  afterAll(async () => handle?.release());

  /** A maintainer of a new project (the test's) with a chat in it, and the ids a reply's tools act for. */
  async function memberChat(name = "Member", role: "maintainer" | "viewer" = "maintainer") {
    projectId = `host-actions-${crypto.randomUUID().slice(0, 8)}`;
    await seedProject({ seed: projectSeed(projectId) });
    const actor = await createTestActor(name);
    await joinProject({ projectId, userId: actor.userId, role });
    const chat = await createChatWithReply(actor, { text: "Hello" }, { projectId });
    return { actor, chatId: chat.chatId, scope: scopeOf(actor, chat.chatId, `prompt-${crypto.randomUUID()}`) };
  }

  function scopeOf(actor: Actor, chatId: string, promptId: string, messageId = `reply-${crypto.randomUUID()}`) {
    return { userId: actor.userId, chatId, messageId, origin: { kind: "message" as const, messageId: promptId } };
  }

  async function runNumbers(): Promise<number[]> {
    const rows = await (await getDatabase()).selectDistinct({ runNumber: projectTestRuns.runNumber }).from(projectTestRuns).where(eq(projectTestRuns.projectId, projectId));
    return rows.map((row) => row.runNumber).sort((left, right) => left - right);
  }

  it("rerun_tests adds the next run, holding every test, the failed ones run again; the tests source reads it next", async () => {
    const { chatId, scope } = await memberChat();
    const before = await runNumbers();
    const result = await runHostAction(scope, "rerun_tests", {}, { now: NOW });
    expect(result).toMatchObject({ ok: true, action: "rerun_tests", replayed: false });
    if (!result.ok || !("runNumber" in result.record)) throw new Error("no run");
    const { record } = result;
    const next = Math.max(...before) + 1;
    expect(record).toMatchObject({ branch: "main", previousRun: 41, runNumber: next });
    expect(record.tests.map((test) => test.name)).toEqual(["billing › applies tax", "billing › rounds totals"]);
    expect(record.passed + record.failed).toBe(2);
    expect(result.line).toBe(`Re-ran 2 failed tests — run #${next}: ${record.passed} passed, ${record.failed} failed`);

    const latest = await listLatestTestResults({ projectId, branch: "main", limit: 100 });
    expect(latest.map((row) => row.runNumber)).toEqual([next, next, next, next]);
    expect(latest.filter((row) => row.failed)).toHaveLength(record.failed);
    // The tests that passed are carried over as they were.
    expect(latest.find((row) => row.name === "billing › refunds")).toMatchObject({ failed: false, ms: 1_200, finishedAt: NOW });

    const audit = await listHostActions({ chatId });
    expect(audit).toHaveLength(1);
    // The input as it ran: normalised, the default branch spelt out.
    expect(audit[0]).toMatchObject({ userId: scope.userId, actorName: "Member", action: "rerun_tests", status: "done", projectId, messageId: scope.messageId, input: { branch: "main" } });
    expect(audit[0]?.result).toEqual(record);
    expect(audit[0]?.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the same request twice — again, regenerated, or with the default spelt out — adds one run and answers with the first result", async () => {
    const { actor, chatId, scope } = await memberChat();
    const first = await runHostAction(scope, "rerun_tests", {}, { now: NOW });
    const runs = await runNumbers();
    const again = await runHostAction(scope, "rerun_tests", {}, { now: NOW });
    const regenerated = await runHostAction({ ...scope, messageId: "another-reply-to-the-same-prompt" }, "rerun_tests", { branch: "main" }, { now: NOW });
    expect(await runNumbers()).toEqual(runs);
    if (!first.ok) throw new Error("refused");
    for (const repeat of [again, regenerated]) expect(repeat).toEqual({ ...first, replayed: true });
    expect((await listHostActions({ chatId })).map((row) => row.status)).toEqual(["done", "replayed", "replayed"]);

    // A new prompt is a new request, not answered from the record: one more run, or none left to re-run.
    const later = await runHostAction(scopeOf(actor, chatId, "a-later-prompt"), "rerun_tests", {}, { now: NOW });
    const leftFailing = "runNumber" in first.record ? first.record.failed : 0;
    if (leftFailing > 0) {
      expect(later).toMatchObject({ ok: true, replayed: false });
      expect(await runNumbers()).toEqual([...runs, Math.max(...runs) + 1]);
    } else expect(later).toMatchObject({ ok: false, code: "nothing_to_do" });
  });

  it("two racing calls with one key — the same choice sent from two tabs — add one run", async () => {
    const { actor, chatId } = await memberChat();
    const chosen = { messageId: "reply-1", blockId: "tests", choiceId: "rerun_tests" };
    const runs = await runNumbers();
    const results = await Promise.all(
      ["turn-in-tab-1", "turn-in-tab-2"].map((messageId) => runHostAction({ userId: actor.userId, chatId, messageId, origin: { kind: "choice", chosen, fields: [] } }, "rerun_tests", {}, { now: NOW })),
    );
    expect(await runNumbers()).toEqual([...runs, Math.max(...runs) + 1]);
    expect(results.map((result) => result.ok && result.replayed).sort()).toEqual([false, true]);
    expect((await listHostActions({ chatId })).map((row) => row.status).sort()).toEqual(["done", "replayed"]);
  });

  it("refuses another user's chat as not found, and a project the chat's user is not a member of, and audits both", async () => {
    const owner = await memberChat("Owner");
    const stranger = await createTestActor("Stranger");
    await joinProject({ projectId, userId: stranger.userId });
    const runs = await runNumbers();
    const intruding = await runHostAction({ ...owner.scope, userId: stranger.userId }, "rerun_tests", {}, { now: NOW });
    expect(intruding).toMatchObject({ ok: false, code: "not_found" });
    const filing = await runHostAction({ ...owner.scope, userId: stranger.userId }, "file_issue", { title: "Spam", body: "" });
    expect(filing).toMatchObject({ ok: false, code: "not_found" });

    // The chat's own user, in a closed project they are not a member of.
    const outsider = await createTestActor("Outsider");
    const closed = await createChatWithReply(outsider, { text: "Hello" });
    await moveChatToProject(closed.chatId, "other");
    const forbidden = await runHostAction(scopeOf(outsider, closed.chatId, "prompt"), "rerun_tests", { branch: "trunk" }, { now: NOW });
    expect(forbidden).toMatchObject({ ok: false, code: "forbidden" });

    expect(await runNumbers()).toEqual(runs);
    const database = await getDatabase();
    expect(await database.select().from(projectTestRuns).where(eq(projectTestRuns.projectId, "other"))).toHaveLength(1);
    expect((await listHostActions({ chatId: owner.chatId })).map((row) => [row.userId, row.status, row.errorCode])).toEqual([
      [stranger.userId, "refused", "not_found"],
      [stranger.userId, "refused", "not_found"],
    ]);
    expect((await listHostActions({ chatId: closed.chatId })).map((row) => [row.status, row.errorCode, row.projectId])).toEqual([["refused", "forbidden", "other"]]);
  });

  it("answers bad input with a typed result, never a throw, and audits it", async () => {
    const { chatId, scope } = await memberChat();
    const runs = await runNumbers();
    const inputs: [string, unknown][] = [
      ["rerun_tests", { branch: 5 }],
      ["rerun_tests", { branch: "main", force: true }],
      ["rerun_tests", "re-run everything"],
      ["file_issue", { title: "", body: "x" }],
      ["file_issue", { title: "No body" }],
      ["file_issue", { title: "Too many labels", body: "", labels: Array.from({ length: 11 }, (_, index) => `l${index}`) }],
    ];
    for (const [name, input] of inputs) {
      const result = await runHostAction(scope, name as "rerun_tests" | "file_issue", input);
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, action: name, code: "bad_input" });
      if (!result.ok && "message" in result) expect(result.message).toMatch(/does not fit its schema .*; nothing was done\.$/);
    }
    expect(await runNumbers()).toEqual(runs);
    const audit = await listHostActions({ chatId });
    expect(audit.map((row) => [row.status, row.errorCode, row.idempotencyKey])).toEqual(inputs.map(() => ["refused", "bad_input", null]));
    expect(audit[0]?.input).toEqual({ branch: 5 });
  });

  it("declines a branch whose newest run has no failure, or that has no run, changing nothing", async () => {
    const { chatId, scope } = await memberChat();
    const runs = await runNumbers();
    expect(await runHostAction(scope, "rerun_tests", { branch: "green" })).toMatchObject({ ok: false, code: "nothing_to_do", message: "Run #42 on green has no failed tests; nothing was re-run." });
    expect(await runHostAction(scope, "rerun_tests", { branch: "nowhere" })).toMatchObject({ ok: false, code: "nothing_to_do" });
    expect(await runNumbers()).toEqual(runs);
    expect((await listHostActions({ chatId })).map((row) => [row.status, row.errorCode])).toEqual([
      ["refused", "nothing_to_do"],
      ["refused", "nothing_to_do"],
    ]);
  });

  it("file_issue records an issue under the project's next number, once per request", async () => {
    const { actor, chatId, scope } = await memberChat("Filer");
    const input = { title: "Billing tests fail on main", body: "Two billing tests fail in run #41.", labels: ["tests", "billing", "tests"] };
    const first = await runHostAction(scope, "file_issue", input);
    expect(first).toMatchObject({ ok: true, action: "file_issue", replayed: false, record: { title: input.title, labels: ["tests", "billing"] } });
    if (!first.ok || !("number" in first.record)) throw new Error("not filed");
    const number = first.record.number;
    expect(first.line).toBe(`Filed issue #${number}: Billing tests fail on main`);
    expect(await runHostAction(scope, "file_issue", input)).toEqual({ ...first, replayed: true });

    // A regenerated reply whose body gained a trailing space is the same request: the key is the request and the call's place, never the arguments.
    expect(await runHostAction({ ...scope, messageId: "regenerated" }, "file_issue", { ...input, body: `${input.body} ` })).toEqual({ ...first, replayed: true });
    // The reply's second file_issue is another issue.
    const other = await runHostAction(scope, "file_issue", { title: "Another one", body: "" }, { position: 1 });
    expect(other).toMatchObject({ ok: true, record: { number: number + 1 } });
    const stored = await (await getDatabase()).select().from(projectIssues).where(eq(projectIssues.projectId, projectId));
    expect(stored.map((issue) => [issue.number, issue.title, issue.labels, issue.createdBy, issue.chatId])).toEqual([
      [number, input.title, ["tests", "billing"], actor.userId, chatId],
      [number + 1, "Another one", [], actor.userId, chatId],
    ]);
  });

  it("refuses a guest and a viewer of the project with a typed error the model reads, changing nothing", async () => {
    const viewer = await memberChat("Viewer", "viewer");
    const runs = await runNumbers();
    expect(await runHostAction(viewer.scope, "rerun_tests", {}, { now: NOW })).toMatchObject({ ok: false, code: "viewer", message: expect.stringMatching(/viewer of this project: only its maintainers may act/) });
    expect(await runHostAction(viewer.scope, "file_issue", { title: "Spam", body: "" })).toMatchObject({ ok: false, code: "viewer" });

    // A guest account, even one a maintainer row names: a guest never acts on a project.
    const guestId = crypto.randomUUID();
    await (await getDatabase()).insert(users).values({ id: guestId, name: "Guest", email: `${guestId}@guest.test`, isAnonymous: true });
    await joinProject({ projectId, userId: guestId, role: "maintainer" });
    const guestChat = await createChatWithReply({ userId: guestId, role: "user", isGuest: true, name: "Guest" }, { text: "Hello" }, { projectId });
    const guestScope = { userId: guestId, chatId: guestChat.chatId, messageId: "reply", origin: { kind: "message" as const, messageId: "prompt" } };
    expect(await runHostAction(guestScope, "rerun_tests", {}, { now: NOW })).toMatchObject({ ok: false, code: "guest", message: expect.stringContaining("A guest may read this project but not act on it") });

    expect(await runNumbers()).toEqual(runs);
    expect(await (await getDatabase()).select().from(projectIssues).where(eq(projectIssues.projectId, projectId))).toEqual([]);
    expect((await listHostActions({ chatId: viewer.chatId })).map((row) => [row.status, row.errorCode])).toEqual([
      ["refused", "viewer"],
      ["refused", "viewer"],
    ]);
    expect((await listHostActions({ chatId: guestChat.chatId })).map((row) => [row.status, row.errorCode])).toEqual([["refused", "guest"]]);
  });

  it("as AI SDK tools: any input reaches the host, a call becomes a proposal and nothing is done; a reply past its share of calls is refused", async () => {
    const { actor, chatId } = await memberChat("Tools");
    const tools = hostActionReplyTools({ userId: actor.userId, chatId, messageId: "reply", replyTo: "prompt", thread: [] });
    const options = { toolCallId: "call", messages: [] };
    const execute = (name: "rerun_tests" | "file_issue", input: unknown) => {
      const run = tools[name].execute;
      if (run === undefined) throw new Error("no execute");
      return run(input, options) as Promise<unknown>;
    };
    const runs = await runNumbers();
    expect(await execute("file_issue", { title: 5 })).toMatchObject({ ok: false, code: "bad_input" });
    for (let index = 2; index <= HOST_ACTION_CALLS_PER_REPLY; index += 1) {
      expect(await execute("file_issue", { title: `Issue ${index}`, body: "" })).toMatchObject({
        ok: false,
        proposed: true,
        proposalId: expect.any(String),
        line: `File issue 'Issue ${index}' on project Host actions as Tools`,
      });
    }
    expect(await execute("rerun_tests", {})).toMatchObject({ ok: false, code: "too_many" });
    expect(await (await getDatabase()).select().from(projectIssues).where(eq(projectIssues.projectId, projectId))).toEqual([]);
    expect(await runNumbers()).toEqual(runs);
    const audit = await listHostActions({ chatId });
    expect(audit.map((row) => row.errorCode ?? row.status)).toEqual(["bad_input", "proposed", "proposed", "proposed", "too_many"]);
    // Each proposal holds the checked input it would run with, under a key of its own place.
    expect(new Set(audit.filter((row) => row.status === "proposed").map((row) => row.idempotencyKey)).size).toBe(HOST_ACTION_CALLS_PER_REPLY - 1);
    expect(audit[1]?.input).toEqual({ title: "Issue 2", body: "", labels: [] });
  });
});
