import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { createChat } = await import("@/db/queries/chats");
const { DATA_TOOL_CHARACTER_LIMIT, DATA_TOOL_ROW_LIMIT, projectDataTools, readProjectData, READ_PROJECT_DATA_TOOL_NAME } = await import("./data-tool");
const { QueryQuota, QUERY_QUOTA_LIMITS } = await import("./query-quota");
const { NOT_A_MEMBER_MESSAGE } = await import("./authorize-project");
const { loadReplayLibrary } = await import("@/lib/models/replay/load-recordings");
const { createTestActor, moveChatToProject, openTestDatabase, seedOtherProject } = await import("./testing/project-test-setup");

type Actor = Awaited<ReturnType<typeof createTestActor>>;

async function chatOf(actor: Actor): Promise<string> {
  return (await createChat({ userId: actor.userId, title: "Data tool", modelId: "replay:default" })).id;
}

describe("read_project_data", () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let owner: Actor;
  let stranger: Actor;
  let chatId: string;
  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    await seedOtherProject();
    owner = await createTestActor("Owner");
    stranger = await createTestActor("Stranger");
    chatId = await chatOf(owner);
  }, 60_000);
  afterAll(async () => {
    await handle.release();
  });

  it("reads the rows the query route reads, as the chat's owner", async () => {
    const result = await readProjectData({ userId: owner.userId, chatId }, { source: "tests", arguments: { branch: "main", failedOnly: true } });
    expect(result).toMatchObject({ ok: true, source: "tests", rowCount: 3, leftOut: 0, more: false });
    if (!result.ok) throw new Error("refused");
    expect(result.note).toBeUndefined();
    const slowest = [...result.rows].sort((a, b) => Number(b.ms) - Number(a.ms))[0];
    expect(slowest).toMatchObject({ name: "billing › credits partial refunds", ms: 1204, owner: "Amara Okafor", runAt: "2026-11-30T14:04:12.000Z" });
  });

  it("gives another person's chat nothing: not found, as the policy answers", async () => {
    const result = await readProjectData({ userId: stranger.userId, chatId }, { source: "tests", arguments: { branch: "main" } });
    expect(result).toEqual({ ok: false, source: "tests", error: { code: "not_found:chat", message: "This chat does not exist, or it is not yours." } });
  });

  it("gives a chat of a project the person is not a member of nothing: forbidden", async () => {
    const closed = await chatOf(owner);
    await moveChatToProject(closed, "other");
    const result = await readProjectData({ userId: owner.userId, chatId: closed }, { source: "tests", arguments: { branch: "trunk" } });
    expect(result).toEqual({ ok: false, source: "tests", error: { code: "forbidden:project", message: NOT_A_MEMBER_MESSAGE } });
  });

  it("cuts a long answer to the row limit and says how many rows were left out", async () => {
    const result = await readProjectData({ userId: owner.userId, chatId }, { source: "metrics" });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.rowCount).toBe(280);
    expect(result.rows).toHaveLength(DATA_TOOL_ROW_LIMIT);
    expect(result.leftOut).toBe(280 - DATA_TOOL_ROW_LIMIT);
    expect(result.note).toBe(`${280 - DATA_TOOL_ROW_LIMIT} of 280 rows were left out to fit your context; ask for fewer (a limit or a filter) to see them.`);
    expect(JSON.stringify(result.rows).length).toBeLessThanOrEqual(DATA_TOOL_CHARACTER_LIMIT);
  });

  it("says when the source itself had more rows than it returned", async () => {
    const result = await readProjectData({ userId: owner.userId, chatId }, { source: "incidents", arguments: { limit: 2 } });
    expect(result).toMatchObject({ ok: true, rowCount: 2, leftOut: 0, more: true, note: "The source had more rows than it returns at once." });
  });

  it("answers bad arguments and unknown sources with a typed error result, not a throw", async () => {
    const misspelt = await readProjectData({ userId: owner.userId, chatId }, { source: "tests", arguments: { brnch: "main" } });
    expect(misspelt).toMatchObject({ ok: false, error: { code: "bad_request:query" } });
    if (misspelt.ok) throw new Error("accepted");
    expect(misspelt.error.message).toMatch(/^The arguments do not fit the "tests" source: /);
    // A limit past the source's cap is read at the cap, as the compiler clamps it in a block.
    const capped = await readProjectData({ userId: owner.userId, chatId }, { source: "incidents", arguments: { limit: 1_000 } });
    expect(capped).toMatchObject({ ok: true, rowCount: 6, more: false });
    const unknown = await readProjectData({ userId: owner.userId, chatId }, { source: "secrets" });
    expect(unknown).toEqual({ ok: false, source: "secrets", error: { code: "not_found:query", message: 'There is no query source named "secrets".' } });
  });

  it("refuses past the person's tool quota with rate_limit:query", async () => {
    const quota = new QueryQuota({ ...QUERY_QUOTA_LIMITS, tool: { queries: 1, rows: 1_000, windowMs: 60_000 } });
    const scope = { userId: owner.userId, chatId, quota };
    expect(await readProjectData(scope, { source: "nodes" })).toMatchObject({ ok: true });
    expect(await readProjectData(scope, { source: "nodes" })).toMatchObject({ ok: false, error: { code: "rate_limit:query" } });
  });

  it("answers every recorded call, and the recordings' prose quotes rows the seeded project really holds", async () => {
    const library = loadReplayLibrary();
    const calls = library.recordings.flatMap((recording) =>
      recording.steps.flatMap((step) => step.toolCalls.filter((call) => call.toolName === READ_PROJECT_DATA_TOOL_NAME).map((call) => ({ id: recording.id, call }))),
    );
    expect(new Set(calls.map(({ id }) => id))).toEqual(new Set(["project-data-tool", "incidents-live"]));
    const read: Record<string, Record<string, unknown>[]> = {};
    for (const { id, call } of calls) {
      const result = await readProjectData({ userId: owner.userId, chatId }, JSON.parse(call.input));
      if (!result.ok) throw new Error(`${id}: ${result.error.message}`);
      (read[id] ??= []).push(...result.rows);
    }
    const reply = (id: string) => readFileSync(path.join(process.cwd(), "fixtures", "replays", id, "reply.md"), "utf8");
    const slowest = [...read["project-data-tool"]!].sort((a, b) => Number(b.ms) - Number(a.ms))[0]!;
    expect(reply("project-data-tool")).toContain(`**${String(slowest.name)}** at ${Number(slowest.ms).toLocaleString("en-US")} ms (owner: ${String(slowest.owner)})`);
    const [incident, ...others] = read["incidents-live"]!.filter((row) => "severity" in row);
    expect(others).toEqual([]);
    expect(reply("incidents-live")).toContain(`**${String(incident!.id)}**, "${String(incident!.title)}" (${String(incident!.severity)}, ${String(incident!.service)})`);
    const peak = Math.max(...read["incidents-live"]!.filter((row) => "metric" in row).map((row) => Number(row.value)));
    expect(reply("incidents-live")).toContain(`reached ${peak} ms on 30 November`);
  });

  it("is offered to the AI SDK under its name, and its execute never throws", async () => {
    const tools = projectDataTools({ userId: stranger.userId, chatId });
    const tool = tools[READ_PROJECT_DATA_TOOL_NAME];
    expect(tool.description).toMatch(/@Query/);
    const output = await tool.execute!({ source: "tests", arguments: { branch: "main" } }, { toolCallId: "call-1", messages: [] });
    expect(output).toMatchObject({ ok: false, error: { code: "not_found:chat" } });
  });
});
