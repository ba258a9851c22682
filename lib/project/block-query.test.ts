import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { eq } = await import("drizzle-orm");
const { getDatabase } = await import("@/db/client");
const { joinProject } = await import("@/db/queries/projects");
const { messages } = await import("@/db/schema");
const { UiState } = await import("@/lib/ui/state/ui-state");
const { uiQueryKey } = await import("@/lib/ui/query/query-key");
const { answerBlockQuery, REPLACED_QUERY_MESSAGE } = await import("./block-query");
const { NOT_A_MEMBER_MESSAGE } = await import("./authorize-project");
const { processQueryQuota, QUERY_QUOTA_LIMITS } = await import("./query-quota");
const { compileStoredBlocks, createChatWithReply, createTestActor, openTestDatabase, seedOtherProject, TEST_DATABASE_KINDS } = await import(
  "./testing/project-test-setup"
);

type Actor = Awaited<ReturnType<typeof createTestActor>>;
type UiBlock = ReturnType<typeof compileStoredBlocks>[number];

const TEST_RUNS_REPLY = readFileSync(path.join(process.cwd(), "fixtures", "replays", "test-runs-query", "reply.md"), "utf8");

/** A block whose query reads a switch and a slider, with a switch that only shows when the first is on. */
const FILTERED_REPLY = [
  "```ui",
  "$failedOnly = false",
  "$limit = 12",
  "$extra = false",
  '$runs = @Query("tests", {branch: "main", failedOnly: $failedOnly, limit: $limit})',
  '<Switch label="Failed only" value={$failedOnly}/>',
  '<Slider label="Rows" min={1} max={12} value={$limit}/>',
  "<Show when={$failedOnly}>",
  '  <Switch label="Extra" value={$extra}/>',
  "</Show>",
  "<Table rows={$runs}>",
  '  <Column field="name"/>',
  "</Table>",
  "```",
].join("\n");

function request(fixture: { messageId: string; blocks: UiBlock[] }, name: string, extra: Record<string, unknown> = {}) {
  return { messageId: fixture.messageId, blockId: fixture.blocks[0]!.id, name, ...extra };
}

describe.each(TEST_DATABASE_KINDS)("answering a block's query on %s", (kind) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let owner: Actor;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedOtherProject();
    owner = await createTestActor("Owner");
  }, 60_000);
  afterAll(async () => {
    await handle.release();
  });

  it("answers the test-runs recording's query with the stored definition's key, which the block's state accepts", async () => {
    const fixture = await createChatWithReply(owner, { text: TEST_RUNS_REPLY });
    const block = fixture.blocks[0]!;
    const answer = await answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs") });
    const declaration = block.declarations.find((candidate) => candidate.name === "runs")!;
    expect(answer).toMatchObject({ name: "runs", key: uiQueryKey(declaration), source: "tests", arguments: { branch: "main" }, truncated: false });
    expect(answer.rows).toHaveLength(12);
    const state = new UiState(block);
    state.setQuery("runs", answer.rows, answer);
    expect(state.value("failed")).toHaveLength(3);
  });

  it("evaluates the arguments from the submitted values of visible inputs", async () => {
    const fixture = await createChatWithReply(owner, { text: FILTERED_REPLY });
    const defaults = await answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs") });
    expect(defaults.rows).toHaveLength(12);
    const failed = await answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs", { values: { failedOnly: true } }) });
    expect(failed.arguments).toEqual({ branch: "main", failedOnly: true, limit: 12 });
    expect(failed.rows.map((row) => row.failed)).toEqual([true, true, true]);
    const few = await answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs", { values: { limit: 2 } }) });
    expect(few).toMatchObject({ truncated: true });
    expect(few.rows).toHaveLength(2);
    // The key names the definition, not the values: every answer is for the same definition.
    expect(new Set([defaults.key, failed.key, few.key]).size).toBe(1);
  });

  it("answers another person's chat as not found", async () => {
    const fixture = await createChatWithReply(owner, { text: TEST_RUNS_REPLY });
    const stranger = await createTestActor("Stranger");
    await expect(answerBlockQuery({ actor: stranger, chatId: fixture.chatId, body: request(fixture, "runs") })).rejects.toMatchObject({ code: "not_found:chat" });
    await expect(answerBlockQuery({ actor: owner, chatId: "no-such-chat", body: request(fixture, "runs") })).rejects.toMatchObject({ code: "not_found:chat" });
  });

  it("refuses the owner of a chat whose project they are not a member of", async () => {
    const fixture = await createChatWithReply(owner, { text: TEST_RUNS_REPLY }, { projectId: "other" });
    await expect(answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs") })).rejects.toMatchObject({
      code: "forbidden:project",
      publicMessage: NOT_A_MEMBER_MESSAGE,
    });
    const member = await createTestActor("Member of other");
    await joinProject({ projectId: "other", userId: member.userId });
    const own = await createChatWithReply(member, { text: TEST_RUNS_REPLY }, { projectId: "other" });
    // Admitted, and reading the other project's runs: it has none on main.
    expect((await answerBlockQuery({ actor: member, chatId: own.chatId, body: request(own, "runs") })).rows).toEqual([]);
  });

  it("refuses a message or a block that is not the chat's", async () => {
    const fixture = await createChatWithReply(owner, { text: TEST_RUNS_REPLY });
    const elsewhere = await createChatWithReply(owner, { text: TEST_RUNS_REPLY });
    const cases = [
      { ...request(fixture, "runs"), messageId: elsewhere.messageId },
      { ...request(fixture, "runs"), blockId: elsewhere.blocks[0]!.id },
      { ...request(fixture, "runs"), blockId: `${fixture.blocks[0]!.id}x` },
      { ...request(fixture, "runs"), messageId: crypto.randomUUID() },
    ];
    for (const body of cases) {
      await expect(answerBlockQuery({ actor: owner, chatId: fixture.chatId, body }), JSON.stringify(body)).rejects.toMatchObject({ code: "not_found:message" });
    }
    // The person's own prompt is a message of the chat, but it holds no block.
    const rows = await (await getDatabase()).select({ id: messages.id, role: messages.role }).from(messages).where(eq(messages.chatId, fixture.chatId));
    const prompt = rows.find((row) => row.role === "user")!;
    await expect(answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: { ...request(fixture, "runs"), messageId: prompt.id } })).rejects.toMatchObject({
      code: "not_found:message",
    });
  });

  it("refuses a query name the block does not declare (or that is not a query)", async () => {
    const fixture = await createChatWithReply(owner, { text: TEST_RUNS_REPLY });
    for (const name of ["jobs", "failed", "slowOnly", "__proto__"]) {
      await expect(answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, name) }), name).rejects.toMatchObject({ code: "not_found:query" });
    }
  });

  it("refuses tampered values: a changed type, a hidden control, an out-of-range slider, an unknown or computed name", async () => {
    const fixture = await createChatWithReply(owner, { text: FILTERED_REPLY });
    const tampered = [
      { failedOnly: "yes" },
      { extra: true },
      { limit: 13 },
      { limit: 0 },
      { limit: 2.5 },
      { branch: "other" },
      { runs: [] },
      ["failedOnly"],
    ];
    for (const values of tampered) {
      await expect(answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs", { values }) }), JSON.stringify(values)).rejects.toMatchObject({
        code: "bad_request:query",
      });
    }
    // The hidden switch is accepted once the switch that shows it is on.
    const shown = await answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs", { values: { failedOnly: true, extra: true } }) });
    expect(shown.rows).toHaveLength(3);
  });

  it("refuses a stored block whose arguments read query data, even though the compiler never writes one", async () => {
    const messageId = crypto.randomUUID();
    const [block] = compileStoredBlocks(
      messageId,
      ['```ui', '$runs = @Query("tests", {branch: "main"})', "$count = @Count($runs)", '$more = @Query("tests", {branch: "main", limit: 3})', "<Summary>{$count}</Summary>", "```"].join("\n"),
    );
    const tampered = {
      ...block!,
      declarations: block!.declarations.map((declaration) =>
        declaration.name === "more" ? { ...declaration, arguments: '{branch: "main", limit: $count}' } : declaration,
      ),
    };
    const fixture = await createChatWithReply(owner, { text: "hand-made", blocks: [tampered] });
    await expect(answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "more") })).rejects.toMatchObject({
      code: "bad_request:query",
      publicMessage: expect.stringContaining("$count"),
    });
    // The other query of the same block is fine.
    expect((await answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs") })).rows).toHaveLength(12);
  });

  it("refuses a replaced definition: a stale key is a conflict, and an answer for the new one is refused by the old state", async () => {
    const fixture = await createChatWithReply(owner, { text: FILTERED_REPLY });
    const before = fixture.blocks[0]!;
    const oldKey = (await answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs") })).key;
    // A newer revision of the panel changes the query's definition where it is stored.
    const [replaced] = compileStoredBlocks(fixture.messageId, FILTERED_REPLY.replace('branch: "main"', 'branch: "fix/invoice-rounding"'));
    await (await getDatabase()).update(messages).set({ ui: [replaced!] as never }).where(eq(messages.id, fixture.messageId));
    await expect(answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs", { key: oldKey }) })).rejects.toMatchObject({
      code: "conflict:query",
      publicMessage: REPLACED_QUERY_MESSAGE,
    });
    const answer = await answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs") });
    expect(answer.key).not.toBe(oldKey);
    expect(answer.rows.every((row) => row.run === 1841)).toBe(true);
    const staleState = new UiState(before);
    expect(() => staleState.setQuery("runs", answer.rows, answer)).toThrow(expect.objectContaining({ code: "replaced_query" }));
  });

  it("refuses a person past their query quota with rate_limit:query, and only them", async () => {
    const busy = await createTestActor("Busy");
    const fixture = await createChatWithReply(busy, { text: TEST_RUNS_REPLY });
    expect((await answerBlockQuery({ actor: busy, chatId: fixture.chatId, body: request(fixture, "runs") })).rows).toHaveLength(12);
    for (let used = 1; used < QUERY_QUOTA_LIMITS.query.queries; used += 1) processQueryQuota().begin(busy.userId, "query");
    await expect(answerBlockQuery({ actor: busy, chatId: fixture.chatId, body: request(fixture, "runs") })).rejects.toMatchObject({
      code: "rate_limit:query",
      status: 429,
    });
    const calm = await createChatWithReply(owner, { text: TEST_RUNS_REPLY });
    expect((await answerBlockQuery({ actor: owner, chatId: calm.chatId, body: request(calm, "runs") })).rows).toHaveLength(12);
  });

  it("refuses an unfinished stored block and a malformed request", async () => {
    const fixture = await createChatWithReply(owner, { text: TEST_RUNS_REPLY.replace(/```\n\nAsk me[\s\S]*$/, "") });
    expect(fixture.blocks[0]!.complete).toBe(false);
    await expect(answerBlockQuery({ actor: owner, chatId: fixture.chatId, body: request(fixture, "runs") })).rejects.toMatchObject({ code: "bad_request:query" });
    for (const body of [null, "runs", { messageId: fixture.messageId }, { ...request(fixture, "runs"), extra: 1 }, { ...request(fixture, "runs"), name: "" }]) {
      await expect(answerBlockQuery({ actor: owner, chatId: fixture.chatId, body }), JSON.stringify(body)).rejects.toMatchObject({ code: "bad_request:query" });
    }
  });
});
