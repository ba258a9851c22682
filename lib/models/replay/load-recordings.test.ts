import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HUGE_REPLY_LAST_LINE } from "./huge-reply";
import { ReplayLibraryError, endsInsideFence, loadReplayLibrary } from "./load-recordings";

function writeRecording(root: string, id: string, files: Record<string, string>): void {
  mkdirSync(path.join(root, id), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, id, name), text);
}

function problemsOf(root: string): readonly string[] {
  try {
    loadReplayLibrary(root);
  } catch (error) {
    if (error instanceof ReplayLibraryError) return error.problems;
    throw error;
  }
  return [];
}

const VALID = JSON.stringify({
  title: "Greeting",
  description: "Says hello.",
  examplePrompt: "hello there",
  match: { keywords: ["hello"] },
});

describe("loadReplayLibrary", () => {
  it("loads every fixture recording", () => {
    const library = loadReplayLibrary();
    expect(library.recordings.length).toBeGreaterThanOrEqual(15);
    for (const recording of library.recordings) {
      expect(recording.steps.length).toBeGreaterThan(0);
      const size = recording.steps.reduce((sum, step) => sum + step.text.length + step.toolCalls.length, 0);
      expect(size, recording.id).toBeGreaterThan(0);
    }
  });

  it("generates the huge reply at load", () => {
    const huge = loadReplayLibrary().get("huge-reply");
    const text = huge?.steps[0]?.text ?? "";
    expect(text.length).toBeGreaterThanOrEqual(200_000);
    expect(text.split("```ui").length - 1).toBeGreaterThan(16);
    expect(text.split("```octo-ui").length - 1).toBeGreaterThan(16);
  });

  it("generates the huge prose reply at load: a megabyte of Markdown without UI blocks", () => {
    const huge = loadReplayLibrary().get("huge-prose-reply");
    const text = huge?.steps[0]?.text ?? "";
    expect(text.length).toBeGreaterThanOrEqual(1_000_000);
    expect(text).not.toContain("```ui");
    expect(text).not.toContain("```octo-ui");
    expect(text.split("\n## ").length - 1).toBeGreaterThan(300);
    expect(text.trimEnd().endsWith(HUGE_REPLY_LAST_LINE)).toBe(true);
  });

  it("stores tool inputs compact, as a model streams them", () => {
    const card = loadReplayLibrary().get("incident-card");
    const input = card?.steps[0]?.toolCalls[0]?.input ?? "";
    expect(input).not.toContain("\n");
    expect(JSON.parse(input)).toHaveProperty("spec.items");
  });

  it("reads a minimal recording with reply.md as its one step", () => {
    const root = mkdtempSync(path.join(tmpdir(), "replays-"));
    writeRecording(root, "greeting", { "recording.json": VALID, "reply.md": "Hello!\n" });
    const library = loadReplayLibrary(root);
    expect(library.get("greeting")?.steps).toEqual([{ text: "Hello!\n", toolCalls: [] }]);
    expect(library.get("greeting")?.listed).toBe(true);
  });

  it("reads a .json step text as one JSON string, so a recording can carry a NUL or half of a surrogate pair", () => {
    const root = mkdtempSync(path.join(tmpdir(), "replays-"));
    writeRecording(root, "broken-text", {
      "recording.json": JSON.stringify({ ...JSON.parse(VALID), steps: [{ text: "reply.json" }], fault: { kind: "unstorable-characters" } }),
      "reply.json": '"a\\u0000b\\ud83dc"',
    });
    expect(loadReplayLibrary(root).get("broken-text")?.steps[0]?.text).toBe("a\u0000b\ud83dc");
    const fixture = loadReplayLibrary().get("unstorable-characters");
    expect(fixture?.steps[0]?.text).toContain("\u0000");
    expect(JSON.parse(fixture?.steps[0]?.toolCalls[0]?.input ?? "{}").spec.title).toContain("\u0000");
  });

  it("reports every broken recording at once, naming it", () => {
    const root = mkdtempSync(path.join(tmpdir(), "replays-"));
    writeRecording(root, "Bad_Name", { "recording.json": VALID, "reply.md": "x" });
    writeRecording(root, "no-reply", { "recording.json": VALID });
    writeRecording(root, "not-json", { "recording.json": "{", "reply.md": "x" });
    writeRecording(root, "unknown-field", {
      "recording.json": JSON.stringify({ ...JSON.parse(VALID), colour: "red" }),
      "reply.md": "x",
    });
    writeRecording(root, "matches-nothing", {
      "recording.json": JSON.stringify({ ...JSON.parse(VALID), match: {} }),
      "reply.md": "x",
    });
    writeRecording(root, "bad-pattern", {
      "recording.json": JSON.stringify({ ...JSON.parse(VALID), match: { patterns: ["(unclosed"] } }),
      "reply.md": "x",
    });
    writeRecording(root, "not-truncated", {
      "recording.json": JSON.stringify({ ...JSON.parse(VALID), fault: { kind: "truncated-fence" } }),
      "reply.md": "```ui\n<Summary>done</Summary>\n```\n",
    });
    writeRecording(root, "error-too-late", {
      "recording.json": JSON.stringify({
        ...JSON.parse(VALID),
        fault: { kind: "error-mid-stream", afterCharacters: 99, message: "boom" },
      }),
      "reply.md": "short",
    });
    writeRecording(root, "json-not-a-string", {
      "recording.json": JSON.stringify({ ...JSON.parse(VALID), steps: [{ text: "reply.json" }] }),
      "reply.json": '{"text": "x"}',
    });
    writeRecording(root, "storable-after-all", {
      "recording.json": JSON.stringify({ ...JSON.parse(VALID), fault: { kind: "unstorable-characters" } }),
      "reply.md": "Nothing a database refuses.",
    });
    writeRecording(root, "unknown-tool-no-call", {
      "recording.json": JSON.stringify({ ...JSON.parse(VALID), fault: { kind: "unknown-tool" } }),
      "reply.md": "No call at all.",
    });
    const problems = problemsOf(root);
    const named = (id: string) => problems.filter((problem) => problem.startsWith(`${id}:`));
    expect(named("Bad_Name")).toHaveLength(1);
    expect(named("no-reply")[0]).toContain("reply.md");
    expect(named("not-json")[0]).toContain("not JSON");
    expect(named("unknown-field").join()).toMatch(/colour|unrecognized/i);
    expect(named("matches-nothing")[0]).toContain("nothing would ever select it");
    expect(named("bad-pattern")[0]).toContain("regular expression");
    expect(named("not-truncated")[0]).toContain("open fence");
    expect(named("error-too-late")[0]).toContain("past the end");
    expect(named("json-not-a-string")[0]).toContain("one JSON string");
    expect(named("storable-after-all")[0]).toContain("NUL or a lone surrogate");
    expect(named("unknown-tool-no-call")[0]).toContain("must call a tool");
  });
});

describe("tool inputs with fields read from files", () => {
  const tool = (inputFiles: Record<string, string>) =>
    JSON.stringify({
      title: "Writes a page",
      description: "A write_file call whose content is a file of its own.",
      examplePrompt: "write the page",
      match: { keywords: ["write the page"] },
      steps: [{ toolCalls: [{ toolName: "write_file", input: "write.json", inputFiles }] }, { text: "reply.md" }],
    });
  const PAGE = '<!doctype html>\n<p class="x">"quoted" \\ and ünïcode</p>\n';

  it("reads each named field verbatim into the input", () => {
    const root = mkdtempSync(path.join(tmpdir(), "replays-"));
    writeRecording(root, "page", { "recording.json": tool({ content: "page.html" }), "write.json": '{\n  "path": "page.html"\n}\n', "page.html": PAGE, "reply.md": "Done.\n" });
    const input = loadReplayLibrary(root).get("page")?.steps[0]?.toolCalls[0]?.input ?? "";
    expect(JSON.parse(input)).toEqual({ path: "page.html", content: PAGE });
    expect(input).not.toContain("\n  ");
  });

  it("reports a field the JSON already has, and a file that is missing", () => {
    const root = mkdtempSync(path.join(tmpdir(), "replays-"));
    writeRecording(root, "twice", { "recording.json": tool({ content: "page.html" }), "write.json": '{"path": "a.html", "content": "x"}', "page.html": PAGE, "reply.md": "Done.\n" });
    writeRecording(root, "missing", { "recording.json": tool({ content: "gone.html" }), "write.json": '{"path": "a.html"}', "reply.md": "Done.\n" });
    const problems = problemsOf(root);
    expect(problems.find((problem) => problem.startsWith("twice:"))).toContain("already has the field content");
    expect(problems.find((problem) => problem.startsWith("missing:"))).toContain("cannot read gone.html");
  });
});

describe("endsInsideFence", () => {
  it.each([
    ["plain text", false],
    ["```ui\n<Summary>x</Summary>\n```\n", false],
    ["```ui\n<Summary>x", true],
    ["````md\n```ui\n```\nstill inside", true],
    ["~~~\ncode\n~~~", false],
    ["~~~\ncode\n```", true],
    ["``` not a fence ` because of the backtick", false],
  ])("%j → %s", (text, expected) => {
    expect(endsInsideFence(text)).toBe(expected);
  });
});
