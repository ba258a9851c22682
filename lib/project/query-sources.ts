/**
 * The query sources a ```ui block may read with `$x = @Query("source",
 * {args})`: each with the zod schema of its arguments (the compiler checks
 * constant arguments against it, the query route checks evaluated ones), the
 * schema of its rows, a description the model reads, a row cap, and a read
 * scoped to one project. One table drives compilation, the system prompt and
 * the route, so they cannot disagree about what a source takes.
 */
import "server-only";
import { z } from "zod";
import type { Database } from "@/db/client";
import {
  findProjectCommitChange,
  getProjectNodeNeighbourhood,
  listProjectBuilds,
  listProjectDiffs,
  listProjectIncidents,
  listProjectMetrics,
  listProjectReleases,
} from "@/db/queries/project-activity";
import { listLatestTestResults, listProjectBranches, listProjectCommits, listProjectFiles, listProjectNodes } from "@/db/queries/project-model";
import type { Project } from "@/db/schema/project";
import { BUILD_STATUSES, INCIDENT_SEVERITIES, INCIDENT_STATUSES } from "@/db/schema/project-activity";
import type { UiQuerySchemas } from "@/lib/ui/compile/options";
import type { UiRecord } from "@/lib/ui/expression/value";
import { shortSha } from "./project-paths";

/** Most test results one `tests` query returns: a large CI run, still a table a person can page through. */
export const TESTS_ROW_CAP = 500;
/** Most commits one `commits` query returns: history beyond this is for a log viewer, not a panel. */
export const COMMITS_ROW_CAP = 100;
/** Commits a `commits` query returns when it names no limit: a screenful. */
export const COMMITS_DEFAULT_LIMIT = 20;
/** Most files one `files` query returns: a directory listing a panel can show. */
export const FILES_ROW_CAP = 200;
/** Most metric values one `metrics` query returns: 4 services × 3 metrics × 14 days is 168; 500 is a chart's worth of points. */
export const METRICS_ROW_CAP = 500;
/** Most incidents one `incidents` query returns: a quarter's worth, still one table. */
export const INCIDENTS_ROW_CAP = 100;
/** Incidents an `incidents` query returns when it names no limit: a screenful. */
export const INCIDENTS_DEFAULT_LIMIT = 20;
/** Most build jobs one `builds` query returns: forty pipelines of five jobs. */
export const BUILDS_ROW_CAP = 200;
/** Build jobs a `builds` query returns when it names no limit: the last few pipelines. */
export const BUILDS_DEFAULT_LIMIT = 30;
/** Most releases one `releases` query returns: a release history beyond this is a changelog page, not a panel. */
export const RELEASES_ROW_CAP = 50;
/** Releases a `releases` query returns when it names no limit. */
export const RELEASES_DEFAULT_LIMIT = 10;
/** Most rows one `nodes` query returns: a node and its neighbours, or the whole graph of a small system. */
export const NODES_ROW_CAP = 100;
/** Most branches one `branches` query returns: the live ones of a busy repository; the rest are stale. */
export const BRANCHES_ROW_CAP = 50;
/** Branches a `branches` query returns when it names no limit: a screenful. */
export const BRANCHES_DEFAULT_LIMIT = 20;
/** Most hunks one `diffs` query returns: a large change read in a panel; a bigger one is for the diff page. */
export const DIFFS_ROW_CAP = 50;
/** Hunks a `diffs` query returns when it names no limit: a release's worth in the demo project. */
export const DIFFS_DEFAULT_LIMIT = 20;
/** UTF-16 units of one hunk's text a `diffs` row carries: about 40 lines; longer ones are cut with an ellipsis, so 50 hunks stay near 100 KB. */
export const DIFF_HUNK_CHARACTER_LIMIT = 2_000;
/** What an argument that names a person (`owner`) takes for the person asking; the server resolves it (`QuerySourceReadInput.viewer`). */
export const SELF_ARGUMENT = "me";
/** UTF-16 units of a branch, path or prefix argument: the link targets' own bounds. */
const ARGUMENT_TEXT_LIMIT = 1_024;

const BranchSchema = z.string().min(1).max(ARGUMENT_TEXT_LIMIT);

/** The branch a `tests` query reads when it names none: the demo project's default branch. */
export const DEFAULT_TESTS_BRANCH = "main";

/**
 * What a source's read is given: the authorized project, its validated
 * arguments (a `selfArguments` one that said `"me"` already holds the
 * person's name) and how many rows to return at most.
 */
export type QuerySourceReadInput<Arguments> = {
  database?: Database;
  project: Project;
  arguments: Arguments;
  limit: number;
};

/** One query source (see the file comment). */
export type ProjectQuerySource<Schema extends z.ZodType = z.ZodType> = {
  /** What the block names: `@Query("tests", …)`. */
  name: string;
  /** What the model reads about it (the arguments schema carries it too, with the rows' shape). */
  description: string;
  /** The arguments object, strict: a misspelt argument is a compile diagnostic, not silently ignored. */
  argumentsSchema: Schema;
  /** One row; every row a read returns is checked against it. */
  rowSchema: z.ZodObject;
  /** The most rows one query returns, whatever `limit` it asks for. */
  rowCap: number;
  /** The rows to return when the arguments name no limit. */
  limit: (argumentsValue: z.output<Schema>) => number | undefined;
  /**
   * Arguments naming a person that also take `"me"` (`SELF_ARGUMENT`): the
   * query route reads them as the asking person's name as the project writes
   * people (`runProjectQuery`'s `viewer`), never as anything the browser says.
   */
  selfArguments?: readonly string[];
  /** Reads at most `limit` rows of the project. */
  read: (input: QuerySourceReadInput<z.output<Schema>>) => Promise<UiRecord[]>;
};

/** A source with its schema types kept while it is defined, then stored as the general shape. */
function defineQuerySource<Schema extends z.ZodType>(source: ProjectQuerySource<Schema>): ProjectQuerySource {
  return source as unknown as ProjectQuerySource;
}

/** The type word of a row field, for the description the model reads. */
function fieldType(schema: z.ZodType): string {
  if (schema instanceof z.ZodNullable) return `${fieldType(schema.unwrap() as z.ZodType)} | null`;
  if (schema instanceof z.ZodOptional) return fieldType(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodArray) return `${fieldType(schema.element as z.ZodType)}[]`;
  if (schema instanceof z.ZodEnum) return "string";
  if (schema instanceof z.ZodString) return "string";
  if (schema instanceof z.ZodNumber) return "number";
  if (schema instanceof z.ZodBoolean) return "boolean";
  return "value";
}

/** `{name: string, ms: number, …}`: a row's shape as the model reads it. */
export function describeRow(rowSchema: z.ZodObject): string {
  return `{${Object.entries(rowSchema.shape)
    .map(([name, field]) => `${name}: ${fieldType(field as z.ZodType)}`)
    .join(", ")}}`;
}

const TestRowSchema = z.strictObject({
  name: z.string(),
  suite: z.string(),
  ms: z.number(),
  failed: z.boolean(),
  run: z.number(),
  owner: z.string(),
  runAt: z.string(),
});

const TESTS_DESCRIPTION = `The branch's newest CI run, failures first; owner "${SELF_ARGUMENT}" is the person asking.`;

/** `tests`: the newest run's results on a branch. */
const testsSource = defineQuerySource({
  name: "tests",
  description: TESTS_DESCRIPTION,
  argumentsSchema: z
    .strictObject({
      // Every writer had to guess the default branch; a `tests` query that names none reads main's.
      branch: BranchSchema.default(DEFAULT_TESTS_BRANCH),
      limit: z.number().int().min(1).max(TESTS_ROW_CAP).default(TESTS_ROW_CAP),
      failedOnly: z.boolean().optional(),
      owner: z.string().min(1).max(ARGUMENT_TEXT_LIMIT).optional(),
    })
    .describe(`${TESTS_DESCRIPTION} Rows: ${describeRow(TestRowSchema)}.`),
  rowSchema: TestRowSchema,
  rowCap: TESTS_ROW_CAP,
  limit: (value) => value.limit,
  selfArguments: ["owner"],
  read: async ({ database, project, arguments: value, limit }) => {
    const rows = await listLatestTestResults({
      ...(database ? { database } : {}),
      projectId: project.id,
      branch: value.branch,
      failedOnly: value.failedOnly === true,
      ...(value.owner !== undefined ? { owner: value.owner } : {}),
      limit,
    });
    return rows.map((row) => ({
      name: row.name,
      suite: row.suite,
      ms: row.ms,
      failed: row.failed,
      run: row.runNumber,
      owner: row.owner,
      runAt: row.finishedAt.toISOString(),
    }));
  },
});

const CommitRowSchema = z.strictObject({
  sha: z.string(),
  shortSha: z.string(),
  title: z.string(),
  author: z.string(),
  date: z.string(),
  branch: z.string(),
  files: z.number(),
});

const COMMITS_DESCRIPTION = "Newest first, on the default branch unless one is named; path is a file or folder.";

/** `commits`: a branch's history, optionally of one path. */
const commitsSource = defineQuerySource({
  name: "commits",
  description: COMMITS_DESCRIPTION,
  argumentsSchema: z
    .strictObject({
      branch: BranchSchema.optional(),
      limit: z.number().int().min(1).max(COMMITS_ROW_CAP).default(COMMITS_DEFAULT_LIMIT),
      path: z.string().min(1).max(ARGUMENT_TEXT_LIMIT).optional(),
    })
    .describe(`${COMMITS_DESCRIPTION} Rows: ${describeRow(CommitRowSchema)}.`),
  rowSchema: CommitRowSchema,
  rowCap: COMMITS_ROW_CAP,
  limit: (value) => value.limit,
  read: async ({ database, project, arguments: value, limit }) => {
    const rows = await listProjectCommits({
      ...(database ? { database } : {}),
      projectId: project.id,
      branch: value.branch ?? project.defaultBranch,
      ...(value.path !== undefined ? { path: value.path } : {}),
      limit,
    });
    return rows.map((row) => ({
      sha: row.sha,
      shortSha: shortSha(row.sha),
      title: row.title,
      author: row.author,
      date: row.committedAt.toISOString(),
      branch: row.branch,
      files: row.files.length,
    }));
  },
});

const FileRowSchema = z.strictObject({ path: z.string(), language: z.string(), lines: z.number() });

const FILES_DESCRIPTION = "The default branch's files by path; prefix e.g. \"lib/billing/\".";

/** `files`: the default branch's files, optionally under a prefix. */
const filesSource = defineQuerySource({
  name: "files",
  description: FILES_DESCRIPTION,
  argumentsSchema: z
    .strictObject({ prefix: z.string().max(ARGUMENT_TEXT_LIMIT).optional() })
    .describe(`${FILES_DESCRIPTION} Rows: ${describeRow(FileRowSchema)}.`),
  rowSchema: FileRowSchema,
  rowCap: FILES_ROW_CAP,
  limit: () => undefined,
  read: async ({ database, project, arguments: value, limit }) => {
    const rows = await listProjectFiles({
      ...(database ? { database } : {}),
      projectId: project.id,
      ...(value.prefix ? { prefix: value.prefix } : {}),
      limit,
    });
    return rows.map((row) => ({ path: row.path, language: row.language, lines: row.lineCount }));
  },
});

const ServiceSchema = z.string().min(1).max(ARGUMENT_TEXT_LIMIT);

const MetricRowSchema = z.strictObject({ service: z.string(), metric: z.string(), unit: z.string(), day: z.string(), value: z.number() });

const METRICS_DESCRIPTION =
  "Daily per service (billing-api, checkout-web, search-api, auth-api) and metric (p50_latency, p95_latency: ms; error_rate: %; errors, requests), oldest first.";

/** `metrics`: daily time series per service and metric. */
const metricsSource = defineQuerySource({
  name: "metrics",
  description: METRICS_DESCRIPTION,
  argumentsSchema: z
    .strictObject({
      service: ServiceSchema.optional(),
      metric: z.string().min(1).max(ARGUMENT_TEXT_LIMIT).optional(),
      since: z.iso.date().optional(),
    })
    .describe(`${METRICS_DESCRIPTION} Rows: ${describeRow(MetricRowSchema)}.`),
  rowSchema: MetricRowSchema,
  rowCap: METRICS_ROW_CAP,
  limit: () => undefined,
  read: async ({ database, project, arguments: value, limit }) => {
    const rows = await listProjectMetrics({
      ...(database ? { database } : {}),
      projectId: project.id,
      ...(value.service !== undefined ? { service: value.service } : {}),
      ...(value.metric !== undefined ? { metric: value.metric } : {}),
      ...(value.since !== undefined ? { since: new Date(`${value.since}T00:00:00Z`) } : {}),
      limit,
    });
    return rows.map((row) => ({ service: row.service, metric: row.metric, unit: row.unit, day: row.at.toISOString().slice(0, 10), value: row.value }));
  },
});

const IncidentRowSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  severity: z.string(),
  status: z.string(),
  service: z.string(),
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
});

const INCIDENTS_DESCRIPTION = "Newest first; sev1 is the worst.";

/** `incidents`: a project's incidents. */
const incidentsSource = defineQuerySource({
  name: "incidents",
  description: INCIDENTS_DESCRIPTION,
  argumentsSchema: z
    .strictObject({
      status: z.enum(INCIDENT_STATUSES).optional(),
      service: ServiceSchema.optional(),
      severity: z.enum(INCIDENT_SEVERITIES).optional(),
      limit: z.number().int().min(1).max(INCIDENTS_ROW_CAP).default(INCIDENTS_DEFAULT_LIMIT),
    })
    .describe(`${INCIDENTS_DESCRIPTION} Rows: ${describeRow(IncidentRowSchema)}.`),
  rowSchema: IncidentRowSchema,
  rowCap: INCIDENTS_ROW_CAP,
  limit: (value) => value.limit,
  read: async ({ database, project, arguments: value, limit }) => {
    const rows = await listProjectIncidents({
      ...(database ? { database } : {}),
      projectId: project.id,
      ...(value.status !== undefined ? { statuses: [value.status] } : {}),
      ...(value.service !== undefined ? { service: value.service } : {}),
      ...(value.severity !== undefined ? { severity: value.severity } : {}),
      limit,
    });
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      severity: row.severity,
      status: row.status,
      service: row.service,
      openedAt: row.openedAt.toISOString(),
      resolvedAt: row.resolvedAt === null ? null : row.resolvedAt.toISOString(),
    }));
  },
});

const BuildRowSchema = z.strictObject({
  pipeline: z.number(),
  job: z.string(),
  branch: z.string(),
  status: z.string(),
  startedAt: z.string(),
  seconds: z.number(),
});

const BUILDS_DESCRIPTION = "CI jobs (lint, typecheck, unit, e2e, deploy), newest pipeline first.";

/** `builds`: CI pipelines, one row per job. */
const buildsSource = defineQuerySource({
  name: "builds",
  description: BUILDS_DESCRIPTION,
  argumentsSchema: z
    .strictObject({
      branch: BranchSchema.optional(),
      status: z.enum(BUILD_STATUSES).optional(),
      job: z.string().min(1).max(ARGUMENT_TEXT_LIMIT).optional(),
      limit: z.number().int().min(1).max(BUILDS_ROW_CAP).default(BUILDS_DEFAULT_LIMIT),
    })
    .describe(`${BUILDS_DESCRIPTION} Rows: ${describeRow(BuildRowSchema)}.`),
  rowSchema: BuildRowSchema,
  rowCap: BUILDS_ROW_CAP,
  limit: (value) => value.limit,
  read: async ({ database, project, arguments: value, limit }) => {
    const rows = await listProjectBuilds({
      ...(database ? { database } : {}),
      projectId: project.id,
      ...(value.branch !== undefined ? { branch: value.branch } : {}),
      ...(value.status !== undefined ? { status: value.status } : {}),
      ...(value.job !== undefined ? { job: value.job } : {}),
      limit,
    });
    return rows.map((row) => ({
      pipeline: row.pipeline,
      job: row.job,
      branch: row.branch,
      status: row.status,
      startedAt: row.startedAt.toISOString(),
      seconds: row.seconds,
    }));
  },
});

const ReleaseRowSchema = z.strictObject({
  tag: z.string(),
  sha: z.string(),
  shortSha: z.string(),
  date: z.string(),
  previous: z.string().nullable(),
  files: z.number(),
  paths: z.array(z.string()),
});

const RELEASES_DESCRIPTION = "Newest first.";

/** `releases`: release tags with the files they changed (the diffs whose head is the tag). */
const releasesSource = defineQuerySource({
  name: "releases",
  description: RELEASES_DESCRIPTION,
  argumentsSchema: z
    .strictObject({
      tag: z.string().min(1).max(ARGUMENT_TEXT_LIMIT).optional(),
      limit: z.number().int().min(1).max(RELEASES_ROW_CAP).default(RELEASES_DEFAULT_LIMIT),
    })
    .describe(`${RELEASES_DESCRIPTION} Rows: ${describeRow(ReleaseRowSchema)}.`),
  rowSchema: ReleaseRowSchema,
  rowCap: RELEASES_ROW_CAP,
  limit: (value) => value.limit,
  read: async ({ database, project, arguments: value, limit }) => {
    const rows = await listProjectReleases({
      ...(database ? { database } : {}),
      projectId: project.id,
      ...(value.tag !== undefined ? { tag: value.tag } : {}),
      limit,
    });
    return rows.map((row) => ({
      tag: row.tag,
      sha: row.sha,
      shortSha: shortSha(row.sha),
      date: row.releasedAt.toISOString(),
      previous: row.previous,
      files: row.paths.length,
      paths: row.paths,
    }));
  },
});

const NodeRowSchema = z.strictObject({ ref: z.string(), kind: z.string(), title: z.string(), direction: z.string(), edge: z.string() });

const NODES_DESCRIPTION = "The node (direction self), then its neighbours (outgoing: it calls them; incoming: they call it); without ref, every node. ref: e.g. \"service:billing-api\".";

/** `nodes`: a node with its neighbours and edges, or every node. */
const nodesSource = defineQuerySource({
  name: "nodes",
  description: NODES_DESCRIPTION,
  argumentsSchema: z
    .strictObject({ ref: z.string().min(1).max(ARGUMENT_TEXT_LIMIT).optional() })
    .describe(`${NODES_DESCRIPTION} Rows: ${describeRow(NodeRowSchema)}.`),
  rowSchema: NodeRowSchema,
  rowCap: NODES_ROW_CAP,
  limit: () => undefined,
  read: async ({ database, project, arguments: value, limit }) => {
    const scope = { ...(database ? { database } : {}), projectId: project.id };
    if (value.ref === undefined) {
      const nodes = await listProjectNodes({ ...scope, limit });
      return nodes.map((node) => ({ ref: node.ref, kind: node.kind, title: node.title, direction: "self", edge: "" }));
    }
    const found = await getProjectNodeNeighbourhood({ ...scope, ref: value.ref, limit });
    if (!found) return [];
    const byRef = new Map(found.neighbours.map((node) => [node.ref, node]));
    const rows: UiRecord[] = [{ ref: found.node.ref, kind: found.node.kind, title: found.node.title, direction: "self", edge: "" }];
    for (const edge of found.edges) {
      const outgoing = edge.fromRef === found.node.ref;
      const neighbour = byRef.get(outgoing ? edge.toRef : edge.fromRef);
      if (!neighbour) continue;
      rows.push({ ref: neighbour.ref, kind: neighbour.kind, title: neighbour.title, direction: outgoing ? "outgoing" : "incoming", edge: edge.label });
    }
    return rows;
  },
});

const BranchRowSchema = z.strictObject({
  name: z.string(),
  sha: z.string().nullable(),
  date: z.string().nullable(),
  ahead: z.number(),
  behind: z.number(),
  pullRequest: z.number().nullable(),
});

const BRANCHES_DESCRIPTION = "Newest head first; ahead and behind count commits against the default branch.";

/** `branches`: the project's branches, with head, counts against the default branch and open pull request. */
const branchesSource = defineQuerySource({
  name: "branches",
  description: BRANCHES_DESCRIPTION,
  argumentsSchema: z
    .strictObject({ limit: z.number().int().min(1).max(BRANCHES_ROW_CAP).default(BRANCHES_DEFAULT_LIMIT) })
    .describe(`${BRANCHES_DESCRIPTION} Rows: ${describeRow(BranchRowSchema)}.`),
  rowSchema: BranchRowSchema,
  rowCap: BRANCHES_ROW_CAP,
  limit: (value) => value.limit,
  read: async ({ database, project, limit }) => {
    const rows = await listProjectBranches({ ...(database ? { database } : {}), projectId: project.id, defaultBranch: project.defaultBranch, limit });
    return rows.map((row) => ({
      name: row.name,
      sha: row.headSha,
      date: row.headAt === null ? null : row.headAt.toISOString(),
      ahead: row.ahead,
      behind: row.behind,
      pullRequest: row.pullRequest,
    }));
  },
});

const DiffRowSchema = z.strictObject({
  path: z.string(),
  base: z.string(),
  head: z.string(),
  header: z.string(),
  text: z.string(),
  additions: z.number(),
  deletions: z.number(),
});

/** One hunk of a stored diff as a `diffs` row: its `@@` line apart, its other lines as text (cut at the cap). */
function diffHunkRows(diff: { path: string; base: string; head: string; hunks: string }): UiRecord[] {
  const hunks: string[][] = [];
  for (const line of diff.hunks.split("\n")) {
    if (line.startsWith("@@") || hunks.length === 0) hunks.push([]);
    hunks.at(-1)!.push(line);
  }
  return hunks.map((lines) => {
    const header = lines[0]?.startsWith("@@") ? lines[0] : "";
    const body = header ? lines.slice(1) : lines;
    const text = body.join("\n");
    return {
      path: diff.path,
      base: diff.base,
      head: diff.head,
      header,
      text: text.length > DIFF_HUNK_CHARACTER_LIMIT ? `${text.slice(0, DIFF_HUNK_CHARACTER_LIMIT - 1)}…` : text,
      additions: body.filter((line) => line.startsWith("+") && !line.startsWith("+++")).length,
      deletions: body.filter((line) => line.startsWith("-") && !line.startsWith("---")).length,
    };
  });
}

const DIFFS_DESCRIPTION =
  "Hunks in path order; path is a file or folder, head a branch or tag, sha a commit. sha finds the commit's files in its branch's or release's diff; text is cut at 2,000 characters.";

/** `diffs`: the hunks of the stored diffs, of one commit's files, one head or one path. */
const diffsSource = defineQuerySource({
  name: "diffs",
  description: DIFFS_DESCRIPTION,
  argumentsSchema: z
    .strictObject({
      sha: z.string().regex(/^[0-9a-fA-F]{7,40}$/, "7 to 40 hex digits").optional(),
      head: BranchSchema.optional(),
      path: z.string().min(1).max(ARGUMENT_TEXT_LIMIT).optional(),
      limit: z.number().int().min(1).max(DIFFS_ROW_CAP).default(DIFFS_DEFAULT_LIMIT),
    })
    .describe(`${DIFFS_DESCRIPTION} Rows: ${describeRow(DiffRowSchema)}.`),
  rowSchema: DiffRowSchema,
  rowCap: DIFFS_ROW_CAP,
  limit: (value) => value.limit,
  read: async ({ database, project, arguments: value, limit }) => {
    const scope = { ...(database ? { database } : {}), projectId: project.id };
    let head = value.head;
    let paths: string[] | undefined;
    if (value.sha !== undefined) {
      const change = await findProjectCommitChange({ ...scope, shaPrefix: value.sha, defaultBranch: project.defaultBranch });
      if (!change || (head !== undefined && head !== change.head)) return [];
      head = change.head;
      paths = change.paths;
    }
    // Every stored diff has at least one hunk, so `limit` diffs hold at least `limit` hunks.
    const diffs = await listProjectDiffs({
      ...scope,
      ...(head !== undefined ? { head } : {}),
      ...(paths !== undefined ? { paths } : {}),
      ...(value.path !== undefined ? { under: value.path } : {}),
      limit,
    });
    return diffs.flatMap(diffHunkRows).slice(0, limit);
  },
});

/** Every query source by name. */
export const PROJECT_QUERY_SOURCES: Readonly<Record<string, ProjectQuerySource>> = Object.freeze({
  tests: testsSource,
  commits: commitsSource,
  files: filesSource,
  metrics: metricsSource,
  incidents: incidentsSource,
  builds: buildsSource,
  releases: releasesSource,
  nodes: nodesSource,
  branches: branchesSource,
  diffs: diffsSource,
});

/** The sources' argument schemas by name, for the compiler (`UiCompileOptions.querySchemas`) and the system prompt. */
export const PROJECT_QUERY_SCHEMAS: UiQuerySchemas = Object.freeze(
  Object.fromEntries(Object.entries(PROJECT_QUERY_SOURCES).map(([name, source]) => [name, source.argumentsSchema])),
);

/** The source of that name, or undefined (never an inherited property). */
export function projectQuerySource(name: string): ProjectQuerySource | undefined {
  return Object.hasOwn(PROJECT_QUERY_SOURCES, name) ? PROJECT_QUERY_SOURCES[name] : undefined;
}
