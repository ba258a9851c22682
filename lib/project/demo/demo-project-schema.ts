/**
 * The shape of the demo project's fixtures (fixtures/demo-project), checked
 * when they are loaded so a mistake in a fixture stops the seed with the path
 * of the bad field instead of writing half a project.
 */
import { z } from "zod";
import { BUILD_STATUSES, INCIDENT_SEVERITIES, INCIDENT_STATUSES } from "@/db/schema/project-activity";

/** Bounds on fixture texts: generous for hand-written fixtures, small enough to keep the seed quick. */
export const DEMO_PROJECT_LIMITS = {
  /** Lines of one excerpt or diff: a screenful, which is what the pages show. */
  lines: 400,
  /** UTF-16 units of one line of an excerpt or a diff. */
  lineLength: 400,
  /** Rows of any one fixture file. */
  rows: 5_000,
} as const;

const LineSchema = z.string().max(DEMO_PROJECT_LIMITS.lineLength);
const LinesSchema = z.array(LineSchema).max(DEMO_PROJECT_LIMITS.lines);
const TimestampSchema = z.iso.datetime({ offset: true });
/** A path relative to the repository root: `/`-separated, no empty, `.` or `..` segment. */
const RelativePathSchema = z
  .string()
  .min(1)
  .max(1_024)
  .refine((path) => path.split("/").every((segment) => segment !== "" && segment !== "." && segment !== ".."), "a relative path");
/** A short id used in app paths. */
const SlugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "lowercase letters, digits and dashes");

/** project.json */
export const DemoProjectInfoSchema = z.strictObject({
  id: SlugSchema,
  name: z.string().min(1).max(200),
  description: z.string().max(2_000),
  defaultBranch: z.string().min(1).max(256),
  openMembership: z.boolean(),
});

/** files.json */
export const DemoFilesSchema = z
  .array(
    z.strictObject({
      path: RelativePathSchema,
      language: z.string().min(1).max(50),
      lineCount: z.number().int().min(0),
      excerptStartLine: z.number().int().min(1),
      excerpt: LinesSchema,
    }),
  )
  .max(DEMO_PROJECT_LIMITS.rows)
  .refine((files) => files.every((file) => file.excerptStartLine + file.excerpt.length - 1 <= Math.max(file.lineCount, file.excerptStartLine)), "an excerpt ends within its file");

/** commits.json */
export const DemoCommitsSchema = z
  .array(
    z.strictObject({
      sha: z.string().regex(/^[0-9a-f]{40}$/, "a full lowercase sha"),
      branch: z.string().min(1).max(256),
      title: z.string().min(1).max(500),
      body: z.string().max(5_000),
      author: z.string().min(1).max(200),
      committedAt: TimestampSchema,
      files: z.array(RelativePathSchema).max(1_000),
    }),
  )
  .max(DEMO_PROJECT_LIMITS.rows);

/** branches.json: what commits cannot say about a branch (its head, last commit and how far ahead it is come from commits.json). */
export const DemoBranchesSchema = z
  .array(
    z.strictObject({
      name: z.string().min(1).max(256),
      /** The default branch's commit it forked from; null for the default branch. */
      base: z.string().regex(/^[0-9a-f]{40}$/, "a full lowercase sha").nullable(),
      /** Its open pull request's number; null when none is open. */
      pullRequest: z.number().int().min(1).nullable(),
    }),
  )
  .max(DEMO_PROJECT_LIMITS.rows);

/** diffs.json */
export const DemoDiffsSchema = z
  .array(
    z.strictObject({
      id: SlugSchema,
      path: RelativePathSchema,
      base: z.string().min(1).max(256),
      head: z.string().min(1).max(256),
      summary: z.string().max(2_000),
      hunks: LinesSchema,
    }),
  )
  .max(DEMO_PROJECT_LIMITS.rows);

/** nodes.json */
export const DemoNodesSchema = z
  .array(
    z.strictObject({
      ref: z.string().regex(/^[a-z][a-z0-9-]*:[a-z0-9][a-z0-9._-]*$/, "kind:name"),
      kind: z.string().min(1).max(50),
      title: z.string().min(1).max(200),
      description: z.string().max(2_000),
    }),
  )
  .max(DEMO_PROJECT_LIMITS.rows)
  .refine((nodes) => nodes.every((node) => node.ref.startsWith(`${node.kind}:`)), "a node's ref starts with its kind");

/** test-runs.json */
export const DemoTestRunsSchema = z
  .array(
    z.strictObject({
      branch: z.string().min(1).max(256),
      runNumber: z.number().int().min(1),
      finishedAt: TimestampSchema,
      results: z
        .array(
          z.strictObject({
            name: z.string().min(1).max(500),
            suite: z.string().min(1).max(100),
            ms: z.number().int().min(0),
            failed: z.boolean(),
            owner: z.string().min(1).max(200),
          }),
        )
        .max(DEMO_PROJECT_LIMITS.rows),
    }),
  )
  .max(DEMO_PROJECT_LIMITS.rows);

/** A service's name as in its node ref (`service:billing-api` → `billing-api`). */
const ServiceNameSchema = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, "a service name");
/** A UTC day, `2026-11-17`. */
const DaySchema = z.iso.date();
/** A node ref, `kind:name`. */
const NodeRefSchema = z.string().regex(/^[a-z][a-z0-9-]*:[a-z0-9][a-z0-9._-]*$/, "kind:name");

/** metrics.json: one daily series per service and metric, from `start`. */
export const DemoMetricsSchema = z
  .array(
    z.strictObject({
      service: ServiceNameSchema,
      metric: z.string().regex(/^[a-z][a-z0-9_]*$/, "a metric name"),
      unit: z.string().min(1).max(50),
      start: DaySchema,
      values: z.array(z.number().finite()).min(1).max(366),
    }),
  )
  .max(DEMO_PROJECT_LIMITS.rows);

/** incidents.json */
export const DemoIncidentsSchema = z
  .array(
    z.strictObject({
      id: z.string().regex(/^INC-[0-9]+$/, "INC-<number>"),
      title: z.string().min(1).max(500),
      severity: z.enum(INCIDENT_SEVERITIES),
      status: z.enum(INCIDENT_STATUSES),
      service: ServiceNameSchema,
      openedAt: TimestampSchema,
      resolvedAt: TimestampSchema.nullable(),
    }),
  )
  .max(DEMO_PROJECT_LIMITS.rows)
  .refine((incidents) => incidents.every((incident) => (incident.status === "resolved") === (incident.resolvedAt !== null)), "only a resolved incident has resolvedAt");

/** builds.json: one row per job of a pipeline. */
export const DemoBuildsSchema = z
  .array(
    z.strictObject({
      pipeline: z.number().int().min(1),
      job: z.string().min(1).max(100),
      branch: z.string().min(1).max(256),
      status: z.enum(BUILD_STATUSES),
      startedAt: TimestampSchema,
      seconds: z.number().int().min(0),
    }),
  )
  .max(DEMO_PROJECT_LIMITS.rows);

/** releases.json: the files a release changed are the diffs whose head is its tag. */
export const DemoReleasesSchema = z
  .array(
    z.strictObject({
      tag: z.string().min(1).max(256),
      sha: z.string().regex(/^[0-9a-f]{40}$/, "a full lowercase sha"),
      releasedAt: TimestampSchema,
      previous: z.string().min(1).max(256).nullable(),
    }),
  )
  .max(DEMO_PROJECT_LIMITS.rows);

/** edges.json: the service graph between nodes of nodes.json. */
export const DemoEdgesSchema = z
  .array(z.strictObject({ from: NodeRefSchema, to: NodeRefSchema, label: z.string().min(1).max(200) }))
  .max(DEMO_PROJECT_LIMITS.rows);

/** The whole demo project, as loaded from its fixture files. */
export const DemoProjectSchema = z.strictObject({
  project: DemoProjectInfoSchema,
  files: DemoFilesSchema,
  commits: DemoCommitsSchema,
  branches: DemoBranchesSchema,
  diffs: DemoDiffsSchema,
  nodes: DemoNodesSchema,
  testRuns: DemoTestRunsSchema,
  metrics: DemoMetricsSchema,
  incidents: DemoIncidentsSchema,
  builds: DemoBuildsSchema,
  releases: DemoReleasesSchema,
  edges: DemoEdgesSchema,
});
/** The whole demo project, as loaded from its fixture files. */
export type DemoProject = z.infer<typeof DemoProjectSchema>;
