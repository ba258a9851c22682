import "server-only";
import { AppError, isAppError } from "@/lib/errors";
import { getDatabase, type Database } from "../client";

/** What every query accepts besides its own inputs: the database to use (the process's when omitted; tests pass their own). */
export type QueryOptions = {
  /** The database to query; defaults to the process database (`getDatabase()`). */
  database?: Database;
};

/** Postgres SQLSTATE of a unique-constraint violation. */
const UNIQUE_VIOLATION = "23505";

/** How deep to follow `cause` links looking for the driver's SQLSTATE (an AppError wraps drizzle's error, which wraps the driver's). */
const MAX_CAUSE_DEPTH = 5;

/** The Postgres SQLSTATE of a failure (e.g. "23505"), found on it or on its `cause` chain; undefined for anything else. */
export function sqlState(caught: unknown): string | undefined {
  let current: unknown = caught;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Object; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Codes of a failure to reach the database at all, as opposed to the database
 * refusing a statement: postgres.js's connection errors, Node's socket
 * errors, and the SQLSTATEs of a server shutting down, starting up or out of
 * connections. Such a failure says nothing about the statement: the same
 * statement may succeed once the database is back.
 */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/** SQLSTATE class 08: connection_exception and its subclasses. */
const CONNECTION_EXCEPTION_CLASS = "08";

/**
 * True when a failure (anywhere on its `cause` chain, or in an aggregate's
 * `errors`) is the database being unreachable rather than refusing what it
 * was sent: retrying the same statement later may succeed.
 */
export function isDatabaseUnreachable(caught: unknown): boolean {
  const pending: unknown[] = [caught];
  for (let seen = 0; pending.length > 0 && seen < MAX_CAUSE_DEPTH * 4; seen += 1) {
    const current = pending.shift();
    if (!(current instanceof Object)) continue;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && code.startsWith(CONNECTION_EXCEPTION_CLASS)))) return true;
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors)) pending.push(...errors);
    pending.push((current as { cause?: unknown }).cause);
  }
  return false;
}

/**
 * Runs one named query on the given or the process database and wraps driver
 * failures: a unique violation becomes `conflict:database`, anything else
 * `offline:database`; both are logged, never shown.
 */
export async function runQuery<Result>(
  name: string,
  options: QueryOptions,
  operation: (database: Database) => Promise<Result>,
): Promise<Result> {
  try {
    const database = options.database ?? (await getDatabase());
    return await operation(database);
  } catch (caught) {
    if (isAppError(caught)) throw caught;
    const state = sqlState(caught);
    const code = state === UNIQUE_VIOLATION ? "conflict:database" : "offline:database";
    throw new AppError(code, { detail: `${name} failed${state ? ` (SQLSTATE ${state})` : ""}`, cause: caught });
  }
}
