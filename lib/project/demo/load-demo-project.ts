/**
 * Reads the demo project's fixtures (fixtures/demo-project), validates them
 * and turns them into the rows a seed writes, with a digest of their content
 * so an unchanged project is not written again.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ProjectSeed } from "@/db/queries/project-seed";
import { DemoProjectSchema, type DemoProject } from "./demo-project-schema";

/** Where the fixtures live, relative to the project root the server starts in. */
export const DEMO_PROJECT_FOLDER = path.join(process.cwd(), "fixtures", "demo-project");

/** The fixture files, by the key of `DemoProject` each one fills. */
const FIXTURE_FILES = {
  project: "project.json",
  files: "files.json",
  commits: "commits.json",
  branches: "branches.json",
  diffs: "diffs.json",
  nodes: "nodes.json",
  testRuns: "test-runs.json",
  metrics: "metrics.json",
  incidents: "incidents.json",
  builds: "builds.json",
  releases: "releases.json",
  edges: "edges.json",
} as const satisfies Record<keyof DemoProject, string>;

/** The fixtures of `folder`, validated; throws an error naming the file and field that do not parse. */
export function loadDemoProject(folder: string = DEMO_PROJECT_FOLDER): DemoProject {
  const raw: Record<string, unknown> = {};
  for (const [key, file] of Object.entries(FIXTURE_FILES)) {
    // The folder is fixtures/demo-project (or a test's copy); the ignore keeps the bundler from tracing the whole project for it.
    raw[key] = JSON.parse(readFileSync(path.join(/*turbopackIgnore: true*/ folder, file), "utf8"));
  }
  const parsed = DemoProjectSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.map(String).join(".") : "?";
    const [key] = issue?.path ?? [];
    const file = typeof key === "string" && key in FIXTURE_FILES ? FIXTURE_FILES[key as keyof DemoProject] : "?";
    throw new Error(`fixtures/demo-project/${file}: ${where}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

/** Additions and deletions of unified hunks (`+`/`-` lines that are not file headers). */
function countChanges(hunks: readonly string[]): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const line of hunks) {
    if (line.startsWith("+") && !line.startsWith("+++")) additions += 1;
    else if (line.startsWith("-") && !line.startsWith("---")) deletions += 1;
  }
  return { additions, deletions };
}

/** Milliseconds of one day: a metric series holds one value a day. */
const DAY_MS = 86_400_000;

/** The rows a seed writes for a loaded demo project. */
export function demoProjectSeed(demo: DemoProject): ProjectSeed {
  const digest = createHash("sha256").update(JSON.stringify(demo)).digest("hex");
  return {
    project: demo.project,
    files: demo.files.map((file) => ({
      path: file.path,
      language: file.language,
      lineCount: file.lineCount,
      excerpt: file.excerpt.join("\n"),
      excerptStartLine: file.excerptStartLine,
    })),
    commits: demo.commits.map((commit) => ({ ...commit, committedAt: new Date(commit.committedAt) })),
    branches: demo.branches.map((branch) => ({ name: branch.name, baseSha: branch.base, pullRequest: branch.pullRequest })),
    diffs: demo.diffs.map((diff) => ({ ...diff, hunks: diff.hunks.join("\n"), ...countChanges(diff.hunks) })),
    nodes: demo.nodes,
    testRuns: demo.testRuns.flatMap((run) =>
      run.results.map((result) => ({ ...result, branch: run.branch, runNumber: run.runNumber, finishedAt: new Date(run.finishedAt) })),
    ),
    metrics: demo.metrics.flatMap((series) =>
      series.values.map((value, day) => ({
        service: series.service,
        metric: series.metric,
        unit: series.unit,
        at: new Date(Date.parse(`${series.start}T00:00:00Z`) + day * DAY_MS),
        value,
      })),
    ),
    incidents: demo.incidents.map((incident) => ({
      ...incident,
      openedAt: new Date(incident.openedAt),
      resolvedAt: incident.resolvedAt === null ? null : new Date(incident.resolvedAt),
    })),
    builds: demo.builds.map((build) => ({ ...build, startedAt: new Date(build.startedAt) })),
    releases: demo.releases.map((release) => ({ ...release, releasedAt: new Date(release.releasedAt) })),
    edges: demo.edges.map((edge) => ({ fromRef: edge.from, toRef: edge.to, label: edge.label })),
    digest,
  };
}
