import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";

vi.mock("server-only", () => ({}));

const { sql } = await import("drizzle-orm");
const { findProjectFilePaths } = await import("@/db/queries/project-model");
const { getProject } = await import("@/db/queries/projects");
const { ensureDemoProject } = await import("./demo/seed-demo-project");
const { COMMITS_DEFAULT_LIMIT, COMMITS_ROW_CAP, PROJECT_QUERY_SCHEMAS, PROJECT_QUERY_SOURCES, projectQuerySource, TESTS_ROW_CAP } = await import("./query-sources");
const { runProjectQuery } = await import("./run-project-query");
const { openTestDatabase, seedOtherProject, TEST_DATABASE_KINDS } = await import("./testing/project-test-setup");

/** How long the slow read takes on PGlite: past the 200 ms bound, short enough to wait out. */
const PGLITE_SLOW_READ_MS = 700;

type Project = NonNullable<Awaited<ReturnType<typeof getProject>>>;
type Source = (typeof PROJECT_QUERY_SOURCES)[string];

function source(name: string): Source {
  const found = projectQuerySource(name);
  if (!found) throw new Error(`no source ${name}`);
  return found;
}

describe("the query sources' argument schemas", () => {
  it("are the compiler's schemas, one per source, each described for the model with its rows", () => {
    expect(Object.keys(PROJECT_QUERY_SCHEMAS).sort()).toEqual(["branches", "builds", "commits", "diffs", "files", "incidents", "metrics", "nodes", "releases", "tests"]);
    for (const [name, schema] of Object.entries(PROJECT_QUERY_SCHEMAS)) {
      expect(schema, name).toBe(source(name).argumentsSchema);
      expect(schema.description, name).toMatch(/Rows: \{/);
    }
    expect(PROJECT_QUERY_SCHEMAS.tests?.description).toContain("{name: string, suite: string, ms: number, failed: boolean, run: number, owner: string, runAt: string}");
  });

  it("accept what the sources take and refuse misspelt, mistyped or out-of-range arguments", () => {
    const tests = source("tests").argumentsSchema;
    expect(tests.safeParse({ branch: "main" }).success).toBe(true);
    expect(tests.safeParse({ branch: "main", limit: 5, failedOnly: true }).success).toBe(true);
    // A tests query that names no branch reads the default branch's run.
    expect(tests.parse({})).toMatchObject({ branch: "main" });
    expect(tests.safeParse({ branch: 1 }).success).toBe(false);
    expect(tests.safeParse({ branch: "main", limit: TESTS_ROW_CAP + 1 }).success).toBe(false);
    expect(tests.safeParse({ branch: "main", limit: 1.5 }).success).toBe(false);
    expect(tests.safeParse({ branch: "main", status: "failed" }).success).toBe(false);
    const commits = source("commits").argumentsSchema;
    expect(commits.safeParse({}).success).toBe(true);
    expect(commits.safeParse({ branch: "main", path: "lib/billing/invoice.ts", limit: 3 }).success).toBe(true);
    expect(commits.safeParse({ path: "" }).success).toBe(false);
    const files = source("files").argumentsSchema;
    expect(files.safeParse({ prefix: "lib/" }).success).toBe(true);
    expect(files.safeParse({ prefix: 3 }).success).toBe(false);
    expect(projectQuerySource("constructor")).toBeUndefined();
    expect(projectQuerySource("toString")).toBeUndefined();
  });
});

describe.each(TEST_DATABASE_KINDS)("the query sources' rows on %s", (kind) => {
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

  it("tests: the newest run on the branch, failures first, capped by limit, failures only on request", async () => {
    const all = await runProjectQuery({ project: demo, source: source("tests"), arguments: { branch: "main" } });
    expect(all.truncated).toBe(false);
    expect(all.rows).toHaveLength(12);
    expect(new Set(all.rows.map((row) => row.run))).toEqual(new Set([1842]));
    expect(all.rows.slice(0, 3).map((row) => row.name)).toEqual([
      "billing › applies regional tax",
      "billing › credits partial refunds",
      "billing › rounds invoice totals",
    ]);
    expect(all.rows.slice(0, 3).every((row) => row.failed === true)).toBe(true);
    expect(all.rows.find((row) => row.name === "billing › credits partial refunds")).toEqual({
      name: "billing › credits partial refunds",
      suite: "billing",
      ms: 1204,
      failed: true,
      run: 1842,
      owner: "Amara Okafor",
      runAt: "2026-11-30T14:04:12.000Z",
    });
    const failed = await runProjectQuery({ project: demo, source: source("tests"), arguments: { branch: "main", failedOnly: true } });
    expect(failed.rows.map((row) => row.failed)).toEqual([true, true, true]);
    const two = await runProjectQuery({ project: demo, source: source("tests"), arguments: { branch: "main", limit: 2 } });
    expect(two).toMatchObject({ truncated: true });
    expect(two.rows).toHaveLength(2);
    const fix = await runProjectQuery({ project: demo, source: source("tests"), arguments: { branch: "fix/invoice-rounding" } });
    expect(fix.rows.every((row) => row.run === 1841 && row.failed === false)).toBe(true);
    expect((await runProjectQuery({ project: demo, source: source("tests"), arguments: { branch: "nope" } })).rows).toEqual([]);
  });

  it("commits: newest first on the default branch, by path, with the default limit", async () => {
    const main = await runProjectQuery({ project: demo, source: source("commits"), arguments: {} });
    expect(main.rows.length).toBeLessThanOrEqual(COMMITS_DEFAULT_LIMIT);
    expect(main.rows.every((row) => row.branch === "main")).toBe(true);
    expect(main.rows[0]).toEqual({
      sha: "4f2c9e1b7d3a5e8c0f6b2d9a1c4e7f3b8a5d0c21",
      shortSha: "4f2c9e1",
      title: "Round invoice totals once, in the ledger (#312)",
      author: "Amara Okafor",
      date: "2026-11-30T14:06:38.000Z",
      branch: "main",
      files: 3,
    });
    const dates = main.rows.map((row) => String(row.date));
    expect([...dates].sort().reverse()).toEqual(dates);
    const ledger = await runProjectQuery({ project: demo, source: source("commits"), arguments: { path: "lib/billing/ledger.ts" } });
    expect(ledger.rows.map((row) => row.shortSha)).toEqual(["4f2c9e1", "e5b9d3a"]);
    // A folder, with or without its slash: the commits touching any file under it, never a name that merely starts alike.
    const billing = await runProjectQuery({ project: demo, source: source("commits"), arguments: { path: "lib/billing" } });
    expect(billing.rows.map((row) => row.shortSha)).toEqual(["4f2c9e1", "9b1e4d7", "e5b9d3a"]);
    expect((await runProjectQuery({ project: demo, source: source("commits"), arguments: { path: "lib/billing/" } })).rows).toEqual(billing.rows);
    expect((await runProjectQuery({ project: demo, source: source("commits"), arguments: { path: "lib/bill" } })).rows).toEqual([]);
    expect((await runProjectQuery({ project: demo, source: source("commits"), arguments: { path: "lib/%" } })).rows).toEqual([]);
    const branch = await runProjectQuery({ project: demo, source: source("commits"), arguments: { branch: "fix/invoice-rounding", limit: 1 } });
    expect(branch.rows.map((row) => row.shortSha)).toEqual(["a8e2c6f"]);
  });

  it("files: in path order, under a prefix (taken literally, not as a LIKE pattern)", async () => {
    const billing = await runProjectQuery({ project: demo, source: source("files"), arguments: { prefix: "lib/billing/" } });
    expect(billing.rows.map((row) => row.path)).toEqual(["lib/billing/invoice.ts", "lib/billing/ledger.ts", "lib/billing/refunds.ts", "lib/billing/tax.ts"]);
    expect(billing.rows[0]).toEqual({ path: "lib/billing/invoice.ts", language: "typescript", lines: 164 });
    expect((await runProjectQuery({ project: demo, source: source("files"), arguments: { prefix: "lib/%" } })).rows).toEqual([]);
    expect((await runProjectQuery({ project: demo, source: source("files"), arguments: { prefix: "lib_" } })).rows).toEqual([]);
    expect((await runProjectQuery({ project: demo, source: source("files"), arguments: {} })).rows.length).toBe(11);
  });

  it("findProjectFilePaths (a commit page's links): the given paths the project holds, in one read scoped to the project", async () => {
    const paths = ["lib/billing/invoice.ts", "lib/billing/missing.ts", "src/secret.ts", "lib/billing/%"];
    expect(await findProjectFilePaths({ projectId: demo.id, paths })).toEqual(new Set(["lib/billing/invoice.ts"]));
    expect(await findProjectFilePaths({ projectId: other.id, paths })).toEqual(new Set(["src/secret.ts"]));
    expect(await findProjectFilePaths({ projectId: demo.id, paths: [] })).toEqual(new Set());
  });

  it("read only the project they are given", async () => {
    const otherFiles = await runProjectQuery({ project: other, source: source("files"), arguments: {} });
    expect(otherFiles.rows.map((row) => row.path)).toEqual(["src/secret.ts"]);
    const demoFiles = await runProjectQuery({ project: demo, source: source("files"), arguments: { prefix: "src/" } });
    expect(demoFiles.rows).toEqual([]);
    expect((await runProjectQuery({ project: demo, source: source("tests"), arguments: { branch: "trunk" } })).rows).toEqual([]);
  });

  it("refuse arguments that break the source's schema with bad_request:query", async () => {
    await expect(runProjectQuery({ project: demo, source: source("tests"), arguments: { branch: 7 } })).rejects.toMatchObject({
      code: "bad_request:query",
      publicMessage: expect.stringContaining("branch"),
    });
    await expect(runProjectQuery({ project: demo, source: source("tests"), arguments: { branch: "main", limit: 2.5 } })).rejects.toMatchObject({
      code: "bad_request:query",
    });
  });

  it("clamp a number past its range to the range, as the compiler does, instead of refusing the query", async () => {
    const past = await runProjectQuery({ project: demo, source: source("tests"), arguments: { branch: "main", limit: 100_000 } });
    expect(past.rows).toHaveLength(12);
    const below = await runProjectQuery({ project: demo, source: source("commits"), arguments: { limit: 0 } });
    expect(below).toMatchObject({ truncated: true, rows: [{ shortSha: "4f2c9e1" }] });
    expect(below.rows).toHaveLength(1);
    const reads: number[] = [];
    const counting: Source = { ...source("commits"), read: async ({ limit }) => (reads.push(limit), []) };
    await runProjectQuery({ project: demo, source: counting, arguments: { limit: 500 } });
    // The cap, plus the one row that says whether there were more.
    expect(reads).toEqual([COMMITS_ROW_CAP + 1]);
  });

  it("stop a read that runs past the time bound with offline:query", async () => {
    const slowSource: Source = {
      ...source("files"),
      name: "slow",
      read: async ({ database }) => {
        if (kind === "postgres") {
          // Postgres cancels the statement itself (statement_timeout).
          await database!.execute(sql`select pg_sleep(5)`);
        } else {
          // PGlite has one connection: a read stuck in JavaScript holds it until it ends (waited for below).
          await new Promise((resolve) => setTimeout(resolve, PGLITE_SLOW_READ_MS));
        }
        return [];
      },
    };
    const started = Date.now();
    await expect(runProjectQuery({ project: demo, source: slowSource, arguments: {}, timeLimitMs: 200 })).rejects.toMatchObject({ code: "offline:query" });
    expect(Date.now() - started).toBeLessThan(3_000);
    if (kind === "pglite") await new Promise((resolve) => setTimeout(resolve, PGLITE_SLOW_READ_MS));
  });

  it("cap the rows whatever the source returns, and refuse rows that break the row schema", async () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ path: `f${index}`, language: "text", lines: index }));
    const capped: Source = { ...source("files"), rowCap: 10, read: async ({ limit }) => many.slice(0, limit) };
    const result = await runProjectQuery({ project: demo, source: capped, arguments: {} });
    expect(result.rows).toHaveLength(10);
    expect(result.truncated).toBe(true);
    const broken: Source = { ...source("files"), read: async () => [{ path: "x", language: "text", lines: "many" }] };
    await expect(runProjectQuery({ project: demo, source: broken, arguments: {} })).rejects.toMatchObject({ code: "internal:query" });
    expect(z.array(source("files").rowSchema).safeParse(many).success).toBe(true);
  });
});
