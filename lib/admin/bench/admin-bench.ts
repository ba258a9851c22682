/**
 * `npm run bench:admin`: the admin view at 100,000 stored replies. It makes a
 * fresh Postgres database of its own, seeds it (`seed-stored-trees.ts`),
 * starts `next start` on a build made beforehand (`NEXT_DIST_DIR`, default
 * `.next`) against it, signs up an account and makes it an admin in the
 * database, and times over HTTP, as a browser would ask:
 *
 * - the first page of `/admin/trees`;
 * - a filtered page (diagnostic code + model + time range);
 * - the tree page of the largest tree (2,048 nodes);
 * - the streamed export of 10,000 rows, with the server's peak memory, and
 *   the same for 2,000 rows, so "flat in the row count" is a comparison.
 *
 * It prints p50/p95 of each and the `EXPLAIN (ANALYZE, BUFFERS)` of both list
 * queries, and exits non-zero when a list page's p95 is 200 ms or more, a
 * plan reads `messages` without one of its indexes, or the export's memory
 * grows with the rows. The database is dropped at the end.
 *
 *   npm run bench:admin -- [--rows=100000] [--port=3379] [--runs=40]
 */
import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { explainStoredTrees, listStoredTrees } from "@/db/queries/admin-trees";
import { migrateDatabase, openDatabase } from "@/db/client";
import { createTestDatabase, type TestDatabase } from "@/db/test-database";
import { startBenchServer, type BenchServer } from "@/lib/chat/bench/bench-server";
import { readStoredTreeQuery, storedTreeSearchParams, type StoredTreeFilter } from "../stored-tree-filter";
import { withPeakMemory } from "./process-memory";
import { EXPORT_MODEL, EXPORT_MODEL_ROWS, seedStoredTrees } from "./seed-stored-trees";

/** The target for a list page. */
const LIST_TARGET_P95_MS = 200;

/** The most the server's peak memory may be higher streaming 10,000 rows than 2,000: a page of lines, not the rows. */
const EXPORT_MEMORY_SLACK_BYTES = 32 * 1024 * 1024;

/** Indexes a list plan must read `messages` through. */
const STORED_TREE_INDEXES = /messages_stored_trees_\w*idx/;

type Options = { rows: number; port: number; runs: number; distDir: string };

function readOptions(argv: readonly string[]): Options {
  const value = (name: string) => argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);
  return {
    rows: Number(value("rows") ?? 100_000),
    port: Number(value("port") ?? process.env.ADMIN_BENCH_PORT ?? 3379),
    runs: Number(value("runs") ?? 40),
    distDir: process.env.NEXT_DIST_DIR ?? ".next",
  };
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (value: number | null) => (value === null ? "n/a" : `${(value / 1024 / 1024).toFixed(1)} MB`);

/** Signs up an account over HTTP and makes it an admin in the database; returns its cookie. */
async function adminCookie(server: BenchServer, sql: postgres.Sql): Promise<string> {
  const email = `bench-admin-${crypto.randomUUID()}@example.test`;
  const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email, password: "a long enough password", name: "Bench admin" }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
  await sql`update users set role = 'admin' where email = ${email}`;
  return cookie;
}

/** Times `runs` GETs of a page (after two warm-up ones); every answer must be 200 and hold `expect`. */
async function timePage(server: BenchServer, cookie: string, pathname: string, runs: number, expect: string): Promise<number[]> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${pathname}`, { headers: { cookie }, redirect: "manual" });
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200 || !body.includes(expect)) throw new Error(`${pathname} answered ${response.status} without "${expect}"`);
    return elapsed;
  };
  await once();
  await once();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) times.push(await once());
  return times;
}

/** Streams one export and counts its lines as they arrive (never holding the body). */
async function streamExport(server: BenchServer, cookie: string, filter: StoredTreeFilter): Promise<{ elapsed: number; lines: number }> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/admin/trees/export?${storedTreeSearchParams({ filter })}`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`the export answered ${response.status}`);
  let lines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const byte of value) if (byte === 10) lines += 1;
  }
  return { elapsed: performance.now() - started, lines };
}

async function main(): Promise<number> {
  const options = readOptions(process.argv.slice(2));
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
  if (!existsSync(path.join(root, options.distDir, "BUILD_ID"))) {
    console.error(`No production build in ${options.distDir}: run \`npx next build\` first.`);
    return 1;
  }
  let database: TestDatabase | null = null;
  let server: BenchServer | null = null;
  let sql: postgres.Sql | null = null;
  const failures: string[] = [];
  try {
    database = await createTestDatabase({ name: `octo_admin_bench_${Date.now()}_${process.pid}` });
    const connection = openDatabase({ url: database.url });
    await migrateDatabase(connection);
    sql = postgres(database.url, { max: 2, onnotice: () => {} });
    console.log(`Seeding ${options.rows.toLocaleString("en")} stored replies (+${EXPORT_MODEL_ROWS.toLocaleString("en")} of ${EXPORT_MODEL}) into ${database.name} …`);
    const seedStarted = performance.now();
    const seed = await seedStoredTrees({
      sql,
      root,
      count: options.rows,
      onProgress: (rows) => {
        if (rows % 20_000 === 0) console.log(`  ${rows.toLocaleString("en")} rows`);
      },
    });
    console.log(`Seeded ${seed.rows.toLocaleString("en")} rows from ${seed.templates} templates (${mb(seed.bytes)} of text and trees) in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s.`);

    // The server must know its origin: better-auth refuses a sign-up whose Origin it cannot check.
    process.env.BETTER_AUTH_URL = `http://127.0.0.1:${options.port}`;
    server = await startBenchServer({ root, distDir: options.distDir, port: options.port, databaseUrl: database.url });
    const cookie = await adminCookie(server, sql);
    const [{ id: adminUserId } = { id: "" }] = await sql<{ id: string }[]>`select id from users where role = 'admin' limit 1`;

    // The filtered page: a common code of the broken replies, the most used model, the last 30 days.
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 24 * 3_600_000);
    const filtered: StoredTreeFilter = { code: "refused_prop", model: "openai:gpt-5", from, to };
    const filteredPath = `/admin/trees?${storedTreeSearchParams({ filter: filtered })}`;
    const figures: [string, number[]][] = [
      // What any signed-in page costs on this server and machine (session, header, render), for scale.
      ["baseline: /compare (a signed-in page, no query)", await timePage(server, cookie, "/compare", options.runs, "Compare models")],
      ["first page  /admin/trees", await timePage(server, cookie, "/admin/trees", options.runs, "Next page")],
      ["filtered page (code + model + 30 days)", await timePage(server, cookie, filteredPath, options.runs, "Here is the status overview")],
      [`tree page of the largest tree (2,048 nodes)`, await timePage(server, cookie, `/admin/trees/${seed.largestMessageId}`, Math.max(5, Math.floor(options.runs / 4)), "Stored tree")],
    ];

    const exportFigures: { rows: number; times: number[]; growth: number | null; peak: number | null }[] = [];
    for (const [filter, expected] of [[{ model: EXPORT_MODEL } satisfies StoredTreeFilter, EXPORT_MODEL_ROWS]] as const) {
      const times: number[] = [];
      let peak: number | null = null;
      let growth: number | null = null;
      let lines = 0;
      for (let run = 0; run < 3; run += 1) {
        const measured = await withPeakMemory(server.pid, () => streamExport(server!, cookie, filter));
        times.push(measured.result.elapsed);
        lines = measured.result.lines;
        if (measured.peak !== null && (peak === null || measured.peak > peak)) peak = measured.peak;
        if (measured.peak !== null && measured.before !== null) growth = Math.max(growth ?? 0, measured.peak - measured.before);
      }
      if (lines !== expected) failures.push(`the export streamed ${lines} lines, not ${expected}`);
      exportFigures.push({ rows: lines, times, growth, peak });
    }
    // A smaller export of the same model for the comparison: the first 2,000 rows by time.
    const [{ created: cutoff } = { created: new Date() }] = await sql<{ created: Date }[]>`
      select created_at as created from messages where model = ${EXPORT_MODEL} order by created_at desc offset 1999 limit 1`;
    const small = { rows: 0, times: [] as number[], growth: null as number | null, peak: null as number | null };
    for (let run = 0; run < 3; run += 1) {
      const measured = await withPeakMemory(server.pid, () => streamExport(server!, cookie, { model: EXPORT_MODEL, from: cutoff }));
      small.times.push(measured.result.elapsed);
      small.rows = measured.result.lines;
      if (measured.peak !== null && (small.peak === null || measured.peak > small.peak)) small.peak = measured.peak;
      if (measured.peak !== null && measured.before !== null) small.growth = Math.max(small.growth ?? 0, measured.peak - measured.before);
    }

    console.log("");
    const [load1 = 0, load5 = 0] = loadavg();
    console.log(`Admin view at ${seed.rows.toLocaleString("en")} stored replies (Postgres, next start, ${options.runs} runs each; load average ${load1.toFixed(1)} / ${load5.toFixed(1)} on ${availableParallelism()} cores):`);
    for (const [label, times] of figures) {
      const p95 = percentile(times, 0.95);
      console.log(`  ${label.padEnd(48)} p50 ${ms(percentile(times, 0.5)).padStart(9)}   p95 ${ms(p95).padStart(9)}`);
    }
    const big = exportFigures[0]!;
    for (const entry of [small, big]) {
      console.log(
        `  export of ${entry.rows.toLocaleString("en").padStart(6)} rows (JSONL, streamed)        p50 ${ms(percentile(entry.times, 0.5)).padStart(9)}   p95 ${ms(percentile(entry.times, 0.95)).padStart(9)}   server peak ${mb(entry.peak)} (+${mb(entry.growth)} over before)`,
      );
    }

    for (const [label, times] of figures.slice(1, 3)) {
      if (percentile(times, 0.95) >= LIST_TARGET_P95_MS) failures.push(`${label}: p95 ${ms(percentile(times, 0.95))} is not under ${LIST_TARGET_P95_MS} ms`);
    }
    if (big.peak !== null && small.peak !== null && big.peak > small.peak + EXPORT_MEMORY_SLACK_BYTES) {
      failures.push(`the export's memory grows with its rows: a peak of ${mb(big.peak)} for ${big.rows} rows against ${mb(small.peak)} for ${small.rows}`);
    }

    const bench = openDatabase({ url: database.url });
    try {
      // The same pages' queries alone, in this process: what of each page's time is the database's.
      for (const [label, filter] of [
        ["first page, query only", {}],
        ["filtered page, query only", filtered],
      ] as const) {
        const times: number[] = [];
        for (let run = 0; run < options.runs + 2; run += 1) {
          const started = performance.now();
          await listStoredTrees({ database: bench.database, adminUserId, query: { ...readStoredTreeQuery({}), filter } });
          if (run >= 2) times.push(performance.now() - started);
        }
        console.log(`  ${label.padEnd(48)} p50 ${ms(percentile(times, 0.5)).padStart(9)}   p95 ${ms(percentile(times, 0.95)).padStart(9)}`);
      }
      for (const [label, filter] of [
        ["first page", {}],
        ["filtered page", filtered],
      ] as const) {
        const plan = await explainStoredTrees({ database: bench.database, adminUserId, query: { ...readStoredTreeQuery({}), filter } });
        console.log("");
        console.log(`EXPLAIN (ANALYZE, BUFFERS) of the ${label}:`);
        for (const line of plan) console.log(`  ${line}`);
        const text = plan.join("\n");
        if (!STORED_TREE_INDEXES.test(text)) failures.push(`the ${label}'s plan uses no stored-tree index`);
        if (/Seq Scan on messages/.test(text)) failures.push(`the ${label}'s plan reads messages sequentially`);
      }
    } finally {
      await bench.close();
    }
    await connection.close();
  } finally {
    await server?.stop();
    await sql?.end({ timeout: 5 });
    await database?.drop();
  }
  console.log("");
  if (failures.length > 0) {
    for (const failure of failures) console.log(`MISSED: ${failure}`);
    return 1;
  }
  console.log("All targets met: list pages p95 under 200 ms through the stored-tree indexes, export memory flat in the row count.");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (caught: unknown) => {
    console.error(caught);
    process.exit(1);
  },
);
