/**
 * The database of the process: Postgres through postgres.js when
 * `DATABASE_URL` is set, embedded PGlite under `.data/pglite` otherwise (the
 * newcomer's default: nothing to install or configure). Migrations from
 * `db/migrations` run on first use, once per process, and under an advisory
 * lock on Postgres so several server instances starting together take turns.
 */
import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { AppError } from "@/lib/errors";
import * as schema from "./schema";

/** The drizzle database of the app, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which driver a connection uses. */
export type DatabaseDriver = "postgres" | "pglite";

/** An open database with the means to close it. */
export type DatabaseConnection = {
  /** The drizzle database. */
  database: Database;
  /** The driver behind it. */
  driver: DatabaseDriver;
  /** Closes the pool or the embedded instance. */
  close: () => Promise<void>;
  /** Runs pending migrations; calls on one connection queue behind each other. */
  migrate: () => Promise<void>;
};

/** Makes calls of `run` wait for the previous one, so a connection never runs two migrations at once. */
function serialized(run: () => Promise<void>): () => Promise<void> {
  let tail: Promise<void> = Promise.resolve();
  return () => {
    const next = tail.then(run, run);
    tail = next.catch(() => {});
    return next;
  };
}

/** Where the embedded database keeps its files unless `PGLITE_DATA_DIR` says otherwise. */
export const DEFAULT_PGLITE_DATA_DIR = path.join(".data", "pglite");

/** The committed SQL migrations, read at run time (relative to the project root the server starts in). */
export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

/**
 * Connections per process to Postgres: a turn holds one only for the length of
 * a query, and several server instances must fit under Postgres's default
 * `max_connections` of 100.
 */
const POSTGRES_POOL_SIZE = 10;

/** Seconds an idle pooled connection is kept; frees connections of a quiet instance. */
const POSTGRES_IDLE_TIMEOUT_SECONDS = 30;

/** Seconds to wait for Postgres to accept a connection before reporting it offline. */
const POSTGRES_CONNECT_TIMEOUT_SECONDS = 10;

/** An arbitrary, fixed key for `pg_advisory_lock` that only this app's migrator takes. */
const MIGRATION_LOCK_KEY = 7_406_372_013;

/** Options of `openDatabase`: a Postgres URL, or a PGlite data directory (`memory://` for an in-memory one). */
export type OpenDatabaseOptions = { url: string } | { dataDir: string };

/** Opens a database without migrating it; tests use it for fresh instances, the app uses `getDatabase`. */
export function openDatabase(options: OpenDatabaseOptions): DatabaseConnection {
  if ("url" in options) return openPostgres(options.url);
  return openPglite(options.dataDir);
}

function openPostgres(url: string): DatabaseConnection {
  const client = postgres(url, {
    max: POSTGRES_POOL_SIZE,
    idle_timeout: POSTGRES_IDLE_TIMEOUT_SECONDS,
    connect_timeout: POSTGRES_CONNECT_TIMEOUT_SECONDS,
    onnotice: () => {},
  });
  const database: Database = drizzlePostgres({ client, schema });
  return {
    database,
    driver: "postgres",
    close: () => client.end({ timeout: 5 }),
    migrate: serialized(() => migratePostgresLocked(url)),
  };
}

/**
 * Migrates through a dedicated one-connection client: the session-level
 * advisory lock, the migration and the unlock then share one connection, so a
 * second instance waits for the first instead of racing it to CREATE TABLE.
 */
async function migratePostgresLocked(url: string): Promise<void> {
  const client = postgres(url, { max: 1, connect_timeout: POSTGRES_CONNECT_TIMEOUT_SECONDS, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

function openPglite(dataDir: string): DatabaseConnection {
  if (!dataDir.includes("://")) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const pgliteDatabase = drizzlePglite({ client, schema });
  // PGlite is one connection inside this process and no other process can open
  // its directory, so serializing migrations per connection is all the locking it needs.
  const database: Database = pgliteDatabase;
  return {
    database,
    driver: "pglite",
    close: () => client.close(),
    migrate: serialized(() => migratePglite(pgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER })),
  };
}

/** Runs the pending migrations of a connection, turning driver failures into `offline:database`. */
export async function migrateDatabase(connection: DatabaseConnection): Promise<void> {
  try {
    await connection.migrate();
  } catch (caught) {
    throw new AppError("offline:database", { detail: `migrating the ${connection.driver} database failed`, cause: caught });
  }
}

/** Options of the process database, read from the environment. */
export function databaseOptionsFromEnvironment(environment: NodeJS.ProcessEnv = process.env): OpenDatabaseOptions {
  const url = environment.DATABASE_URL?.trim();
  if (url) return { url };
  return { dataDir: environment.PGLITE_DATA_DIR?.trim() || DEFAULT_PGLITE_DATA_DIR };
}

type ProcessDatabase = { connection: DatabaseConnection; ready: Promise<Database> };

// Cached on globalThis: Next's dev server re-evaluates modules on every edit,
// and the instrumentation bundle and the route bundles each hold their own copy
// of this module; all must share one pool (and PGlite must open its directory once).
const globalStore = globalThis as typeof globalThis & { __octoDatabase?: ProcessDatabase };

/** The process's database, migrated; the first call opens and migrates it, later calls share the same promise. */
export function getDatabase(): Promise<Database> {
  const existing = globalStore.__octoDatabase;
  if (existing) return existing.ready;
  const connection = openDatabase(databaseOptionsFromEnvironment());
  const ready = migrateDatabase(connection).then(() => connection.database);
  const entry: ProcessDatabase = { connection, ready };
  globalStore.__octoDatabase = entry;
  // A failed migration must not stick: the next caller tries again on a fresh connection.
  ready.catch(() => {
    if (globalStore.__octoDatabase === entry) globalStore.__octoDatabase = undefined;
    void connection.close().catch(() => {});
  });
  return ready;
}

/** The process's connection (driver, close), after its migrations ran. */
export async function getDatabaseConnection(): Promise<DatabaseConnection> {
  await getDatabase();
  const entry = globalStore.__octoDatabase;
  if (!entry) throw new AppError("offline:database", { detail: "the process database closed while in use" });
  return entry.connection;
}

/** Closes the process database (tests and graceful shutdown). */
export async function closeDatabase(): Promise<void> {
  const entry = globalStore.__octoDatabase;
  globalStore.__octoDatabase = undefined;
  if (entry) await entry.connection.close();
}
