/**
 * Runs one query source for one authorized project under the two bounds a
 * host owes: a row cap (the source's, whatever limit the block asks for) and
 * a time bound (Postgres cancels the statement; the caller stops waiting).
 * Rows are checked against the source's row schema before they leave.
 */
import "server-only";
import { z } from "zod";
import { readWithinTime } from "@/db/queries/project-model";
import { sqlState } from "@/db/queries/run-query";
import type { Project } from "@/db/schema/project";
import { AppError, isAppError } from "@/lib/errors";
import { clampUiQueryArguments } from "@/lib/ui/compile/clamp-query-arguments";
import type { UiRecord } from "@/lib/ui/expression/value";
import { SELF_ARGUMENT, type ProjectQuerySource } from "./query-sources";

/**
 * Longest one query may run, in milliseconds: a panel shows a loading state
 * meanwhile, and every demo query answers in a few milliseconds; a query that
 * takes longer is stuck, and must not hold a pooled connection.
 */
export const QUERY_TIME_LIMIT_MS = 3_000;

/** Postgres SQLSTATE of a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = "57014";

/** What a query that ran out of time says. */
export const QUERY_TIMEOUT_MESSAGE = "The query took too long and was stopped. Try again, or ask for fewer rows.";

/** The rows of one query, capped. */
export type ProjectQueryResult = {
  rows: UiRecord[];
  /** True when the source had more rows than the cap or the requested limit. */
  truncated: boolean;
};

/** Options of `runProjectQuery`. */
export type RunProjectQueryInput = {
  project: Project;
  source: ProjectQuerySource;
  /** The evaluated arguments (`uiQueryArguments`), not yet checked against the source's schema. */
  arguments: unknown;
  /**
   * The asking person's name as the project writes people (a test's
   * `owner`), or null when the project cannot know them: what a
   * `selfArguments` argument saying `"me"` reads. Asked only then. Absent:
   * nobody, so `"me"` matches no row.
   */
  viewer?: () => Promise<string | null>;
  /** Overrides `QUERY_TIME_LIMIT_MS` (tests). */
  timeLimitMs?: number;
};

/** The first issue of a zod error as `path: message`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  const where = issue.path.map(String).join(".");
  return where ? `${where}: ${issue.message}` : issue.message;
}

/**
 * Checks the arguments against the source's schema (`bad_request:query`;
 * a number past its range is clamped to it first, never refused),
 * reads at most the capped limit (plus one row, to know whether there were
 * more) within the time bound (`offline:query` when it runs out) and checks
 * every row against the source's row schema (`internal:query` otherwise).
 */
export async function runProjectQuery(input: RunProjectQueryInput): Promise<ProjectQueryResult> {
  const { source } = input;
  // A number past its range is read at the bound, as the compiler's query_argument_clamped told the model.
  const parsed = clampUiQueryArguments(source.argumentsSchema, input.arguments);
  if (!parsed.success) {
    throw new AppError("bad_request:query", {
      message: `The arguments do not fit the "${source.name}" source: ${firstIssue(parsed.error)}.`,
      detail: JSON.stringify(input.arguments),
    });
  }
  let value = parsed.data as Record<string, unknown>;
  for (const name of source.selfArguments ?? []) {
    if (value[name] !== SELF_ARGUMENT) continue;
    const viewer = (await input.viewer?.()) ?? null;
    // Someone the project cannot name owns nothing in it: an honest empty answer, not someone else's rows.
    if (viewer === null) return { rows: [], truncated: false };
    value = { ...value, [name]: viewer };
  }
  const limit = Math.min(source.limit(value) ?? source.rowCap, source.rowCap);
  const timeLimitMs = input.timeLimitMs ?? QUERY_TIME_LIMIT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new AppError("offline:query", { message: QUERY_TIMEOUT_MESSAGE, detail: `${source.name} ran past ${timeLimitMs} ms` })), timeLimitMs);
  });
  let rows: UiRecord[];
  try {
    const read = readWithinTime({ timeLimitMs }, (database) => source.read({ database, project: input.project, arguments: value, limit: limit + 1 }));
    // A read that loses the race still ends (Postgres cancels it); nothing may reject unheard.
    read.catch(() => {});
    rows = await Promise.race([read, timeout]);
  } catch (caught) {
    if (sqlState(caught) === QUERY_CANCELED) throw new AppError("offline:query", { message: QUERY_TIMEOUT_MESSAGE, detail: `${source.name} cancelled by Postgres`, cause: caught });
    if (isAppError(caught)) throw caught;
    throw new AppError("internal:query", { detail: `${source.name} failed`, cause: caught });
  } finally {
    clearTimeout(timer);
  }
  const checked = z.array(source.rowSchema).safeParse(rows);
  if (!checked.success) throw new AppError("internal:query", { detail: `${source.name} returned a row that breaks its schema: ${firstIssue(checked.error)}` });
  return { rows: rows.slice(0, limit), truncated: rows.length > limit };
}
