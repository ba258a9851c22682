/**
 * The sources issue 13 added to the demo project — metrics, incidents,
 * builds, releases, nodes — and the tests source's owner and run time: their
 * arguments, their rows from the seeded fixtures, their caps, and that a read
 * is scoped to its project (another project's reads see none of the demo's
 * rows; the people who may read which project are the data tool's and the
 * route's tests).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { getProject } = await import("@/db/queries/projects");
const { ensureDemoProject } = await import("./demo/seed-demo-project");
const sources = await import("./query-sources");
const { runProjectQuery } = await import("./run-project-query");
const { openTestDatabase, seedOtherProject, TEST_DATABASE_KINDS } = await import("./testing/project-test-setup");

type Project = NonNullable<Awaited<ReturnType<typeof getProject>>>;

function source(name: string) {
  const found = sources.projectQuerySource(name);
  if (!found) throw new Error(`no source ${name}`);
  return found;
}

const NEW_SOURCES = ["metrics", "incidents", "builds", "releases", "nodes"] as const;

describe("the activity sources' arguments", () => {
  it("are described in a sentence that says their order (and at most one on an argument), with their rows, and capped by a named constant", () => {
    for (const name of NEW_SOURCES) {
      const found = source(name);
      const sentences = found.description.split(/(?<=\.)\s+(?=[a-zA-Z`])/);
      expect(sentences.length, name).toBeLessThanOrEqual(2);
      expect(sentences[0], name).toMatch(/first|then/);
      if (sentences.length === 2) expect(sentences[1], name).toMatch(/^\w+: /);
      expect(found.description.length, name).toBeLessThanOrEqual(240);
      expect(found.argumentsSchema.description, name).toContain(`Rows: {`);
    }
    expect(source("metrics").rowCap).toBe(sources.METRICS_ROW_CAP);
    expect(source("incidents").rowCap).toBe(sources.INCIDENTS_ROW_CAP);
    expect(source("builds").rowCap).toBe(sources.BUILDS_ROW_CAP);
    expect(source("releases").rowCap).toBe(sources.RELEASES_ROW_CAP);
    expect(source("nodes").rowCap).toBe(sources.NODES_ROW_CAP);
    expect(source("releases").argumentsSchema.description).toContain("previous: string | null, files: number, paths: string[]");
  });

  it("accept what each source takes and refuse misspelt, mistyped or out-of-range arguments", () => {
    const accepts = (name: string, value: unknown) => source(name).argumentsSchema.safeParse(value).success;
    expect(accepts("metrics", {})).toBe(true);
    expect(accepts("metrics", { service: "billing-api", metric: "p95_latency", since: "2026-11-24" })).toBe(true);
    expect(accepts("metrics", { since: "last week" })).toBe(false);
    expect(accepts("metrics", { services: "billing-api" })).toBe(false);
    expect(accepts("incidents", { status: "open", severity: "sev2", limit: 5 })).toBe(true);
    expect(accepts("incidents", { status: "closed" })).toBe(false);
    expect(accepts("incidents", { limit: sources.INCIDENTS_ROW_CAP + 1 })).toBe(false);
    expect(accepts("builds", { branch: "main", status: "failed", job: "unit", limit: 10 })).toBe(true);
    expect(accepts("builds", { status: "red" })).toBe(false);
    expect(accepts("builds", { limit: 0 })).toBe(false);
    expect(accepts("releases", { tag: "v2.16.0" })).toBe(true);
    expect(accepts("releases", { limit: sources.RELEASES_ROW_CAP + 1 })).toBe(false);
    expect(accepts("nodes", { ref: "service:billing-api" })).toBe(true);
    expect(accepts("nodes", { ref: 3 })).toBe(false);
    expect(accepts("nodes", { depth: 2 })).toBe(false);
  });
});

describe.each(TEST_DATABASE_KINDS)("the activity sources' rows on %s", (kind) => {
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

  const read = (project: Project, name: string, value: unknown = {}) => runProjectQuery({ project, source: source(name), arguments: value });

  it("metrics: 14 daily values per service and metric, oldest first, filtered by service, metric and since", async () => {
    const all = await read(demo, "metrics");
    expect(all.rows).toHaveLength(4 * 5 * 14);
    expect(new Set(all.rows.map((row) => row.service))).toEqual(new Set(["auth-api", "billing-api", "checkout-web", "search-api"]));
    const latency = await read(demo, "metrics", { service: "billing-api", metric: "p95_latency" });
    expect(latency.rows).toHaveLength(14);
    expect(latency.rows[0]).toMatchObject({ service: "billing-api", metric: "p95_latency", unit: "ms", day: "2026-11-17" });
    expect(latency.rows.at(-1)).toMatchObject({ day: "2026-11-30" });
    // The deploy of 30 November shows: the last day's latency is the series' highest.
    const values = latency.rows.map((row) => Number(row.value));
    expect(Math.max(...values)).toBe(values.at(-1));
    const lastWeek = await read(demo, "metrics", { service: "billing-api", metric: "error_rate", since: "2026-11-24" });
    expect(lastWeek.rows.map((row) => row.day)).toEqual(["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"]);
    expect(sources.METRICS_ROW_CAP).toBeGreaterThanOrEqual(all.rows.length);
  });

  it("incidents: newest first, open ones without a resolution time, limited and filtered", async () => {
    const all = await read(demo, "incidents");
    expect(all.rows.map((row) => row.id)).toEqual(["INC-431", "INC-430", "INC-428", "INC-426", "INC-424", "INC-421"]);
    expect(all.rows[0]).toEqual({
      id: "INC-431",
      title: "Invoice totals off by one cent after the 14:10 deploy",
      severity: "sev2",
      status: "open",
      service: "billing-api",
      openedAt: "2026-11-30T14:22:41.000Z",
      resolvedAt: null,
    });
    expect((await read(demo, "incidents", { status: "resolved", service: "billing-api" })).rows.map((row) => row.id)).toEqual(["INC-421"]);
    const two = await read(demo, "incidents", { limit: 2 });
    expect(two).toMatchObject({ truncated: true });
    expect(two.rows).toHaveLength(2);
  });

  it("builds: one row per job, newest pipeline first, with start time and duration", async () => {
    const failed = await read(demo, "builds", { status: "failed" });
    expect(failed.rows.map((row) => [row.pipeline, row.job, row.branch])).toEqual([
      [1842, "unit", "main"],
      [1839, "unit", "fix/invoice-rounding"],
    ]);
    const newest = await read(demo, "builds", { branch: "main", limit: 5 });
    expect(newest.rows.map((row) => row.job)).toEqual(["lint", "typecheck", "unit", "e2e", "deploy"]);
    expect(newest.rows[0]).toMatchObject({ pipeline: 1842, status: "passed", startedAt: "2026-11-30T13:59:18.000Z" });
    expect(newest.rows.every((row) => typeof row.seconds === "number")).toBe(true);
    // Six pipelines, 28 jobs: within the default limit of 30, so all of them and not truncated.
    expect(await read(demo, "builds")).toMatchObject({ truncated: false, rows: expect.any(Array) });
    expect((await read(demo, "builds")).rows).toHaveLength(28);
    expect(sources.BUILDS_DEFAULT_LIMIT).toBe(30);
    expect(await read(demo, "builds", { limit: 10 })).toMatchObject({ truncated: true });
  });

  it("releases: newest first, with the paths of the diffs whose head is the tag", async () => {
    const all = await read(demo, "releases");
    expect(all.rows.map((row) => row.tag)).toEqual(["v2.16.0", "v2.15.0", "v2.14.0"]);
    expect(all.rows[0]).toEqual({
      tag: "v2.16.0",
      sha: "4f2c9e1b7d3a5e8c0f6b2d9a1c4e7f3b8a5d0c21",
      shortSha: "4f2c9e1",
      date: "2026-11-30T14:10:02.000Z",
      previous: "v2.15.0",
      files: 5,
      paths: ["lib/billing/invoice.ts", "lib/billing/ledger.ts", "lib/billing/tax.ts", "lib/checkout/payment.ts", "tests/billing/invoice.test.ts"],
    });
    expect((await read(demo, "releases", { tag: "v2.14.0" })).rows).toMatchObject([{ previous: null, paths: ["lib/auth/session.ts"] }]);
  });

  it("nodes: a node with its neighbours and the edges' labels, or every node", async () => {
    const billing = await read(demo, "nodes", { ref: "service:billing-api" });
    expect(billing.rows[0]).toEqual({ ref: "service:billing-api", kind: "service", title: "Billing API", direction: "self", edge: "" });
    expect(billing.rows.slice(1)).toEqual(
      expect.arrayContaining([
        { ref: "database:ledger", kind: "database", title: "Ledger database", direction: "outgoing", edge: "writes journal entries" },
        { ref: "service:checkout-web", kind: "service", title: "Checkout web", direction: "incoming", edge: "prices and charges carts" },
        { ref: "job:monthly-invoices", kind: "job", title: "Monthly invoices", direction: "incoming", edge: "issues monthly invoices" },
      ]),
    );
    expect(billing.rows).toHaveLength(6);
    expect((await read(demo, "nodes", { ref: "service:nope" })).rows).toEqual([]);
    expect((await read(demo, "nodes")).rows).toHaveLength(7);
  });

  it("tests: every row names its owner and when its run finished", async () => {
    const rows = (await read(demo, "tests", { branch: "main" })).rows;
    expect(rows.every((row) => typeof row.owner === "string" && row.owner !== "" && row.runAt === "2026-11-30T14:04:12.000Z")).toBe(true);
  });

  it("reads only the project it is given: another project sees none of the demo's activity", async () => {
    for (const name of NEW_SOURCES) expect((await read(other, name)).rows.filter((row) => row.ref !== "service:secret-api"), name).toEqual([]);
    expect((await read(other, "nodes", { ref: "service:billing-api" })).rows).toEqual([]);
  });
});
