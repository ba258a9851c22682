#!/usr/bin/env node
// Runs every suite the project has and ends with one line, `N passed, N failed`,
// summing them all. `npm test` runs this; `.ci/run` runs `npm test` from a clean
// clone after installing what the machine lacks.
//
// Suites:
//   typecheck    tsc --noEmit over the whole tree (counts as one check)
//   unit         vitest: lib/, db/, app/ tests (integration tests inside use the
//                Postgres at TEST_DATABASE_URL, a fresh database per run)
//   build        `next build` once: the production build the two suites below share
//   processes    vitest over `*.process.test.ts` (vitest.processes.config.ts):
//                real `next start` servers on that build, two at once on one
//                Postgres, killed, restarted, their database restarted
//   e2e          Playwright (e2e/playwright.config.ts starts `next start`) in
//                Chromium on the replay model, against a fresh Postgres
//                database of its own (DATABASE_URL for the server and for the
//                specs that check what was stored); in E2E_SHARDS (default 2)
//                shards side by side, each with its own server (E2E_PORT,
//                E2E_PORT + 10, …), database and report folder
//                (test-results/e2e-<k>/: its screenshots, failures and outbox)
//
// The Postgres suites get a fresh database per run: `octo_test_<timestamp>_<pid>`
// on POSTGRES_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// exported as TEST_DATABASE_URL and dropped at the end; each browser shard gets
// `octo_e2e<k>_<timestamp>_<pid>` the same way. When no Postgres answers there (and
// TEST_DATABASE_URL is not given), the run starts an embedded one of its own on
// a free port (.ci/embedded-postgres.mjs) and stops it at the end.
//
// The browser suite runs in the Chromium .ci/chromium.mjs finds
// (CHROMIUM_EXECUTABLE, Playwright's, the system's) or installs when there is
// none; E2E_IGNORE_INSTALLED_BROWSERS=1 takes the install route even so.
import { randomBytes } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { ensureChromium } from "./chromium.mjs";
import { startEmbeddedPostgres } from "./embedded-postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, "test-results");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** Next.js would otherwise send anonymous usage telemetry from the build and the server a test run starts. */
const TELEMETRY_OFF = { NEXT_TELEMETRY_DISABLED: "1" };

/** @type {{name: string, passed: number, failed: number}[]} */
const results = [];

function run(command, args, env = {}) {
  const child = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return child.status ?? 1;
}

/** True when a Postgres answers at `url`. */
async function postgresAnswers(url) {
  const { default: postgres } = await import("postgres");
  const client = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await client`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await client.end({ timeout: 1 }).catch(() => {});
  }
}

let adminUrl = process.env.POSTGRES_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The run's own Postgres, when the machine has none running. */
let embeddedPostgres = null;
if (!process.env.TEST_DATABASE_URL && !(await postgresAnswers(adminUrl))) {
  console.log(`No PostgreSQL answers at ${adminUrl}: starting an embedded one for this run.`);
  try {
    embeddedPostgres = await startEmbeddedPostgres({ log: console.log });
    adminUrl = embeddedPostgres.adminUrl;
    // Suites that make databases of their own (db/test-database.ts) make them there too.
    process.env.POSTGRES_ADMIN_URL = adminUrl;
  } catch (error) {
    console.error(error.message);
  }
}

/** Creates a fresh database named `<prefix>_<timestamp>_<pid>`; returns its URL and a function that drops it, or null when Postgres is unreachable. */
async function createTestDatabase(prefix = "octo_test") {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const { default: postgres } = await import("postgres");
  const admin = () => postgres(adminUrl, { max: 1, connect_timeout: 5, onnotice: () => {} });
  const client = admin();
  try {
    await client.unsafe(`create database "${name}"`);
  } catch (error) {
    console.error(`Postgres is unreachable at ${adminUrl} (${error.message}); the Postgres suites will fail.`);
    return null;
  } finally {
    await client.end({ timeout: 1 }).catch(() => {});
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  console.log(`test database: ${name}`);
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = admin();
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } catch (error) {
        console.error(`could not drop the test database ${name}: ${error.message}`);
      } finally {
        await dropper.end({ timeout: 1 }).catch(() => {});
      }
    },
  };
}

const testDatabase = process.env.TEST_DATABASE_URL ? null : await createTestDatabase();
const testEnvironment = testDatabase ? { TEST_DATABASE_URL: testDatabase.url } : {};

async function suite(name, fn) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { passed, failed } = await fn();
  results.push({ name, passed, failed });
  console.log(`=== ${name}: ${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

await suite("typecheck", () => {
  const status = run("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);
  return status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

await suite("unit", () => vitestSuite(null, "vitest.json", testEnvironment));

/** Whether `next build` succeeded: both suites after it run on that one build. */
let built = false;
await suite("build", () => {
  built = run("npx", ["next", "build"], TELEMETRY_OFF) === 0;
  if (!built) console.error("next build failed: the process and browser suites cannot run.");
  return built ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

/** Runs vitest with `config`, reading its JSON report: passed and failed tests. */
function vitestSuite(config, reportName, env) {
  const output = path.join(reports, reportName);
  const status = run(
    "npx",
    ["vitest", "run", ...(config ? ["-c", config] : []), "--reporter=default", "--reporter=json", `--outputFile.json=${output}`],
    env,
  );
  if (!existsSync(output)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(output, "utf8"));
  const failedSuites = report.numFailedTestSuites ?? 0;
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? Math.max(1, failedSuites) : 0);
  return { passed: report.numPassedTests, failed };
}

await suite("processes", () => {
  if (!built) return { passed: 0, failed: 1 };
  // Each file makes (and drops) databases of its own on POSTGRES_ADMIN_URL.
  return vitestSuite("vitest.processes.config.ts", "vitest-processes.json", { ...TELEMETRY_OFF, POSTGRES_ADMIN_URL: adminUrl });
});

/**
 * Runs one shard of the browser suite (`--shard=k/n`) with a server, a hostile
 * model, a database and a report folder of its own; its output lines are
 * prefixed with the shard. Resolves to its passed and failed tests.
 */
async function e2eShard(index, count, chromium) {
  const database = await createTestDatabase(`octo_e2e${count > 1 ? index : ""}`);
  if (!database) return { passed: 0, failed: 1 };
  const outputDir = count > 1 ? path.join(reports, `e2e-${index}`) : reports;
  mkdirSync(outputDir, { recursive: true });
  const report = path.join(outputDir, "playwright.json");
  const port = Number(process.env.E2E_PORT ?? 3200) + (index - 1) * 10;
  const prefix = count > 1 ? `[e2e ${index}/${count}] ` : "";
  try {
    const status = await new Promise((resolve) => {
      const child = spawn("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts", ...(count > 1 ? [`--shard=${index}/${count}`] : [])], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          ...TELEMETRY_OFF,
          // Playwright's web server (`next start`) inherits this environment.
          DATABASE_URL: database.url,
          // A production server on Postgres needs a signing secret; this run's is thrown away with its database.
          BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString("base64url"),
          E2E_OUTPUT_DIR: outputDir,
          E2E_PORT: String(port),
          HOSTILE_MODEL_PORT: String(port + 1),
          CHROMIUM_EXECUTABLE: chromium,
        },
      });
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on("line", (line) => console.log(`${prefix}${line}`));
      }
      child.on("close", (code) => resolve(code ?? 1));
    });
    if (!existsSync(report)) return { passed: 0, failed: 1 };
    const stats = JSON.parse(readFileSync(report, "utf8")).stats ?? {};
    const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    const failed = (stats.unexpected ?? 0) + (status !== 0 && !stats.unexpected ? 1 : 0);
    return { passed, failed };
  } finally {
    await database.drop();
  }
}

await suite("e2e", async () => {
  if (!built) return { passed: 0, failed: 1 };
  const chromium = await ensureChromium({ root, ignoreInstalled: process.env.E2E_IGNORE_INSTALLED_BROWSERS === "1" });
  if (!chromium) return { passed: 0, failed: 1 };
  console.log(`browser: ${chromium}`);
  // Most of a browser spec's time is spent waiting for a reply at the replay model's pace:
  // two shards side by side, each with a server of its own, take little more than half the time.
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
  const outcomes = await Promise.all(Array.from({ length: shards }, (_, index) => e2eShard(index + 1, shards, chromium)));
  return outcomes.reduce((sum, outcome) => ({ passed: sum.passed + outcome.passed, failed: sum.failed + outcome.failed }), { passed: 0, failed: 0 });
});

const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log("");
for (const result of results) console.log(`  ${result.name.padEnd(10)} ${result.passed} passed, ${result.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
// Every suite that needs the database has run by now.
await testDatabase?.drop();
await embeddedPostgres?.stop();
process.exit(failed === 0 ? 0 : 1);
