/**
 * Fresh Postgres databases for tests. `.ci/test-all.mjs` creates one per run
 * and exports it as `TEST_DATABASE_URL`; a suite run directly by vitest
 * without it creates (and drops) its own through `createTestDatabase`.
 */
import postgres from "postgres";

/** The maintenance database on the machine's Postgres (trust auth), used to create and drop test databases. */
export const DEFAULT_POSTGRES_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** Seconds to wait for Postgres before a suite fails with a message saying how to start it. */
const CONNECT_TIMEOUT_SECONDS = 5;

/** A database created for one test run. */
export type TestDatabase = {
  /** Connection URL of the new database. */
  url: string;
  /** Its name. */
  name: string;
  /** Drops it (terminating leftover connections). */
  drop: () => Promise<void>;
};

/** The message a suite fails with when Postgres cannot be reached: never a silent skip. */
export function postgresUnreachableMessage(url: string, caught: unknown): string {
  const reason = caught instanceof Error ? caught.message : String(caught);
  return (
    `Postgres is unreachable at ${redactUrl(url)} (${reason}). The Postgres suites need it: ` +
    `start it (e.g. \`pg_ctlcluster 15 main start\`), or set TEST_DATABASE_URL to a database they may use.`
  );
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "<unparseable url>";
  }
}

/** A database name unique to this process and moment, e.g. `octo_test_1764547200000_4242`. */
export function testDatabaseName(prefix = "octo_test"): string {
  return `${prefix}_${Date.now()}_${process.pid}_${Math.floor(Math.random() * 1_000)}`;
}

/** Creates an empty database on the server of `adminUrl`; throws `postgresUnreachableMessage` when it cannot. */
export async function createTestDatabase(
  options: { adminUrl?: string; name?: string } = {},
): Promise<TestDatabase> {
  const adminUrl = options.adminUrl ?? process.env.POSTGRES_ADMIN_URL ?? DEFAULT_POSTGRES_ADMIN_URL;
  const name = options.name ?? testDatabaseName();
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe test database name: ${name}`);
  const admin = postgres(adminUrl, { max: 1, connect_timeout: CONNECT_TIMEOUT_SECONDS, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch (caught) {
    await admin.end({ timeout: 1 }).catch(() => {});
    throw new Error(postgresUnreachableMessage(adminUrl, caught), { cause: caught });
  }
  await admin.end({ timeout: 1 });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const dropper = postgres(adminUrl, { max: 1, connect_timeout: CONNECT_TIMEOUT_SECONDS, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end({ timeout: 1 });
      }
    },
  };
}

/** Checks a Postgres URL answers, or throws `postgresUnreachableMessage`. */
export async function assertPostgresReachable(url: string): Promise<void> {
  const client = postgres(url, { max: 1, connect_timeout: CONNECT_TIMEOUT_SECONDS, onnotice: () => {} });
  try {
    await client`select 1`;
  } catch (caught) {
    throw new Error(postgresUnreachableMessage(url, caught), { cause: caught });
  } finally {
    await client.end({ timeout: 1 }).catch(() => {});
  }
}
