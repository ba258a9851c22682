/**
 * The sources issue 24 added to the demo project — `branches` and `diffs` —,
 * the p50 latency and error counts of `metrics`, and `owner: "me"` on
 * `tests`: their arguments, their rows from the seeded fixtures, their caps
 * (rows, and characters of a hunk), and that "me" is whoever the server
 * says is asking.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { seedProject } = await import("@/db/queries/project-seed");
const { getProject } = await import("@/db/queries/projects");
const { ensureDemoProject } = await import("./demo/seed-demo-project");
const sources = await import("./query-sources");
const { runProjectQuery } = await import("./run-project-query");
const { readProjectSource } = await import("./read-project-source");
const { QueryQuota } = await import("./query-quota");
const { createTestActor, openTestDatabase, seedOtherProject, TEST_DATABASE_KINDS } = await import("./testing/project-test-setup");

type Project = NonNullable<Awaited<ReturnType<typeof getProject>>>;

function source(name: string) {
  const found = sources.projectQuerySource(name);
  if (!found) throw new Error(`no source ${name}`);
  return found;
}

describe("the change sources' arguments", () => {
  it("take what each source documents, with the limits' defaults in the schema, and refuse the rest", () => {
    const parse = (name: string, value: unknown) => source(name).argumentsSchema.safeParse(value);
    expect(parse("branches", {})).toMatchObject({ success: true, data: { limit: sources.BRANCHES_DEFAULT_LIMIT } });
    expect(parse("branches", { name: "main" }).success).toBe(false);
    expect(parse("diffs", {})).toMatchObject({ success: true, data: { limit: sources.DIFFS_DEFAULT_LIMIT } });
    expect(parse("diffs", { sha: "4f2c9e1", path: "lib/billing/", head: "v2.16.0", limit: 5 }).success).toBe(true);
    expect(parse("diffs", { sha: "4f2c" }).success).toBe(false);
    expect(parse("diffs", { sha: "not-a-sha" }).success).toBe(false);
    expect(parse("tests", { branch: "main", owner: "me" }).success).toBe(true);
    expect(parse("tests", { branch: "main", owner: "" }).success).toBe(false);
    expect(source("branches").rowCap).toBe(sources.BRANCHES_ROW_CAP);
    expect(source("diffs").rowCap).toBe(sources.DIFFS_ROW_CAP);
    expect(source("tests").selfArguments).toEqual(["owner"]);
  });
});

describe.each(TEST_DATABASE_KINDS)("the change sources' rows on %s", (kind) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let demo: Project;
  let other: Project;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureDemoProject();
    await seedOtherProject();
    demo = (await getProject({ projectId: "demo" }))!;
    other = (await getProject({ projectId: "other" }))!;
  }, 60_000);
  afterAll(async () => {
    await handle.release();
  });

  const read = (project: Project, name: string, value: unknown = {}, viewer?: () => Promise<string | null>) =>
    runProjectQuery({ project, source: source(name), arguments: value, ...(viewer ? { viewer } : {}) });

  it("branches: newest head first, ahead and behind the default branch, with the open pull request", async () => {
    const all = await read(demo, "branches");
    expect(all).toEqual({
      truncated: false,
      rows: [
        { name: "main", sha: "4f2c9e1b7d3a5e8c0f6b2d9a1c4e7f3b8a5d0c21", date: "2026-11-30T14:06:38.000Z", ahead: 0, behind: 0, pullRequest: null },
        // Forked at c7a3e9f (10:12); 9b1e4d7 and 4f2c9e1 landed on main after it.
        { name: "fix/invoice-rounding", sha: "a8e2c6f0b4d8a1e5c9f3b7d0a4e8c2f6b9d3a7e5", date: "2026-11-30T11:47:33.000Z", ahead: 1, behind: 2, pullRequest: 313 },
      ],
    });
    expect(await read(demo, "branches", { limit: 1 })).toMatchObject({ truncated: true, rows: [{ name: "main" }] });
    expect((await read(other, "branches")).rows).toEqual([]);
  });

  it("diffs: one row per hunk, its @@ line apart, by commit, head or folder, in path order", async () => {
    const fix = await read(demo, "diffs", { head: "fix/invoice-rounding" });
    expect(fix.rows.map((row) => row.path)).toEqual(["lib/billing/invoice.ts", "lib/billing/ledger.ts"]);
    expect(fix.rows[0]).toMatchObject({
      base: "main",
      head: "fix/invoice-rounding",
      header: "@@ -33,17 +33,17 @@ export function buildInvoice(subscription: Subscription, usage: UsageLine[], period: Period): Invoice {",
      additions: 3,
      deletions: 3,
    });
    expect(String(fix.rows[0]!.text).split("\n")).toHaveLength(16);
    expect(String(fix.rows[0]!.text)).toContain("+  const total = subtotal + tax - discount;");
    // A default-branch commit is in the diff of the release that shipped it, for the files it touched.
    const released = await read(demo, "diffs", { sha: "4f2c9e1" });
    expect(released.rows.map((row) => [row.path, row.head])).toEqual([
      ["lib/billing/invoice.ts", "v2.16.0"],
      ["lib/billing/ledger.ts", "v2.16.0"],
      ["tests/billing/invoice.test.ts", "v2.16.0"],
    ]);
    expect((await read(demo, "diffs", { sha: "2D8F5B1" })).rows.map((row) => [row.path, row.base, row.head])).toEqual([["lib/search/rank.ts", "v2.14.0", "v2.15.0"]]);
    // The fix branch's commit touched a file its stored diffs do not hold: nothing, not another file's change.
    expect((await read(demo, "diffs", { sha: "a8e2c6f" })).rows).toEqual([]);
    expect((await read(demo, "diffs", { sha: "4f2c9e1", head: "main" })).rows).toEqual([]);
    expect((await read(demo, "diffs", { sha: "0000000" })).rows).toEqual([]);
    const billing = await read(demo, "diffs", { path: "lib/billing" });
    expect(new Set(billing.rows.map((row) => row.path))).toEqual(new Set(["lib/billing/invoice.ts", "lib/billing/ledger.ts", "lib/billing/refunds.ts", "lib/billing/tax.ts"]));
    expect((await read(demo, "diffs", { path: "lib/billing/" })).rows).toEqual(billing.rows);
    expect((await read(demo, "diffs", { path: "lib/bill" })).rows).toEqual([]);
    expect(await read(demo, "diffs", { limit: 2 })).toMatchObject({ truncated: true, rows: [{}, {}] });
    expect((await read(other, "diffs", { head: "v2.16.0" })).rows).toEqual([]);
  });

  it("diffs: a hunk longer than the cap is cut with an ellipsis, and past the row cap a limit is clamped", async () => {
    const hunks = ["@@ -1,1 +1,1 @@", `+${"x".repeat(sources.DIFF_HUNK_CHARACTER_LIMIT * 2)}`, ...Array.from({ length: 60 }, (_, index) => `@@ -${index + 2} +${index + 2} @@\n+${index}`)].join("\n");
    await seedProject({
      seed: {
        project: { id: "long-diff", name: "Long diff", description: "", defaultBranch: "main", openMembership: false },
        files: [],
        commits: [],
        diffs: [{ id: "long", path: "a.ts", base: "main", head: "wide", summary: "", hunks, additions: 61, deletions: 0 }],
        nodes: [],
        testRuns: [],
        digest: "long-diff-v1",
      },
    });
    const project = (await getProject({ projectId: "long-diff" }))!;
    const rows = (await read(project, "diffs", { limit: 1 })).rows;
    expect(String(rows[0]!.text)).toHaveLength(sources.DIFF_HUNK_CHARACTER_LIMIT);
    expect(String(rows[0]!.text).endsWith("…")).toBe(true);
    expect(rows[0]).toMatchObject({ header: "@@ -1,1 +1,1 @@", additions: 1 });
    expect(await read(project, "diffs", { limit: 500 })).toMatchObject({ truncated: true, rows: expect.any(Array) });
    expect((await read(project, "diffs", { limit: 500 })).rows).toHaveLength(sources.DIFFS_ROW_CAP);
  });

  it("metrics: p50 latency and error counts per service and day, consistent with p95 and the error rate", async () => {
    const all = (await read(demo, "metrics")).rows;
    expect(new Set(all.map((row) => row.metric))).toEqual(new Set(["p50_latency", "p95_latency", "error_rate", "errors", "requests"]));
    expect(all).toHaveLength(4 * 5 * 14);
    const value = (service: string, metric: string, day: string) => Number(all.find((row) => row.service === service && row.metric === metric && row.day === day)?.value);
    for (const service of ["billing-api", "checkout-web", "search-api", "auth-api"]) {
      for (const row of all.filter((candidate) => candidate.service === service && candidate.metric === "p50_latency")) {
        const day = String(row.day);
        expect(Number(row.value), `${service} ${day}`).toBeLessThan(value(service, "p95_latency", day));
        expect(value(service, "errors", day), `${service} ${day}`).toBe(Math.round((value(service, "error_rate", day) / 100) * value(service, "requests", day)));
      }
    }
    expect(all.find((row) => row.metric === "errors")).toMatchObject({ unit: "errors/day" });
    // The 30 November deploy shows in the new series too.
    expect(value("billing-api", "errors", "2026-11-30")).toBeGreaterThan(3 * value("billing-api", "errors", "2026-11-28"));
  });

  it("tests: owner takes a name, or \"me\" for whoever the server says asks, and \"me\" for someone the project cannot name is no row", async () => {
    const amara = await read(demo, "tests", { branch: "main", owner: "me" }, async () => "Amara Okafor");
    expect(amara.rows).toHaveLength(5);
    expect(amara.rows.every((row) => row.owner === "Amara Okafor")).toBe(true);
    expect((await read(demo, "tests", { branch: "main", owner: "Priya Raman" })).rows).toHaveLength(5);
    expect((await read(demo, "tests", { branch: "main", owner: "me" }, async () => null)).rows).toEqual([]);
    expect((await read(demo, "tests", { branch: "main", owner: "me" })).rows).toEqual([]);
    expect((await read(demo, "tests", { branch: "main", owner: "Nobody" })).rows).toEqual([]);
  });

  it("readProjectSource: \"me\" is the signed-in person's name from their account, and a guest is nobody", async () => {
    const quota = new QueryQuota();
    const amara = await createTestActor("Amara Okafor");
    const arguments_ = { branch: "main", owner: "me", failedOnly: true };
    const mine = await readProjectSource({ actor: amara, project: demo, source: "tests", arguments: arguments_, channel: "query", quota });
    expect(mine.rows.map((row) => row.name)).toEqual(["billing › applies regional tax", "billing › credits partial refunds", "billing › rounds invoice totals"]);
    // The data tool's actor carries no name: it is read from the account.
    const unnamed = await readProjectSource({ actor: { ...amara, name: "" }, project: demo, source: "tests", arguments: arguments_, channel: "tool", quota });
    expect(unnamed.rows).toEqual(mine.rows);
    const guest = await readProjectSource({ actor: { ...amara, isGuest: true }, project: demo, source: "tests", arguments: arguments_, channel: "query", quota });
    expect(guest.rows).toEqual([]);
    const tester = await createTestActor("Tester");
    expect((await readProjectSource({ actor: tester, project: demo, source: "tests", arguments: arguments_, channel: "query", quota })).rows).toEqual([]);
  });
});
