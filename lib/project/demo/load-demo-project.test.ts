import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import { PROJECT_QUERY_SCHEMAS } from "../query-sources";
import { DEMO_PROJECT_FOLDER, demoProjectSeed, loadDemoProject } from "./load-demo-project";

const RECORDINGS = path.join(process.cwd(), "fixtures", "replays");

function recordingText(id: string): string {
  return readFileSync(path.join(RECORDINGS, id, "reply.md"), "utf8");
}

const scratch: string[] = [];
afterEach(() => {
  for (const folder of scratch.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the fixtures with one file rewritten. */
function brokenCopy(file: string, change: (value: unknown) => unknown): string {
  const folder = mkdtempSync(path.join(tmpdir(), "demo-project-"));
  scratch.push(folder);
  cpSync(DEMO_PROJECT_FOLDER, folder, { recursive: true });
  const target = path.join(folder, file);
  writeFileSync(target, JSON.stringify(change(JSON.parse(readFileSync(target, "utf8")))));
  return folder;
}

describe("the demo project's fixtures", () => {
  const demo = loadDemoProject();

  it("hold what the change-links recording points at", () => {
    const invoice = demo.files.find((file) => file.path === "lib/billing/invoice.ts");
    const ledger = demo.files.find((file) => file.path === "lib/billing/ledger.ts");
    expect(invoice?.lineCount).toBeGreaterThanOrEqual(42);
    expect(invoice?.excerpt[42 - invoice.excerptStartLine]).toContain("const total");
    expect(ledger?.excerpt[118 - ledger.excerptStartLine]).toContain("roundPostingsHalfEven");
    expect(demo.commits.filter((commit) => commit.sha.startsWith("4f2c9e1"))).toHaveLength(1);
    expect(demo.diffs.filter((diff) => diff.path === "lib/billing/invoice.ts" && diff.base === "main" && diff.head === "fix/invoice-rounding")).toHaveLength(1);
    expect(demo.nodes.map((node) => node.ref)).toContain("service:billing-api");
    const text = recordingText("change-links");
    for (const needle of ['sha="4f2c9e1"', 'path="lib/billing/invoice.ts" line={42}', 'path="lib/billing/ledger.ts" line={118}', 'ref="service:billing-api"']) {
      expect(text).toContain(needle);
    }
  });

  it("hold the run the build-status and test-runs recordings describe: #1842 on main, 3 of 12 failed, all billing", () => {
    const newest = demo.testRuns.filter((run) => run.branch === "main").sort((left, right) => right.runNumber - left.runNumber)[0];
    expect(newest?.runNumber).toBe(1842);
    expect(newest?.results).toHaveLength(12);
    expect(newest?.results.filter((result) => result.failed).map((result) => result.suite)).toEqual(["billing", "billing", "billing"]);
  });

  it("name every branch the commits are on once, each forked from a default-branch commit made before its own", () => {
    const names = demo.branches.map((branch) => branch.name);
    expect(new Set(names).size).toBe(names.length);
    for (const commit of demo.commits) expect(names, commit.sha).toContain(commit.branch);
    for (const branch of demo.branches) {
      if (branch.name === demo.project.defaultBranch) {
        expect(branch.base).toBeNull();
        continue;
      }
      const base = demo.commits.find((commit) => commit.sha === branch.base);
      expect(base?.branch, branch.name).toBe(demo.project.defaultBranch);
      const own = demo.commits.filter((commit) => commit.branch === branch.name);
      expect(own.every((commit) => commit.committedAt > base!.committedAt), branch.name).toBe(true);
    }
  });

  it("let the recordings that read the project compile with its query sources and no diagnostic", () => {
    for (const id of ["test-runs-query", "change-links"]) {
      const blocks = compileUi(recordingText(id), { id, final: true, querySchemas: PROJECT_QUERY_SCHEMAS, now: () => 0 });
      expect(blocks.length, id).toBeGreaterThan(0);
      expect(blocks.flatMap((block) => block.diagnostics.map((diagnostic) => diagnostic.code)), id).toEqual([]);
    }
  });

  it("make a seed with diff counts, one row per test result, and a digest that follows the content", () => {
    const seed = demoProjectSeed(demo);
    const invoiceDiff = seed.diffs.find((diff) => diff.id === "invoice-rounding");
    expect([invoiceDiff?.additions, invoiceDiff?.deletions]).toEqual([3, 3]);
    expect(seed.testRuns).toHaveLength(demo.testRuns.reduce((sum, run) => sum + run.results.length, 0));
    expect(demoProjectSeed(loadDemoProject()).digest).toBe(seed.digest);
    const changed = loadDemoProject(brokenCopy("nodes.json", (nodes) => (nodes as { title: string }[]).map((node) => ({ ...node, title: `${node.title}!` }))));
    expect(demoProjectSeed(changed).digest).not.toBe(seed.digest);
  });

  it("refuse a fixture that does not parse, naming the file and the field", () => {
    const badSha = brokenCopy("commits.json", (commits) => (commits as object[]).map((commit, index) => (index === 1 ? { ...commit, sha: "not-a-sha" } : commit)));
    expect(() => loadDemoProject(badSha)).toThrow(/commits\.json: commits\.1\.sha/);
    const badPath = brokenCopy("files.json", (files) => [...(files as object[]), { path: "../etc/passwd", language: "text", lineCount: 1, excerptStartLine: 1, excerpt: [] }]);
    expect(() => loadDemoProject(badPath)).toThrow(/files\.json: files\.\d+\.path/);
    const badNode = brokenCopy("nodes.json", (nodes) => [...(nodes as object[]), { ref: "job:x", kind: "service", title: "X", description: "" }]);
    expect(() => loadDemoProject(badNode)).toThrow(/nodes\.json/);
  });
});
