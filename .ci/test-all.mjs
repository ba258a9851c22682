#!/usr/bin/env node
// Runs every suite the project has and ends with one line, `N passed, N failed`,
// summing them all. `npm test` runs this; `.ci/run` runs `npm test` from a clean
// clone after installing what the machine lacks.
//
// Suites:
//   typecheck    tsc --noEmit over the whole tree (counts as one check)
//   unit         vitest: lib/, db/, app/ tests (integration tests inside use the
//                Postgres at TEST_DATABASE_URL, a fresh database per run)
//   e2e          Playwright against a production build (added when e2e/ has specs)
//
// The Postgres suites get a fresh database per run: `octo_test_<timestamp>_<pid>`
// on POSTGRES_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// exported as TEST_DATABASE_URL and dropped at the end. When Postgres cannot be
// reached the variable is left unset and those suites fail with a clear message.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, "test-results");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

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

/** Creates the run's test database; returns its URL and a function that drops it, or null when Postgres is unreachable. */
async function createTestDatabase() {
  const adminUrl = process.env.POSTGRES_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `octo_test_${Date.now()}_${process.pid}`;
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

function suite(name, fn) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { passed, failed } = fn();
  results.push({ name, passed, failed });
  console.log(`=== ${name}: ${passed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

suite("typecheck", () => {
  const status = run("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);
  return status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
});

suite("unit", () => {
  const output = path.join(reports, "vitest.json");
  const status = run(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`],
    testEnvironment,
  );
  if (!existsSync(output)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(output, "utf8"));
  const failedSuites = report.numFailedTestSuites ?? 0;
  const failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? Math.max(1, failedSuites) : 0);
  return { passed: report.numPassedTests, failed };
});

const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log("");
for (const result of results) console.log(`  ${result.name.padEnd(10)} ${result.passed} passed, ${result.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
// Every suite that needs the database has run by now; later suites go above this line.
await testDatabase?.drop();
process.exit(failed === 0 ? 0 : 1);
