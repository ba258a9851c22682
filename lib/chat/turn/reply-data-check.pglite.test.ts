/**
 * The data check's reads on the embedded database: the first reading of a
 * reply's queries, read as the chat's owner through `readProjectSource`,
 * each distinct query once; on a quota of its own (the person's is left
 * whole); a source that does not answer within the budget, a refused read
 * and a project the person cannot read are skipped, never failed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

/** Every read the check makes, and the sources that never answer. */
const reads = vi.hoisted(() => ({ calls: [] as { source: string; arguments: unknown; channel: string; userId: string }[], hang: new Set<string>() }));

vi.mock("@/lib/project/read-project-source", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/project/read-project-source")>();
  return {
    ...actual,
    readProjectSource: (input: Parameters<typeof actual.readProjectSource>[0]) => {
      reads.calls.push({ source: input.source, arguments: input.arguments, channel: input.channel, userId: input.actor.userId });
      return reads.hang.has(input.source) ? new Promise<never>(() => {}) : actual.readProjectSource(input);
    },
  };
});

const { createChat } = await import("@/db/queries/chats");
const { PROJECT_QUERY_SCHEMAS } = await import("@/lib/project/query-sources");
const { QueryQuota, QUERY_QUOTA_LIMITS, QUERY_QUOTA_WINDOW_MS, processQueryQuota } = await import("@/lib/project/query-quota");
const { compileUi } = await import("@/lib/ui/compile/compile-ui");
const { createTestActor, moveChatToProject, openTestDatabase, seedOtherProject } = await import("@/lib/project/testing/project-test-setup");
const { checkReplyData } = await import("./reply-data-check");
const { loadReplayLibrary } = await import("@/lib/models/replay/load-recordings");
const { replyText } = await import("@/lib/models/replay/testing/recording-problems");

type Actor = Awaited<ReturnType<typeof createTestActor>>;

const FAILING_SUM = '$t = @Query("tests", {branch: "main"})\n<Stats><Stat label="Failing" value={@Sum($t, "failed")}/></Stats>';
const SAME_QUERY = '$runs = @Query("tests", {branch: "main"})\n<Stats><Stat label="Runs" value={@Count($runs)}/></Stats>';
const METRICS = '$m = @Query("metrics", {service: "billing-api", metric: "p95_latency"})\n<Stats><Stat label="Latest p95" value={$m[0].value - "ms"}/></Stats>';

function blocksOf(...bodies: string[]) {
  const text = bodies.map((body) => `\`\`\`ui\n${body}\n\`\`\``).join("\n\nProse.\n\n");
  return compileUi(text, { id: "reply", final: true, querySchemas: PROJECT_QUERY_SCHEMAS });
}

describe("checkReplyData (pglite)", () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let owner: Actor;
  let chatId: string;

  beforeAll(async () => {
    handle = await openTestDatabase("pglite");
    await seedOtherProject();
    owner = await createTestActor("Owner");
    chatId = (await createChat({ userId: owner.userId, title: "Data check", modelId: "replay:default" })).id;
  }, 60_000);

  afterAll(async () => {
    await handle.release();
  });

  afterEach(() => {
    reads.calls.length = 0;
    reads.hang.clear();
  });

  it("reads each distinct query once, as the chat's owner, and checks every block on what it read", async () => {
    const blocks = blocksOf(FAILING_SUM, SAME_QUERY, METRICS);
    expect(blocks.map((block) => block.diagnostics)).toEqual([[], [], []]);
    const checked = await checkReplyData({ userId: owner.userId, chatId, blocks, quota: new QueryQuota() });
    expect(reads.calls.map((call) => [call.source, call.userId])).toEqual([
      ["tests", owner.userId],
      ["metrics", owner.userId],
    ]);
    expect(checked?.blocks.map((block) => block?.findings.map((finding) => `${finding.check} ${finding.code}`))).toEqual([["real data not_a_number"], [], ["real data type_mismatch"]]);
    expect(checked?.blocks.every((block) => block?.realChecked)).toBe(true);
    expect(checked?.reading.skipped).toBe(0);
    // The demo project's own rows: main's newest run, failures first.
    expect(JSON.parse(checked?.blocks[0]?.samples[0]?.first ?? "[]")[0]).toMatchObject({ failed: true, run: expect.any(Number) });
  });

  it("counts its reads on a counter of its own: the person's quota is left whole, and its own, spent, skips", async () => {
    const globalStore = globalThis as typeof globalThis & { __octoQueryQuota?: InstanceType<typeof QueryQuota> };
    const before = globalStore.__octoQueryQuota;
    // The person may run one query this minute.
    globalStore.__octoQueryQuota = new QueryQuota({ ...QUERY_QUOTA_LIMITS, query: { queries: 1, rows: 1_000, windowMs: QUERY_QUOTA_WINDOW_MS } });
    try {
      const checked = await checkReplyData({ userId: owner.userId, chatId, blocks: blocksOf(FAILING_SUM, METRICS) });
      expect(checked?.reading.skipped).toBe(0);
      expect(checked?.blocks[0]?.findings.map((finding) => finding.code)).toEqual(["not_a_number"]);
      // Still theirs to spend on their own page.
      expect(() => processQueryQuota().begin(owner.userId, "query")).not.toThrow();
    } finally {
      globalStore.__octoQueryQuota = before;
    }
    const spent = new QueryQuota({ ...QUERY_QUOTA_LIMITS, query: { queries: 0, rows: 0, windowMs: QUERY_QUOTA_WINDOW_MS } });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const skipped = await checkReplyData({ userId: owner.userId, chatId, blocks: blocksOf(FAILING_SUM), quota: spent });
    expect(skipped?.reading.skipped).toBe(1);
    expect(skipped?.blocks[0]).toMatchObject({ realChecked: false, findings: [], samples: [] });
    // A quota refusal is a skip, not a failure worth a log line.
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  it("skips a source that does not answer within the budget, and checks the others", async () => {
    reads.hang.add("metrics");
    const started = Date.now();
    const checked = await checkReplyData({ userId: owner.userId, chatId, blocks: blocksOf(FAILING_SUM, METRICS), timeLimitMs: 200, quota: new QueryQuota() });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(checked?.reading.skipped).toBe(1);
    expect(checked?.blocks.map((block) => block?.realChecked)).toEqual([true, false]);
    expect(checked?.blocks[0]?.findings.map((finding) => finding.code)).toEqual(["not_a_number"]);
    // Skipped, not failed: the slow block is still checked on empty answers (where text minus a word stays an error).
    expect(checked?.blocks[1]?.findings.map((finding) => `${finding.check} ${finding.code}`)).toEqual(["empty data type_mismatch"]);
  });

  it("finds nothing in the recordings written well: every one's query blocks are clean on the demo project's rows and on empty answers", async () => {
    const clean = loadReplayLibrary().recordings.filter((recording) => recording.fault?.kind !== "malformed-ui");
    const found: string[] = [];
    let checkedBlocks = 0;
    for (const recording of clean) {
      const blocks = compileUi(replyText(recording), { id: recording.id, final: true, querySchemas: PROJECT_QUERY_SCHEMAS });
      const checked = await checkReplyData({ userId: owner.userId, chatId, blocks, quota: new QueryQuota() });
      for (const block of checked?.blocks ?? []) {
        if (block === null) continue;
        checkedBlocks += 1;
        expect(block.realChecked, `${recording.id} ${block.blockId}`).toBe(true);
        for (const finding of block.findings) found.push(`${recording.id} ${block.blockId} ${finding.check} ${finding.code}: ${finding.message}`);
      }
    }
    expect(checkedBlocks).toBeGreaterThanOrEqual(5);
    expect(found).toEqual([]);
  });

  it("skips every read of a chat whose project the person cannot read, and reads nothing for a reply without queries", async () => {
    const closed = (await createChat({ userId: owner.userId, title: "Closed", modelId: "replay:default" })).id;
    await moveChatToProject(closed, "other");
    const checked = await checkReplyData({ userId: owner.userId, chatId: closed, blocks: blocksOf(FAILING_SUM), quota: new QueryQuota() });
    expect(reads.calls).toEqual([]);
    expect(checked?.blocks[0]).toMatchObject({ realChecked: false, findings: [] });
    expect(await checkReplyData({ userId: owner.userId, chatId, blocks: blocksOf("<Summary>No data.</Summary>") })).toBeNull();
    expect(reads.calls).toEqual([]);
  });
});
