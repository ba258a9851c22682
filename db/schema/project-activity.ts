/**
 * What happens around a project's code, for the query sources of the same
 * names: metrics over time per service, incidents, CI builds (one row per
 * job of a pipeline), release tags, and the edges of the service graph
 * between the project's nodes. Scoped by project like everything in
 * `project.ts`, and replaced with it when the project is seeded again.
 */
import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { projects } from "./project";

/** A build job's outcome. */
export const BUILD_STATUSES = ["passed", "failed", "running", "cancelled", "skipped"] as const;
/** An incident's state: open until someone mitigates it, resolved once it is over. */
export const INCIDENT_STATUSES = ["open", "mitigated", "resolved"] as const;
/** How bad an incident is, `sev1` worst. */
export const INCIDENT_SEVERITIES = ["sev1", "sev2", "sev3", "sev4"] as const;

/** One daily value of one metric of one service. */
export const projectMetrics = pgTable(
  "project_metrics",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The service's name, as in its node ref (`service:<name>`). */
    service: text("service").notNull(),
    /** `p50_latency`, `p95_latency`, `error_rate`, `errors`, `requests`. */
    metric: text("metric").notNull(),
    unit: text("unit").notNull(),
    /** The start of the day (UTC) the value sums up. */
    at: timestamp("at", { withTimezone: true }).notNull(),
    value: doublePrecision("value").notNull(),
  },
  (table) => [primaryKey({ name: "project_metrics_pkey", columns: [table.projectId, table.service, table.metric, table.at] })],
);

/** An incident on one service. */
export const projectIncidents = pgTable(
  "project_incidents",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** `INC-431`. */
    id: text("id").notNull(),
    title: text("title").notNull(),
    severity: text("severity", { enum: INCIDENT_SEVERITIES }).notNull(),
    status: text("status", { enum: INCIDENT_STATUSES }).notNull(),
    service: text("service").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    /** Null while it is not resolved. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: "project_incidents_pkey", columns: [table.projectId, table.id] }),
    index("project_incidents_opened_idx").on(table.projectId, table.openedAt.desc()),
    check("project_incidents_severity_known", sql`${table.severity} in ('sev1', 'sev2', 'sev3', 'sev4')`),
    check("project_incidents_status_known", sql`${table.status} in ('open', 'mitigated', 'resolved')`),
  ],
);

/** One job of one CI pipeline. */
export const projectBuilds = pgTable(
  "project_builds",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The pipeline's number (`#1842`, the same number as its test run). */
    pipeline: integer("pipeline").notNull(),
    job: text("job").notNull(),
    branch: text("branch").notNull(),
    status: text("status", { enum: BUILD_STATUSES }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** How long the job ran; 0 for one that never started. */
    seconds: integer("seconds").notNull(),
  },
  (table) => [
    primaryKey({ name: "project_builds_pkey", columns: [table.projectId, table.pipeline, table.job] }),
    index("project_builds_started_idx").on(table.projectId, table.startedAt.desc()),
    check("project_builds_status_known", sql`${table.status} in ('passed', 'failed', 'running', 'cancelled', 'skipped')`),
    check("project_builds_seconds", sql`${table.seconds} >= 0`),
  ],
);

/** A release tag; the files it changed are the paths of the diffs whose head is the tag. */
export const projectReleases = pgTable(
  "project_releases",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    /** The full 40-digit sha the tag points at. */
    sha: text("sha").notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }).notNull(),
    /** The tag before it, or null for the first release. */
    previous: text("previous"),
  },
  (table) => [
    primaryKey({ name: "project_releases_pkey", columns: [table.projectId, table.tag] }),
    check("project_releases_sha_hex", sql`${table.sha} ~ '^[0-9a-f]{40}$'`),
  ],
);

/** A directed edge of the service graph: `from` calls, feeds or writes `to`. */
export const projectNodeEdges = pgTable(
  "project_node_edges",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fromRef: text("from_ref").notNull(),
    toRef: text("to_ref").notNull(),
    /** What flows along it: "prices and charges carts". */
    label: text("label").notNull(),
  },
  (table) => [
    primaryKey({ name: "project_node_edges_pkey", columns: [table.projectId, table.fromRef, table.toRef] }),
    index("project_node_edges_to_idx").on(table.projectId, table.toRef),
  ],
);

/** One stored metric value. */
export type ProjectMetric = typeof projectMetrics.$inferSelect;
/** A stored incident. */
export type ProjectIncident = typeof projectIncidents.$inferSelect;
/** One stored build job. */
export type ProjectBuild = typeof projectBuilds.$inferSelect;
/** A stored release. */
export type ProjectRelease = typeof projectReleases.$inferSelect;
/** A stored edge of the service graph. */
export type ProjectNodeEdge = typeof projectNodeEdges.$inferSelect;
