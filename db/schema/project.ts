/**
 * The project model: what ```ui blocks read through `@Query` and link to with
 * `File`, `Diff`, `Commit` and `Node` chips. A project has members (who may
 * read it), files, commits, diffs, nodes (services, jobs, databases) and test
 * runs. Everything a chip or a query shows is scoped by its project; a chat
 * belongs to one project (`chats.project_id`).
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** The project every chat belongs to unless it names another: the seeded demo project (fixtures/demo-project). */
export const DEMO_PROJECT_ID = "demo";

/** What a member may do: `viewer` reads; `maintainer` also administers the project (no write path exists yet). */
export const PROJECT_ROLES = ["viewer", "maintainer"] as const;

/** A member's role. */
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** A codebase with its history, services and test runs. */
export const projects = pgTable("projects", {
  /** A short stable id that appears in app paths (`/projects/demo/…`). */
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").default("").notNull(),
  /** The branch a query means when it names none. */
  defaultBranch: text("default_branch").default("main").notNull(),
  /** Every signed-in person (guests too) becomes a viewer on first use; otherwise members are added explicitly. */
  openMembership: boolean("open_membership").default(false).notNull(),
  /** A digest of the fixture the project was last seeded from; seeding again is skipped while it matches. */
  seedDigest: text("seed_digest"),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});

/** Who may read a project. */
export const projectMembers = pgTable(
  "project_members",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: PROJECT_ROLES }).default("viewer").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ name: "project_members_pkey", columns: [table.projectId, table.userId] }),
    index("project_members_user_id_idx").on(table.userId),
    check("project_members_role_known", sql`${table.role} in ('viewer', 'maintainer')`),
  ],
);

/** A file of the project's default branch: what a `File` chip opens. */
export const projectFiles = pgTable(
  "project_files",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Relative to the repository root, with `/` separators. */
    path: text("path").notNull(),
    language: text("language").notNull(),
    lineCount: integer("line_count").notNull(),
    /** A short stretch of the file (the model's chips point into it), starting at `excerptStartLine`. */
    excerpt: text("excerpt").notNull(),
    excerptStartLine: integer("excerpt_start_line").default(1).notNull(),
  },
  (table) => [
    primaryKey({ name: "project_files_pkey", columns: [table.projectId, table.path] }),
    check("project_files_lines", sql`${table.lineCount} >= 0 and ${table.excerptStartLine} >= 1`),
  ],
);

/** A commit: what a `Commit` chip opens and the `commits` query lists. */
export const projectCommits = pgTable(
  "project_commits",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** The full 40-digit lowercase sha. */
    sha: text("sha").notNull(),
    /** The branch the commit was made on (or merged into). */
    branch: text("branch").notNull(),
    title: text("title").notNull(),
    body: text("body").default("").notNull(),
    author: text("author").notNull(),
    committedAt: timestamp("committed_at", { withTimezone: true }).notNull(),
    /** Paths the commit touched. */
    files: text("files").array().default(sql`'{}'::text[]`).notNull(),
  },
  (table) => [
    primaryKey({ name: "project_commits_pkey", columns: [table.projectId, table.sha] }),
    index("project_commits_branch_idx").on(table.projectId, table.branch, table.committedAt.desc()),
    check("project_commits_sha_hex", sql`${table.sha} ~ '^[0-9a-f]{40}$'`),
  ],
);

/**
 * A branch of the project: what the `branches` query lists. Its head, last
 * commit and how far it is ahead come from its commits (`project_commits`);
 * this row holds what commits cannot say: where it forked from the default
 * branch, and its open pull request.
 */
export const projectBranches = pgTable(
  "project_branches",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The default branch's commit it forked from (full sha); null for the default branch itself. */
    baseSha: text("base_sha"),
    /** The number of its open pull request; null when none is open. */
    pullRequest: integer("pull_request"),
  },
  (table) => [
    primaryKey({ name: "project_branches_pkey", columns: [table.projectId, table.name] }),
    check("project_branches_base_sha_hex", sql`${table.baseSha} is null or ${table.baseSha} ~ '^[0-9a-f]{40}$'`),
    check("project_branches_pull_request", sql`${table.pullRequest} is null or ${table.pullRequest} >= 1`),
  ],
);

/** The change of one path between two revisions: what a `Diff` chip opens. */
export const projectDiffs = pgTable(
  "project_diffs",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** A short stable id that appears in app paths. */
    id: text("id").notNull(),
    path: text("path").notNull(),
    base: text("base").notNull(),
    head: text("head").notNull(),
    summary: text("summary").notNull(),
    /** Unified diff hunks (`@@ … @@` headers and `+`/`-`/` ` lines). */
    hunks: text("hunks").notNull(),
    additions: integer("additions").default(0).notNull(),
    deletions: integer("deletions").default(0).notNull(),
  },
  (table) => [
    primaryKey({ name: "project_diffs_pkey", columns: [table.projectId, table.id] }),
    index("project_diffs_path_idx").on(table.projectId, table.path),
  ],
);

/** A node of the running system (a service, a job, a database): what a `Node` chip opens. */
export const projectNodes = pgTable(
  "project_nodes",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** `kind:name`, e.g. `service:billing-api`. */
    ref: text("ref").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    description: text("description").default("").notNull(),
  },
  (table) => [primaryKey({ name: "project_nodes_pkey", columns: [table.projectId, table.ref] })],
);

/** One test's result in one CI run: what the `tests` query reads. */
export const projectTestRuns = pgTable(
  "project_test_runs",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    branch: text("branch").notNull(),
    /** The CI run's number (`#1842`); one run holds many tests. */
    runNumber: integer("run_number").notNull(),
    name: text("name").notNull(),
    suite: text("suite").notNull(),
    ms: integer("ms").notNull(),
    failed: boolean("failed").notNull(),
    /** Who looks after the test (its suite's owner); empty when nobody was named. */
    owner: text("owner").default("").notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: "project_test_runs_pkey", columns: [table.projectId, table.branch, table.runNumber, table.name] }),
    index("project_test_runs_latest_idx").on(table.projectId, table.branch, table.runNumber.desc()),
    check("project_test_runs_ms", sql`${table.ms} >= 0`),
  ],
);

/** A stored project. */
export type Project = typeof projects.$inferSelect;
/** A stored membership. */
export type ProjectMember = typeof projectMembers.$inferSelect;
/** A stored file. */
export type ProjectFile = typeof projectFiles.$inferSelect;
/** A stored branch. */
export type ProjectBranch = typeof projectBranches.$inferSelect;
/** A stored commit. */
export type ProjectCommit = typeof projectCommits.$inferSelect;
/** A stored diff. */
export type ProjectDiff = typeof projectDiffs.$inferSelect;
/** A stored node. */
export type ProjectNode = typeof projectNodes.$inferSelect;
/** One stored test result. */
export type ProjectTestRun = typeof projectTestRuns.$inferSelect;
