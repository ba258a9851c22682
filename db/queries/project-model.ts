/**
 * Reads of a project's model: files, commits, diffs, nodes and test results.
 * Every one is scoped by the project id, which the caller has authorized
 * (lib/project/authorize-project.ts); none of them knows who is asking.
 */
import "server-only";
import { and, arrayContains, asc, desc, eq, inArray, like, max, sql, type SQL } from "drizzle-orm";
import {
  projectBranches,
  projectCommits,
  projectDiffs,
  projectFiles,
  projectNodes,
  projectTestRuns,
  type ProjectCommit,
  type ProjectDiff,
  type ProjectFile,
  type ProjectNode,
  type ProjectTestRun,
} from "../schema/project";
import type { Database } from "../client";
import { runQuery, type QueryOptions } from "./run-query";

/** Escapes `%`, `_` and `\` so a text matches itself in a LIKE pattern. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Runs `read` in a transaction whose statements Postgres cancels after
 * `timeLimitMs` (`statement_timeout`), so a slow read frees its connection
 * instead of holding it; the caller bounds the wall time as well.
 */
export function readWithinTime<Result>(
  input: QueryOptions & { timeLimitMs: number },
  read: (database: Database) => Promise<Result>,
): Promise<Result> {
  const milliseconds = Math.max(1, Math.floor(input.timeLimitMs));
  return runQuery("readWithinTime", input, (database) =>
    database.transaction(async (transaction) => {
      await transaction.execute(sql.raw(`set local statement_timeout = ${milliseconds}`));
      return read(transaction);
    }),
  );
}

/** One file of a project, or null. */
export function getProjectFile(input: QueryOptions & { projectId: string; path: string }): Promise<ProjectFile | null> {
  return runQuery("getProjectFile", input, async (database) => {
    const [file] = await database
      .select()
      .from(projectFiles)
      .where(and(eq(projectFiles.projectId, input.projectId), eq(projectFiles.path, input.path)))
      .limit(1);
    return file ?? null;
  });
}

/** Which of `paths` the project holds a file for, in one read (a commit's page links only those). */
export function findProjectFilePaths(input: QueryOptions & { projectId: string; paths: readonly string[] }): Promise<Set<string>> {
  if (input.paths.length === 0) return Promise.resolve(new Set());
  return runQuery("findProjectFilePaths", input, async (database) => {
    const rows = await database
      .select({ path: projectFiles.path })
      .from(projectFiles)
      .where(and(eq(projectFiles.projectId, input.projectId), inArray(projectFiles.path, [...input.paths])));
    return new Set(rows.map((row) => row.path));
  });
}

/** A project's files in path order, optionally only those under `prefix`, at most `limit`. */
export function listProjectFiles(input: QueryOptions & { projectId: string; prefix?: string; limit: number }): Promise<ProjectFile[]> {
  return runQuery("listProjectFiles", input, (database) =>
    database
      .select()
      .from(projectFiles)
      .where(and(eq(projectFiles.projectId, input.projectId), input.prefix ? like(projectFiles.path, likePrefix(input.prefix)) : undefined))
      .orderBy(asc(projectFiles.path))
      .limit(input.limit),
  );
}

/** The commits whose sha starts with `prefix` (lowercase hex), at most `limit`: one means the prefix names a commit. */
export function findProjectCommits(input: QueryOptions & { projectId: string; shaPrefix: string; limit: number }): Promise<ProjectCommit[]> {
  return runQuery("findProjectCommits", input, (database) =>
    database
      .select()
      .from(projectCommits)
      .where(and(eq(projectCommits.projectId, input.projectId), like(projectCommits.sha, likePrefix(input.shaPrefix.toLowerCase()))))
      .orderBy(asc(projectCommits.sha))
      .limit(input.limit),
  );
}

/** A commit touched `path`: that file, or (without the trailing `/` it may carry) any file under that folder. */
function touchesPath(path: string): SQL {
  const folder = path.replace(/\/+$/, "");
  return sql`(${arrayContains(projectCommits.files, [folder])} or exists (select 1 from unnest(${projectCommits.files}) as touched(path) where touched.path like ${likePrefix(`${folder}/`)}))`;
}

/** A project's commits, newest first, optionally on one branch and touching one path (a file or a folder), at most `limit`. */
export function listProjectCommits(
  input: QueryOptions & { projectId: string; branch?: string; path?: string; limit: number },
): Promise<ProjectCommit[]> {
  const conditions: (SQL | undefined)[] = [eq(projectCommits.projectId, input.projectId)];
  if (input.branch !== undefined) conditions.push(eq(projectCommits.branch, input.branch));
  if (input.path !== undefined) conditions.push(touchesPath(input.path));
  return runQuery("listProjectCommits", input, (database) =>
    database
      .select()
      .from(projectCommits)
      .where(and(...conditions))
      .orderBy(desc(projectCommits.committedAt), asc(projectCommits.sha))
      .limit(input.limit),
  );
}

/** One diff by id, or null. */
export function getProjectDiff(input: QueryOptions & { projectId: string; diffId: string }): Promise<ProjectDiff | null> {
  return runQuery("getProjectDiff", input, async (database) => {
    const [diff] = await database
      .select()
      .from(projectDiffs)
      .where(and(eq(projectDiffs.projectId, input.projectId), eq(projectDiffs.id, input.diffId)))
      .limit(1);
    return diff ?? null;
  });
}

/** The diffs matching every given field (path, base, head), at most `limit`, in id order. */
export function findProjectDiffs(
  input: QueryOptions & { projectId: string; path?: string; base?: string; head?: string; limit: number },
): Promise<ProjectDiff[]> {
  const conditions: (SQL | undefined)[] = [eq(projectDiffs.projectId, input.projectId)];
  if (input.path !== undefined) conditions.push(eq(projectDiffs.path, input.path));
  if (input.base !== undefined) conditions.push(eq(projectDiffs.base, input.base));
  if (input.head !== undefined) conditions.push(eq(projectDiffs.head, input.head));
  return runQuery("findProjectDiffs", input, (database) =>
    database
      .select()
      .from(projectDiffs)
      .where(and(...conditions))
      .orderBy(asc(projectDiffs.id))
      .limit(input.limit),
  );
}

/** One node by ref, or null. */
export function getProjectNode(input: QueryOptions & { projectId: string; ref: string }): Promise<ProjectNode | null> {
  return runQuery("getProjectNode", input, async (database) => {
    const [node] = await database
      .select()
      .from(projectNodes)
      .where(and(eq(projectNodes.projectId, input.projectId), eq(projectNodes.ref, input.ref)))
      .limit(1);
    return node ?? null;
  });
}

/**
 * The results of the newest run on a branch, failures first and then by
 * name, optionally failures only or one owner's only, at most `limit`; empty
 * when the branch has no run.
 */
export function listLatestTestResults(
  input: QueryOptions & { projectId: string; branch: string; failedOnly?: boolean; owner?: string; limit: number },
): Promise<ProjectTestRun[]> {
  return runQuery("listLatestTestResults", input, async (database) => {
    const scope = and(eq(projectTestRuns.projectId, input.projectId), eq(projectTestRuns.branch, input.branch));
    const [latest] = await database.select({ runNumber: max(projectTestRuns.runNumber) }).from(projectTestRuns).where(scope);
    if (latest?.runNumber === null || latest?.runNumber === undefined) return [];
    return database
      .select()
      .from(projectTestRuns)
      .where(
        and(
          scope,
          eq(projectTestRuns.runNumber, latest.runNumber),
          input.failedOnly ? eq(projectTestRuns.failed, true) : undefined,
          input.owner !== undefined ? eq(projectTestRuns.owner, input.owner) : undefined,
        ),
      )
      .orderBy(desc(projectTestRuns.failed), asc(projectTestRuns.name))
      .limit(input.limit);
  });
}

/** A project's nodes in ref order, at most `limit`. */
export function listProjectNodes(input: QueryOptions & { projectId: string; limit: number }): Promise<ProjectNode[]> {
  return runQuery("listProjectNodes", input, (database) =>
    database.select().from(projectNodes).where(eq(projectNodes.projectId, input.projectId)).orderBy(asc(projectNodes.ref)).limit(input.limit),
  );
}

/** A branch as the `branches` query lists it: its row and what its commits say. */
export type ProjectBranchSummary = {
  name: string;
  /** Its newest commit; null when it has none yet. */
  headSha: string | null;
  headAt: Date | null;
  /** Commits on it that the default branch does not have (0 for the default branch). */
  ahead: number;
  /** Default-branch commits made after it forked (0 for the default branch). */
  behind: number;
  pullRequest: number | null;
};

/**
 * A project's branches, the one with the newest commit first (then by name),
 * at most `limit`: head and counts from its commits, fork point and pull
 * request from its `project_branches` row. `defaultBranch` is what
 * `behind` counts against.
 */
export function listProjectBranches(input: QueryOptions & { projectId: string; defaultBranch: string; limit: number }): Promise<ProjectBranchSummary[]> {
  // Qualified by hand: in a one-table select drizzle writes columns bare, which a correlated subquery would read as its own.
  const branchProject = sql.raw(`"project_branches"."project_id"`);
  const branchName = sql.raw(`"project_branches"."name"`);
  const head = (column: SQL) =>
    sql`(select ${column} from ${projectCommits} as head where head.project_id = ${branchProject} and head.branch = ${branchName} order by head.committed_at desc, head.sha asc limit 1)`;
  const headAt = head(sql.raw("head.committed_at"));
  return runQuery("listProjectBranches", input, (database) =>
    database
      .select({
        name: projectBranches.name,
        headSha: head(sql.raw("head.sha")).mapWith(String),
        headAt: headAt.mapWith(projectCommits.committedAt),
        ahead: sql`(select count(*) from ${projectCommits} as own where own.project_id = ${branchProject} and own.branch = ${branchName} and own.branch <> ${input.defaultBranch})`.mapWith(Number),
        behind: sql`(select count(*) from ${projectCommits} as later join ${projectCommits} as base on base.project_id = later.project_id and base.sha = ${sql.raw(`"project_branches"."base_sha"`)} where later.project_id = ${branchProject} and later.branch = ${input.defaultBranch} and later.committed_at > base.committed_at)`.mapWith(Number),
        pullRequest: projectBranches.pullRequest,
      })
      .from(projectBranches)
      .where(eq(projectBranches.projectId, input.projectId))
      .orderBy(sql`${headAt} desc nulls last`, asc(projectBranches.name))
      .limit(input.limit),
  );
}
