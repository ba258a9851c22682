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
