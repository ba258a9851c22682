/**
 * Reads of a project's activity (db/schema/project-activity.ts): metrics,
 * incidents, builds, releases and the service graph. Like
 * `project-model.ts`, every one is scoped by a project id the caller has
 * authorized, and none of them knows who is asking.
 */
import "server-only";
import { and, asc, desc, eq, gte, inArray, like, or, type SQL } from "drizzle-orm";
import { projectCommits, projectDiffs, projectNodes, type ProjectDiff, type ProjectNode } from "../schema/project";
import {
  projectBuilds,
  projectIncidents,
  projectMetrics,
  projectNodeEdges,
  projectReleases,
  type ProjectBuild,
  type ProjectIncident,
  type ProjectMetric,
  type ProjectNodeEdge,
  type ProjectRelease,
} from "../schema/project-activity";
import { runQuery, type QueryOptions } from "./run-query";

/** A project's metric values by service, metric and day, optionally of one service or metric and from `since`, at most `limit`. */
export function listProjectMetrics(
  input: QueryOptions & { projectId: string; service?: string; metric?: string; since?: Date; limit: number },
): Promise<ProjectMetric[]> {
  const conditions: (SQL | undefined)[] = [eq(projectMetrics.projectId, input.projectId)];
  if (input.service !== undefined) conditions.push(eq(projectMetrics.service, input.service));
  if (input.metric !== undefined) conditions.push(eq(projectMetrics.metric, input.metric));
  if (input.since !== undefined) conditions.push(gte(projectMetrics.at, input.since));
  return runQuery("listProjectMetrics", input, (database) =>
    database
      .select()
      .from(projectMetrics)
      .where(and(...conditions))
      .orderBy(asc(projectMetrics.service), asc(projectMetrics.metric), asc(projectMetrics.at))
      .limit(input.limit),
  );
}

/** A project's incidents, newest first, optionally only some statuses, of one service or severity, at most `limit`. */
export function listProjectIncidents(
  input: QueryOptions & { projectId: string; statuses?: readonly ProjectIncident["status"][]; service?: string; severity?: ProjectIncident["severity"]; limit: number },
): Promise<ProjectIncident[]> {
  const conditions: (SQL | undefined)[] = [eq(projectIncidents.projectId, input.projectId)];
  if (input.statuses !== undefined) conditions.push(inArray(projectIncidents.status, [...input.statuses]));
  if (input.service !== undefined) conditions.push(eq(projectIncidents.service, input.service));
  if (input.severity !== undefined) conditions.push(eq(projectIncidents.severity, input.severity));
  return runQuery("listProjectIncidents", input, (database) =>
    database
      .select()
      .from(projectIncidents)
      .where(and(...conditions))
      .orderBy(desc(projectIncidents.openedAt), asc(projectIncidents.id))
      .limit(input.limit),
  );
}

/** A project's build jobs, newest pipeline first and its jobs in the order they started, optionally filtered, at most `limit`. */
export function listProjectBuilds(
  input: QueryOptions & { projectId: string; branch?: string; status?: ProjectBuild["status"]; job?: string; limit: number },
): Promise<ProjectBuild[]> {
  const conditions: (SQL | undefined)[] = [eq(projectBuilds.projectId, input.projectId)];
  if (input.branch !== undefined) conditions.push(eq(projectBuilds.branch, input.branch));
  if (input.status !== undefined) conditions.push(eq(projectBuilds.status, input.status));
  if (input.job !== undefined) conditions.push(eq(projectBuilds.job, input.job));
  return runQuery("listProjectBuilds", input, (database) =>
    database
      .select()
      .from(projectBuilds)
      .where(and(...conditions))
      .orderBy(desc(projectBuilds.pipeline), asc(projectBuilds.startedAt), asc(projectBuilds.job))
      .limit(input.limit),
  );
}

/** A release with the paths it changed: the diffs whose head is its tag, in path order. */
export type ProjectReleaseWithFiles = ProjectRelease & { paths: string[] };

/** A project's releases, newest first, optionally one tag, each with the paths it changed, at most `limit`. */
export function listProjectReleases(input: QueryOptions & { projectId: string; tag?: string; limit: number }): Promise<ProjectReleaseWithFiles[]> {
  return runQuery("listProjectReleases", input, async (database) => {
    const releases = await database
      .select()
      .from(projectReleases)
      .where(and(eq(projectReleases.projectId, input.projectId), input.tag !== undefined ? eq(projectReleases.tag, input.tag) : undefined))
      .orderBy(desc(projectReleases.releasedAt), asc(projectReleases.tag))
      .limit(input.limit);
    if (releases.length === 0) return [];
    const diffs = await database
      .select({ head: projectDiffs.head, path: projectDiffs.path })
      .from(projectDiffs)
      .where(and(eq(projectDiffs.projectId, input.projectId), inArray(projectDiffs.head, releases.map((release) => release.tag))))
      .orderBy(asc(projectDiffs.path));
    return releases.map((release) => ({ ...release, paths: [...new Set(diffs.filter((diff) => diff.head === release.tag).map((diff) => diff.path))] }));
  });
}

/** A node with the edges that touch it and the nodes at their other ends; null when the project has no such node. */
export type ProjectNodeNeighbourhood = { node: ProjectNode; edges: ProjectNodeEdge[]; neighbours: ProjectNode[] };

/** The node `ref` of a project and its neighbours in the service graph, edges in (from, to) order, at most `limit` edges. */
export function getProjectNodeNeighbourhood(input: QueryOptions & { projectId: string; ref: string; limit: number }): Promise<ProjectNodeNeighbourhood | null> {
  return runQuery("getProjectNodeNeighbourhood", input, async (database) => {
    const [node] = await database
      .select()
      .from(projectNodes)
      .where(and(eq(projectNodes.projectId, input.projectId), eq(projectNodes.ref, input.ref)))
      .limit(1);
    if (!node) return null;
    const edges = await database
      .select()
      .from(projectNodeEdges)
      .where(and(eq(projectNodeEdges.projectId, input.projectId), or(eq(projectNodeEdges.fromRef, input.ref), eq(projectNodeEdges.toRef, input.ref))))
      .orderBy(asc(projectNodeEdges.fromRef), asc(projectNodeEdges.toRef))
      .limit(input.limit);
    const refs = [...new Set(edges.map((edge) => (edge.fromRef === input.ref ? edge.toRef : edge.fromRef)))];
    const neighbours =
      refs.length === 0
        ? []
        : await database
            .select()
            .from(projectNodes)
            .where(and(eq(projectNodes.projectId, input.projectId), inArray(projectNodes.ref, refs)))
            .orderBy(asc(projectNodes.ref));
    return { node, edges, neighbours };
  });
}

/** Escapes `%`, `_` and `\\` so a text matches itself in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Where a commit's change is stored as diffs: the ref whose diffs hold it and the paths it touched. */
export type ProjectCommitChange = { sha: string; head: string; paths: string[] };

/**
 * Where the change of the one commit whose sha starts with `shaPrefix` is
 * stored: diffs run between refs, not commits, so a commit on another branch
 * is in that branch's diffs (`head` = the branch) and a commit on the default
 * branch in those of the first release made at or after it (`head` = the
 * tag). Null when no commit, or more than one, has that prefix, or a
 * default-branch commit is in no release yet.
 */
export function findProjectCommitChange(
  input: QueryOptions & { projectId: string; shaPrefix: string; defaultBranch: string },
): Promise<ProjectCommitChange | null> {
  return runQuery("findProjectCommitChange", input, async (database) => {
    const prefix = `${escapeLike(input.shaPrefix.toLowerCase())}%`;
    const found = await database
      .select({ sha: projectCommits.sha, branch: projectCommits.branch, committedAt: projectCommits.committedAt, files: projectCommits.files })
      .from(projectCommits)
      .where(and(eq(projectCommits.projectId, input.projectId), like(projectCommits.sha, prefix)))
      .limit(2);
    const [commit] = found;
    if (!commit || found.length > 1) return null;
    if (commit.branch !== input.defaultBranch) return { sha: commit.sha, head: commit.branch, paths: commit.files };
    const [release] = await database
      .select({ tag: projectReleases.tag })
      .from(projectReleases)
      .where(and(eq(projectReleases.projectId, input.projectId), gte(projectReleases.releasedAt, commit.committedAt)))
      .orderBy(asc(projectReleases.releasedAt), asc(projectReleases.tag))
      .limit(1);
    return release ? { sha: commit.sha, head: release.tag, paths: commit.files } : null;
  });
}

/**
 * A project's diffs, in path order (then id), optionally of one head, of
 * some paths only, of one file or folder (`under`, a trailing `/` or not), at
 * most `limit`.
 */
export function listProjectDiffs(
  input: QueryOptions & { projectId: string; head?: string; paths?: readonly string[]; under?: string; limit: number },
): Promise<ProjectDiff[]> {
  if (input.paths !== undefined && input.paths.length === 0) return Promise.resolve([]);
  const conditions: (SQL | undefined)[] = [eq(projectDiffs.projectId, input.projectId)];
  if (input.head !== undefined) conditions.push(eq(projectDiffs.head, input.head));
  if (input.paths !== undefined) conditions.push(inArray(projectDiffs.path, [...input.paths]));
  if (input.under !== undefined) {
    const folder = input.under.replace(/\/+$/, "");
    conditions.push(or(eq(projectDiffs.path, folder), like(projectDiffs.path, `${escapeLike(folder)}/%`)));
  }
  return runQuery("listProjectDiffs", input, (database) =>
    database
      .select()
      .from(projectDiffs)
      .where(and(...conditions))
      .orderBy(asc(projectDiffs.path), asc(projectDiffs.id))
      .limit(input.limit),
  );
}
