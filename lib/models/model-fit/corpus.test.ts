/** Reading corpora: what makes one unmeasurable is reported, never thrown. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readModelFitCorpora, readModelFitCorpus } from "./corpus";

const MANIFEST = {
  writer: "w",
  prompt: "compact",
  date: "2026-12-07",
  promptHash: "sha256:0123456789abcdef",
  requests: [
    { id: "one", text: "Show one" },
    { id: "two", text: "Show two" },
  ],
};

let root: string;
function corpusWith(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), "model-fit-"));
  const directory = path.join(root, "writer-compact");
  mkdirSync(directory);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(directory, name), text);
  return directory;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("readModelFitCorpus", () => {
  it("reads the manifest, each reply exactly as written and its tool calls", () => {
    const directory = corpusWith({
      "corpus.json": JSON.stringify(MANIFEST),
      "one.md": "Text\n```ui\n<Summary>x</Summary>\n```\n",
      "two.md": "Prose only.",
      "two.tools.json": JSON.stringify([{ toolName: "render_ui", input: { spec: { items: [] } } }]),
    });
    const corpus = readModelFitCorpus(directory);
    expect(corpus.problems).toEqual([]);
    expect(corpus.manifest?.prompt).toBe("compact");
    expect(corpus.replies).toEqual([
      { requestId: "one", request: "Show one", text: "Text\n```ui\n<Summary>x</Summary>\n```\n", tools: [] },
      { requestId: "two", request: "Show two", text: "Prose only.", tools: [{ toolName: "render_ui", input: { spec: { items: [] } } }] },
    ]);
    expect(readModelFitCorpora(root).map((found) => found.name)).toEqual(["writer-compact"]);
  });

  it("reports a missing reply, a reply to no listed request and a broken sidecar", () => {
    const directory = corpusWith({
      "corpus.json": JSON.stringify(MANIFEST),
      "one.md": "x",
      "one.tools.json": "[{",
      "three.md": "stray",
    });
    const problems = readModelFitCorpus(directory).problems;
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^one\.tools\.json is not valid JSON/);
    expect(problems.slice(1)).toEqual(["two.md is missing (every listed request has a reply)", "three.md answers no request listed in corpus.json"]);
  });

  it("reports a manifest that does not fit its schema, field by field", () => {
    const directory = corpusWith({ "corpus.json": JSON.stringify({ ...MANIFEST, prompt: "tiny", requests: [{ id: "Bad Id", text: "x" }] }) });
    const corpus = readModelFitCorpus(directory);
    expect(corpus.manifest).toBeNull();
    expect(corpus.problems.map((problem) => problem.split(":")[0])).toEqual(["corpus.json prompt", "corpus.json requests.0.id"]);
  });

  it("finds no corpus under a folder that does not exist", () => {
    root = mkdtempSync(path.join(tmpdir(), "model-fit-"));
    expect(readModelFitCorpora(path.join(root, "none"))).toEqual([]);
  });
});
