/**
 * Writes a project's model from seed data (the demo project's fixtures): the
 * project row and everything under it, replaced as a whole in one
 * transaction. Memberships are kept. Idempotent and safe when several server
 * instances start together: they take turns on an advisory lock, and a seed
 * whose digest the project already carries is skipped.
 */
import "server-only";
import { eq, sql } from "drizzle-orm";
import { projectBranches, projectCommits, projectDiffs, projectFiles, projectNodes, projects, projectTestRuns } from "../schema/project";
import { projectBuilds, projectIncidents, projectMetrics, projectNodeEdges, projectReleases } from "../schema/project-activity";
import { runQuery, type QueryOptions } from "./run-query";

/** Everything a project seed writes; rows carry no project id (the project's is used). */
export type ProjectSeed = {
  project: { id: string; name: string; description: string; defaultBranch: string; openMembership: boolean };
  files: Omit<typeof projectFiles.$inferInsert, "projectId">[];
  commits: Omit<typeof projectCommits.$inferInsert, "projectId">[];
  /** What commits cannot say about each branch (`project_branches`); a seed without them lists no branch. */
  branches?: Omit<typeof projectBranches.$inferInsert, "projectId">[];
  diffs: Omit<typeof projectDiffs.$inferInsert, "projectId">[];
  nodes: Omit<typeof projectNodes.$inferInsert, "projectId">[];
  testRuns: Omit<typeof projectTestRuns.$inferInsert, "projectId">[];
  /** The activity tables (`project-activity.ts`); a seed without them writes none. */
  metrics?: Omit<typeof projectMetrics.$inferInsert, "projectId">[];
  incidents?: Omit<typeof projectIncidents.$inferInsert, "projectId">[];
  builds?: Omit<typeof projectBuilds.$inferInsert, "projectId">[];
  releases?: Omit<typeof projectReleases.$inferInsert, "projectId">[];
  edges?: Omit<typeof projectNodeEdges.$inferInsert, "projectId">[];
  /** Identifies the seed's content: equal digests mean nothing to write. */
  digest: string;
};

/** What `seedProject` did. */
export type ProjectSeedOutcome = "seeded" | "unchanged";

/** An arbitrary, fixed key for `pg_advisory_xact_lock` that only project seeding takes. */
const PROJECT_SEED_LOCK_KEY = 7_406_372_014;

/** Rows per INSERT statement: far below Postgres's 65,535 bind parameters for the widest table. */
const SEED_ROWS_PER_INSERT = 500;

/** Splits rows into INSERT-sized chunks. */
function chunks<Row>(rows: readonly Row[]): Row[][] {
  const result: Row[][] = [];
  for (let start = 0; start < rows.length; start += SEED_ROWS_PER_INSERT) result.push(rows.slice(start, start + SEED_ROWS_PER_INSERT));
  return result;
}

/** Writes `seed` unless the project already carries its digest (see the file comment). */
export function seedProject(input: QueryOptions & { seed: ProjectSeed }): Promise<ProjectSeedOutcome> {
  const { seed } = input;
  const projectId = seed.project.id;
  return runQuery("seedProject", input, (database) =>
    database.transaction(async (transaction) => {
      await transaction.execute(sql`select pg_advisory_xact_lock(${PROJECT_SEED_LOCK_KEY})`);
      const [current] = await transaction.select({ digest: projects.seedDigest }).from(projects).where(eq(projects.id, projectId)).limit(1);
      if (current?.digest === seed.digest) return "unchanged";
      await transaction
        .insert(projects)
        .values({ ...seed.project, seedDigest: seed.digest })
        .onConflictDoUpdate({
          target: projects.id,
          set: {
            name: seed.project.name,
            description: seed.project.description,
            defaultBranch: seed.project.defaultBranch,
            openMembership: seed.project.openMembership,
            seedDigest: seed.digest,
          },
        });
      const activity = [projectMetrics, projectIncidents, projectBuilds, projectReleases, projectNodeEdges];
      for (const table of [projectFiles, projectCommits, projectBranches, projectDiffs, projectNodes, projectTestRuns, ...activity]) {
        await transaction.delete(table).where(eq(table.projectId, projectId));
      }
      for (const rows of chunks(seed.files)) await transaction.insert(projectFiles).values(rows.map((row) => ({ ...row, projectId })));
      for (const rows of chunks(seed.commits)) await transaction.insert(projectCommits).values(rows.map((row) => ({ ...row, projectId })));
      for (const rows of chunks(seed.branches ?? [])) await transaction.insert(projectBranches).values(rows.map((row) => ({ ...row, projectId })));
      for (const rows of chunks(seed.diffs)) await transaction.insert(projectDiffs).values(rows.map((row) => ({ ...row, projectId })));
      for (const rows of chunks(seed.nodes)) await transaction.insert(projectNodes).values(rows.map((row) => ({ ...row, projectId })));
      for (const rows of chunks(seed.testRuns)) await transaction.insert(projectTestRuns).values(rows.map((row) => ({ ...row, projectId })));
      for (const rows of chunks(seed.metrics ?? [])) await transaction.insert(projectMetrics).values(rows.map((row) => ({ ...row, projectId })));
      for (const rows of chunks(seed.incidents ?? [])) await transaction.insert(projectIncidents).values(rows.map((row) => ({ ...row, projectId })));
      for (const rows of chunks(seed.builds ?? [])) await transaction.insert(projectBuilds).values(rows.map((row) => ({ ...row, projectId })));
      for (const rows of chunks(seed.releases ?? [])) await transaction.insert(projectReleases).values(rows.map((row) => ({ ...row, projectId })));
      for (const rows of chunks(seed.edges ?? [])) await transaction.insert(projectNodeEdges).values(rows.map((row) => ({ ...row, projectId })));
      return "seeded";
    }),
  );
}
