/**
 * The demo project in the database: seeded from its fixtures once per
 * process and database (at server start and before the first read of any
 * project), rewritten only when the fixtures changed.
 */
import "server-only";
import { getDatabase, type Database } from "@/db/client";
import { seedProject, type ProjectSeedOutcome } from "@/db/queries/project-seed";
import { demoProjectSeed, loadDemoProject } from "./load-demo-project";

// The seeding of each database this process has used (the process database, or a test's own); on
// globalThis because Next.js bundles this module once per route, and one process seeds once.
const globalStore = globalThis as typeof globalThis & { __octoDemoProjectSeeds?: WeakMap<Database, Promise<ProjectSeedOutcome>> };
const seeded = (globalStore.__octoDemoProjectSeeds ??= new WeakMap());

/**
 * Seeds the demo project into `database` (the process database when
 * omitted) unless this process already did; concurrent callers share one
 * seeding. A failure is not remembered, so the next caller tries again.
 */
export async function ensureDemoProject(options: { database?: Database } = {}): Promise<ProjectSeedOutcome> {
  const database = options.database ?? (await getDatabase());
  const existing = seeded.get(database);
  if (existing) return existing;
  const seeding = seedProject({ database, seed: demoProjectSeed(loadDemoProject()) });
  seeded.set(database, seeding);
  seeding.catch(() => {
    if (seeded.get(database) === seeding) seeded.delete(database);
  });
  return seeding;
}
