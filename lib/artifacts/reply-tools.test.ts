/**
 * The artifact tools through the AI SDK's tool loop (`streamText` with the
 * replay model), on an in-memory PGlite: the model calls a tool, the SDK
 * executes it, and the next model call carries the result. An edit whose
 * `find` is missing or ambiguous changes nothing, and its error is what the
 * next step reads; so is every other refusal.
 */
import { stepCountIs, streamText, wrapLanguageModel, type ModelMessage } from "ai";
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Recording } from "@/lib/models/replay/recording-schema";

vi.mock("server-only", () => ({}));

const { openTestDatabase, createTestActor } = await import("@/lib/chat/testing/chat-test-setup");
const { createChat } = await import("@/db/queries/chats");
const { getArtifactByPath, listArtifacts, listArtifactVersions } = await import("@/db/queries/artifacts");
const { createReplayLibrary } = await import("@/lib/models/replay/load-recordings");
const { createReplayModel } = await import("@/lib/models/replay/replay-language-model");
const { instantSleep } = await import("@/lib/models/replay/replay-sleep");
const { artifactReplyKit, artifactReplyTools } = await import("./reply-tools");
const { artifactCardOfPart } = await import("./artifact-card");

const REPORT = "# Release 2.4\n\nStatus: green\n\n## Risks\nNone yet.\n\n## Next\nNone yet.\n";

type Call = { toolName: string; input: unknown };

/** A recording whose steps each make the given tool calls, then a last step of text. */
function recording(id: string, steps: Call[][]): Recording {
  return {
    id,
    title: id,
    description: id,
    dialects: [],
    examplePrompt: id,
    match: { keywords: [id], patterns: [] },
    priority: 0,
    listed: false,
    steps: [
      ...steps.map((calls) => ({ text: "", toolCalls: calls.map((call) => ({ toolName: call.toolName, input: JSON.stringify(call.input) })) })),
      { text: "Done.", toolCalls: [] },
    ],
  };
}

const write = (path: string, content: string): Call => ({ toolName: "write_file", input: { path, content } });
const edit = (path: string, edits: { find: string; replace: string }[]): Call => ({ toolName: "edit_file", input: { path, edits } });

let release: () => Promise<void>;
beforeAll(async () => {
  release = (await openTestDatabase("pglite")).release;
}, 60_000);
afterAll(async () => release?.());

async function newScope() {
  const actor = await createTestActor();
  const chat = await createChat({ userId: actor.userId, title: "Artifacts", modelId: "replay:default" });
  return { userId: actor.userId, chatId: chat.id, messageId: crypto.randomUUID() };
}

/** Plays a recording through streamText with the artifact tools; returns each model call's prompt and the tool outputs. */
async function play(scope: { userId: string; chatId: string; messageId: string }, played: Recording) {
  const replay = createReplayModel({ library: createReplayLibrary([played]), sleep: instantSleep });
  replay.session.expect(played.id);
  const prompts: LanguageModelV3Prompt[] = [];
  const model = wrapLanguageModel({
    model: replay,
    middleware: {
      specificationVersion: "v3",
      transformParams: async ({ params }) => {
        prompts.push(params.prompt);
        return params;
      },
    },
  });
  const result = streamText({ model, prompt: played.id, tools: artifactReplyTools(scope), stopWhen: stepCountIs(played.steps.length + 1) });
  const parts: { type: string; toolName?: string; output?: unknown }[] = [];
  const cards = [];
  for await (const part of result.fullStream) {
    if (part.type === "tool-result" || part.type === "tool-error") {
      parts.push(part.type === "tool-result" ? { type: part.type, toolName: part.toolName, output: part.output } : { type: part.type, toolName: part.toolName });
      cards.push(artifactCardOfPart(part, 0));
    }
  }
  replay.session.assertConsumed();
  return { prompts, parts, cards, messages: (await result.response).messages as ModelMessage[] };
}

/** What the model was handed for each tool call, in the prompt of the call after it. */
function toolOutputsIn(prompt: LanguageModelV3Prompt): { toolName: string; output: unknown }[] {
  return prompt.flatMap((message) =>
    message.role === "tool" ? message.content.flatMap((part) => (part.type === "tool-result" ? [{ toolName: part.toolName, output: part.output }] : [])) : [],
  );
}

describe("edit_file through the tool loop", () => {
  it("with a missing find: nothing changes, and the next step reads the error", async () => {
    const scope = await newScope();
    const { prompts } = await play(scope, recording("edit-missing", [[write("report.md", REPORT)], [edit("report.md", [{ find: "Status: green", replace: "Status: amber" }, { find: "Status: red", replace: "x" }])]]));
    const outputs = toolOutputsIn(prompts.at(-1) as LanguageModelV3Prompt);
    expect(outputs.map((output) => output.toolName)).toEqual(["write_file", "edit_file"]);
    expect(outputs[1]?.output).toEqual({
      type: "error-text",
      value: expect.stringContaining("Edit 2 of 2 failed: its `find` text does not occur in report.md (after the edits before it were applied). Nothing was changed: report.md is still version 1."),
    });
    const stored = await getArtifactByPath({ ...scope, path: "report.md" });
    expect([stored?.version.version, stored?.version.content]).toEqual([1, REPORT]);
  });

  it("with an ambiguous find: nothing changes, and the next step reads where it matched", async () => {
    const scope = await newScope();
    const { prompts, cards } = await play(scope, recording("edit-ambiguous", [[write("report.md", REPORT)], [edit("report.md", [{ find: "None yet.", replace: "TBD" }])]]));
    const outputs = toolOutputsIn(prompts.at(-1) as LanguageModelV3Prompt);
    expect(outputs[1]?.output).toEqual({ type: "error-text", value: expect.stringContaining("occurs 2 times in report.md (lines 6, 9)") });
    expect((await listArtifactVersions({ ...scope, artifactId: cards[0]?.artifact?.artifactId ?? "" })).map((version) => version.version)).toEqual([1]);
    // The reply's chip of the failed call carries the same words, for the person.
    expect(cards[1]).toMatchObject({ name: "edit_file", path: "report.md", artifact: null, error: expect.stringContaining("occurs 2 times") });
  });

  it("applies a good edit as the next version and tells the model which", async () => {
    const scope = await newScope();
    const { prompts, cards } = await play(scope, recording("edit-good", [[write("report.md", REPORT)], [edit("report.md", [{ find: "## Risks\nNone yet.", replace: "## Risks\n- Slip." }])]]));
    const outputs = toolOutputsIn(prompts.at(-1) as LanguageModelV3Prompt);
    expect(outputs[0]?.output).toEqual({ type: "text", value: expect.stringMatching(/^Created report\.md \(markdown, version 1, 68 bytes\)/) });
    expect(outputs[1]?.output).toEqual({ type: "text", value: "Edited report.md: it is now version 2 (66 bytes)." });
    expect(cards.map((card) => card?.artifact?.version)).toEqual([1, 2]);
    const stored = await getArtifactByPath({ ...scope, path: "report.md" });
    expect(stored?.version.content).toBe(REPORT.replace("## Risks\nNone yet.", "## Risks\n- Slip."));
    expect(stored?.version.messageId).toBe(scope.messageId);
  });

  it("runs the calls of one step in the order the model made them, each edit on the version the one before it left", async () => {
    const scope = await newScope();
    // Three calls in one step, which the SDK starts together: the second edit only applies after the first.
    const { cards, parts } = await play(
      scope,
      recording("ordered-edits", [
        [
          write("report.md", REPORT),
          edit("report.md", [{ find: "Status: green", replace: "Status: amber" }]),
          edit("report.md", [{ find: "Status: amber", replace: "Status: amber (two risks)" }]),
          write("notes.txt", "x"),
        ],
      ]),
    );
    expect(parts.map((part) => part.type)).toEqual(["tool-result", "tool-result", "tool-result", "tool-result"]);
    expect(cards.map((card) => [card?.name, card?.artifact?.path, card?.artifact?.version])).toEqual([
      ["write_file", "report.md", 1],
      ["edit_file", "report.md", 2],
      ["edit_file", "report.md", 3],
      ["write_file", "notes.txt", 1],
    ]);
    expect((await getArtifactByPath({ ...scope, path: "report.md" }))?.version.content).toContain("Status: amber (two risks)");
  });
});

describe("every other refusal reaches the next step too", () => {
  it("a path that leaves the chat, an edit of a missing file, and a show of one", async () => {
    const scope = await newScope();
    const { prompts } = await play(
      scope,
      recording("refusals", [[write("../etc/passwd", "x")], [edit("nope.md", [{ find: "a", replace: "b" }])], [{ toolName: "show_artifact", input: { path: "nope.md" } }]]),
    );
    const outputs = toolOutputsIn(prompts.at(-1) as LanguageModelV3Prompt).map((output) => output.output);
    expect(outputs).toEqual([
      { type: "error-text", value: expect.stringContaining("The path contains `.` or `..`") },
      { type: "error-text", value: "There is no artifact `nope.md` in this chat, so nothing was changed. This chat has no artifacts yet. Use write_file to create it." },
      { type: "error-text", value: expect.stringContaining("There is no artifact `nope.md` in this chat, so nothing was shown.") },
    ]);
    expect(await listArtifacts(scope)).toEqual([]);
  });

  it("names a person could not tell apart: invisible characters, fullwidth and Cyrillic look-alikes, a case change — each refused, one report.md stored", async () => {
    const scope = await newScope();
    const lookAlikes = ["re\u3164port.md", "report\ufe0f.md", "rep\u034fort.md", "\u115freport.md", "report\u17b4.md", "rep\u180bort.md", "report.md\uffa0", "\uff52\uff45\uff50\uff4f\uff52\uff54.md", "r\u0435port.md", "Report.md", "\u3164"];
    const { prompts, cards } = await play(scope, recording("look-alikes", [[write("report.md", REPORT), ...lookAlikes.map((path) => write(path, "planted"))]]));
    const outputs = toolOutputsIn(prompts.at(-1) as LanguageModelV3Prompt).map((output) => output.output as { type: string; value: string });
    expect(outputs[0]?.type).toBe("text");
    // Fullwidth is report.md itself once normalized: a new version of it, not a second name.
    expect(outputs.slice(1).map((output) => output.type)).toEqual(lookAlikes.map((_path, index) => (index === 7 ? "text" : "error-text")));
    expect(outputs[8]?.value).toMatch(/^Wrote version 2 of report\.md/);
    expect(outputs[9]?.value).toContain("`rеport.md` reads as `report.md`, an artifact this chat already has");
    expect(outputs[10]?.value).toContain("`Report.md` reads as `report.md`");
    expect(outputs[11]?.value).toMatch(/^The path is empty: it holds only invisible characters/);
    for (const output of outputs.slice(1, 8)) expect(output.value).toMatch(/invisible character \(U\+/);
    expect((await listArtifacts(scope)).map((artifact) => artifact.path)).toEqual(["report.md"]);
    expect(cards.filter((card) => card?.artifact !== null).map((card) => card?.artifact?.path)).toEqual(["report.md", "report.md"]);
  });

  it("an input that does not match the schema is the SDK's error, and becomes a failed chip", async () => {
    const scope = await newScope();
    const { prompts, cards } = await play(scope, recording("bad-input", [[{ toolName: "write_file", input: { path: "a.md", content: 42 } }]]));
    const outputs = toolOutputsIn(prompts.at(-1) as LanguageModelV3Prompt);
    expect(outputs[0]?.output).toMatchObject({ type: "error-text", value: expect.stringContaining("Invalid input for tool write_file") });
    expect(cards[0]).toMatchObject({ name: "write_file", path: "a.md", artifact: null, error: expect.stringContaining("The write_file call failed") });
  });

  it("a chat that is not the scope's owner's is never written", async () => {
    const owner = await newScope();
    const stranger = await newScope();
    const { prompts } = await play({ ...stranger, chatId: owner.chatId }, recording("foreign-chat", [[write("planted.md", "x")]]));
    expect(toolOutputsIn(prompts.at(-1) as LanguageModelV3Prompt)[0]?.output).toEqual({ type: "error-text", value: "This chat no longer exists; nothing was written." });
    expect(await listArtifacts(owner)).toEqual([]);
  });
});

describe("show_artifact and the reply kit", () => {
  it("hands the model the current text between markers, and the guide lists the chat's artifacts", async () => {
    const scope = await newScope();
    const { prompts } = await play(scope, recording("show", [[write("notes.txt", "line one\n")], [{ toolName: "show_artifact", input: { path: "notes.txt" } }]]));
    expect(toolOutputsIn(prompts.at(-1) as LanguageModelV3Prompt)[1]?.output).toEqual({
      type: "text",
      value: "notes.txt (text, version 1) is now shown in the Artifacts panel. Its current text, between the markers:\n<<<ARTIFACT\nline one\n\nARTIFACT>>>",
    });
    const kit = await artifactReplyKit(scope);
    expect(kit.guide).toContain("- `notes.txt` (text, version 1, 9 bytes)");
    expect(Object.keys(kit.tools)).toEqual(["write_file", "edit_file", "show_artifact"]);
  });
});
