/**
 * The replay personas: every one loads, answers every comparison prompt with
 * a recording of its own (and anything else with its fallback), and has the
 * character it is there to show — clean blocks, malformed ones, slowness,
 * the JSON dialect only, or naming itself.
 */
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { streamText } from "ai";
import { describe, expect, it } from "vitest";
import type { UiNode } from "@/lib/ui/envelope/schema";
import { REPLAY_COMPARISON_PROMPTS } from "./comparison-prompts";
import { loadReplayPersonas, REPLAY_PERSONA_NAMES, REPLAY_PERSONAS_DIRECTORY, type ReplayPersona } from "./load-replay-personas";
import { ReplayLibraryError } from "./load-recordings";
import type { Recording } from "./recording-schema";
import { createReplayModel, type ReplayLanguageModel } from "./replay-language-model";
import { instantSleep, type ReplaySleep } from "./replay-sleep";
import { compileReply, recordingDiagnosticCodes, recordingProblems, recordingUiCounts, replyText } from "./testing/recording-problems";

const personas = loadReplayPersonas();

/** Other ways a person asks the same thing; each must reach the same recording as the comparison prompt. */
const PHRASINGS: Record<string, readonly string[]> = {
  "build-status": ["What's the build status?", "Is main green?", "Why is the CI pipeline red?"],
  "database-comparison": ["PGlite vs Postgres?", "Should I use PGlite or Postgres?", "compare postgres with pglite"],
  "deploy-window": ["When should we deploy on Friday?", "Plan the release for friday morning", "Find a maintenance window"],
  "weekly-sales": ["Weekly sales summary please", "How were sales this week?", "summarize the week's sales"],
  "request-flow": ["How does a request flow through the app?", "Walk me through the request lifecycle", "show the flow of a request"],
};

/**
 * Words no persona but the self-naming one may write: it alone leaks its
 * identity to blind mode. Its provider's name too, which masking hides in
 * every pane, and the names assistants commonly call themselves.
 */
const IDENTITY_WORDS = [
  ...REPLAY_PERSONA_NAMES,
  "replay",
  ...["gpt", "gpt-4o", "chatgpt", "openai", "claude", "anthropic", "gemini", "deepmind", "llama", "mistral", "qwen", "deepseek", "grok", "copilot"],
];

function model(persona: ReplayPersona, sleep: ReplaySleep = instantSleep): ReplayLanguageModel {
  return createReplayModel({
    library: persona.library(),
    modelId: persona.modelName,
    fallbackRecordingId: persona.fallbackRecordingId,
    sleep,
    ...(persona.pace ? { pace: persona.pace } : {}),
  });
}

/** Every wait a persona's reply to `prompt` asks for, without waiting. */
async function waitsOf(persona: ReplayPersona, prompt: string): Promise<number[]> {
  const waits: number[] = [];
  const { stream } = await model(persona, async (milliseconds) => void waits.push(milliseconds)).doStream({
    prompt: [{ role: "user", content: [{ type: "text", text: prompt }] }],
  });
  const reader = stream.getReader();
  while (!(await reader.read()).done) {
    // read to the end
  }
  return waits;
}

function nodes(list: readonly UiNode[]): UiNode[] {
  return list.flatMap((node) => [node, ...nodes(node.children)]);
}

function recordingsOf(persona: ReplayPersona): readonly Recording[] {
  return persona.library().recordings;
}

const each = personas.map((persona) => [persona.name, persona] as const);

describe("loadReplayPersonas", () => {
  it("loads every persona folder, in picker order, with distinct names", () => {
    const folders = readdirSync(REPLAY_PERSONAS_DIRECTORY).filter((entry) => statSync(path.join(REPLAY_PERSONAS_DIRECTORY, entry)).isDirectory());
    expect([...folders].sort()).toEqual([...REPLAY_PERSONA_NAMES].sort());
    expect(personas.map((persona) => persona.id)).toEqual(REPLAY_PERSONA_NAMES.map((name) => `replay:${name}`));
    expect(new Set(personas.map((persona) => persona.character)).size).toBe(personas.length);
    expect(new Set(personas.map((persona) => persona.displayName)).size).toBe(personas.length);
    expect(loadReplayPersonas()).toBe(personas);
  });

  it("reports a bad persona.json, a folder not named after its persona, and a missing fallback", () => {
    const root = mkdtempSync(path.join(tmpdir(), "personas-"));
    const write = (folder: string, persona: unknown) => {
      mkdirSync(path.join(root, folder, "recordings", "hello"), { recursive: true });
      writeFileSync(path.join(root, folder, "persona.json"), JSON.stringify(persona));
      writeFileSync(
        path.join(root, folder, "recordings", "hello", "recording.json"),
        JSON.stringify({ title: "Hello", description: "Says hello.", examplePrompt: "hello", match: { keywords: ["hello"] } }),
      );
      writeFileSync(path.join(root, folder, "recordings", "hello", "reply.md"), "Hello!\n");
    };
    const valid = { name: "Wombat", displayName: "Wombat", description: "Digs.", character: "clean", fallback: "hello" };
    write("wombat", valid);
    write("numbat", { ...valid, name: "Numbat", character: "sleepy", colour: "brown" });
    write("dingo", { ...valid, name: "Bilby" });
    let problems: readonly string[] = [];
    try {
      loadReplayPersonas(root, ["wombat", "numbat", "dingo", "missing"]);
    } catch (error) {
      if (!(error instanceof ReplayLibraryError)) throw error;
      problems = error.problems;
    }
    expect(problems.filter((problem) => problem.startsWith("wombat:"))).toEqual([]);
    expect(problems.filter((problem) => problem.startsWith("numbat:")).join("\n")).toMatch(/character[\s\S]*colour|colour[\s\S]*character/);
    expect(problems.find((problem) => problem.startsWith("dingo:"))).toContain('named after the persona, in lower case ("bilby")');
    expect(problems.find((problem) => problem.startsWith("missing:"))).toContain("persona.json");

    const [wombat] = loadReplayPersonas(root, ["wombat"]);
    expect(wombat?.library().get("hello")).toBeDefined();
    write("quoll", { ...valid, name: "Quoll", fallback: "goodbye" });
    const [quoll] = loadReplayPersonas(root, ["quoll"]);
    expect(() => quoll?.library()).toThrow(/fallback recording "goodbye" does not exist/);
  });
});

describe.each(each)("%s", (_name, persona) => {
  it("answers every comparison prompt, and other ways of asking it, with its own recording", () => {
    const replay = model(persona);
    for (const { id, prompt } of REPLAY_COMPARISON_PROMPTS) {
      for (const asked of [prompt, ...(PHRASINGS[id] ?? [])]) {
        const selection = replay.select(asked);
        expect(selection.kind, `${persona.name}: "${asked}"`).toBe("keywords");
        expect("recording" in selection && selection.recording.id, `${persona.name}: "${asked}"`).toBe(id);
      }
    }
  });

  it("answers anything else, and an action envelope it has no answer for, with its fallback", async () => {
    const replay = model(persona);
    for (const prompt of ["Tell me a joke about penguins", "", '[octo-ui-action] {"panel":"sales","action":"export","fields":{},"payload":{}}']) {
      const selection = replay.select(prompt);
      expect(selection.kind === "fallback" && selection.recording.id, JSON.stringify(prompt)).toBe(persona.fallbackRecordingId);
    }
    replay.session.expect(persona.fallbackRecordingId);
    const result = streamText({ model: replay, prompt: "Tell me a joke about penguins" });
    expect(await result.text).toBe(replyText(persona.library().get(persona.fallbackRecordingId) as Recording));
    replay.session.assertConsumed();
  });

  it("has each recording's example prompt select it, and every recording is a comparison answer or the fallback", () => {
    const replay = model(persona);
    for (const recording of recordingsOf(persona)) {
      const selection = replay.select(recording.examplePrompt);
      expect("recording" in selection && selection.recording.id, recording.id).toBe(recording.id);
    }
    expect(recordingsOf(persona).map((recording) => recording.id).sort()).toEqual(
      [...REPLAY_COMPARISON_PROMPTS.map((prompt) => prompt.id), persona.fallbackRecordingId].sort(),
    );
  });

  it("uses the dialects its recordings declare", () => {
    for (const recording of recordingsOf(persona)) {
      const counts = recordingUiCounts(recording);
      expect(counts.blocks + counts.fences + counts.renderUiCalls, recording.id).toBeGreaterThan(0);
      expect(counts.blocks > 0, recording.id).toBe(recording.dialects.includes("ui"));
      expect(counts.fences > 0, recording.id).toBe(recording.dialects.includes("octo-ui"));
      expect(counts.renderUiCalls > 0, recording.id).toBe(recording.dialects.includes("render_ui"));
      expect(counts.artifactCalls, recording.id).toBe(0);
    }
  });

  if (persona.character === "malformed") {
    it("writes blocks that are diagnosed, every one of them, with errors, lint findings and a budget refusal among them", () => {
      const codes = new Set<string>();
      for (const recording of recordingsOf(persona)) {
        expect(recording.fault?.kind, recording.id).toBe("malformed-ui");
        const problems = recordingProblems(recording);
        expect(problems.length, recording.id).toBeGreaterThan(0);
        for (const code of recordingDiagnosticCodes(recording)) codes.add(code);
      }
      expect([...codes]).toEqual(
        expect.arrayContaining([
          "unknown_component",
          "refused_prop",
          "expression_syntax",
          "unexpected_close_tag",
          "mismatched_close_tag",
          "unfinished_fence",
          "reply_budget",
          "invalid_json",
          "link_scheme",
          "lint unread_control",
        ]),
      );
    });
  } else {
    it("writes blocks that compile and evaluate without a diagnostic, in both dialects and its tool cards", () => {
      for (const recording of recordingsOf(persona)) {
        expect(recording.fault, recording.id).toBeUndefined();
        expect(recordingProblems(recording), recording.id).toEqual([]);
      }
    });

    it("offers only choices that lead to one of its comparison answers", () => {
      const replay = model(persona);
      for (const recording of recordingsOf(persona)) {
        const sending = compileReply(recording.id, replyText(recording)).flatMap((block) =>
          nodes(block.nodes).filter((node) => node.type === "Choice" && node.expressions.run === undefined),
        );
        for (const choice of sending) {
          const selection = replay.select(String(choice.props.label));
          expect(selection.kind, `${recording.id}: ${String(choice.props.label)}`).toBe("keywords");
        }
      }
    });
  }

  if (persona.character === "json-only") {
    it("writes only the JSON dialect: octo-ui fences and render_ui cards, never a ui block", () => {
      const calls = recordingsOf(persona).flatMap((recording) => recording.steps.flatMap((step) => step.toolCalls));
      expect(calls.filter((call) => call.toolName === "render_ui").length).toBeGreaterThan(0);
      for (const recording of recordingsOf(persona)) {
        expect(recordingUiCounts(recording).blocks, recording.id).toBe(0);
        expect(replyText(recording), recording.id).not.toMatch(/^```ui\b/m);
      }
    });
  }

  if (persona.character === "self-naming") {
    it("names itself in every reply, uses every self-name somewhere, and puts its name in a UI label", () => {
      const texts = recordingsOf(persona).map((recording) => replyText(recording));
      for (const [index, text] of texts.entries()) expect(text, recordingsOf(persona)[index]?.id).toContain(persona.name);
      expect(persona.selfNames).toContain(persona.name);
      for (const selfName of persona.selfNames) expect(texts.some((text) => text.includes(selfName)), selfName).toBe(true);
      const labels = recordingsOf(persona).flatMap((recording) =>
        compileReply(recording.id, replyText(recording)).flatMap((block) =>
          nodes(block.nodes).flatMap((node) => [node.props.label, node.props.title].filter((value) => typeof value === "string")),
        ),
      );
      expect(labels.some((label) => String(label).includes(persona.name))).toBe(true);
    });
  } else {
    it("never names itself, another persona or a well-known model, so blind mode has nothing of its to mask", () => {
      for (const recording of recordingsOf(persona)) {
        const text = replyText(recording).toLowerCase() + recording.steps.flatMap((step) => step.toolCalls.map((call) => call.input.toLowerCase())).join("");
        for (const word of IDENTITY_WORDS) expect(new RegExp(`\\b${word}\\b`).test(text), `${recording.id}: ${word}`).toBe(false);
      }
      expect(persona.selfNames).toEqual([]);
    });
  }
});

describe("the slow persona", () => {
  const slow = personas.find((persona) => persona.character === "slow") as ReplayPersona;

  it.each(REPLAY_COMPARISON_PROMPTS.map((prompt) => [prompt.id, prompt.prompt] as const))(
    "%s: waits 1.5–2.5 s for its first token and finishes after every other persona",
    async (_id, prompt) => {
      const waits = await waitsOf(slow, prompt);
      expect(waits[0]).toBeGreaterThanOrEqual(1_500);
      expect(waits[0]).toBeLessThanOrEqual(2_500);
      const total = (list: number[]) => list.reduce((sum, wait) => sum + wait, 0);
      const slowTotal = total(waits);
      for (const other of personas.filter((persona) => persona !== slow)) {
        const otherWaits = await waitsOf(other, prompt);
        expect(otherWaits[0] ?? 0, other.name).toBeLessThan(1_000);
        // At least twice as long as any other: visibly last in a comparison, not last by a hair.
        expect(slowTotal, other.name).toBeGreaterThan(2 * total(otherWaits));
      }
    },
  );
});
