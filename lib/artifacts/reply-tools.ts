/**
 * The artifact tools of one reply, built for its chat (`userId`, `chatId`)
 * and the reply's message id, which every version it writes records. They
 * run while the reply is generated, before its message is stored: a version
 * written by a reply that is then stopped or fails is kept (the work is real
 * and the person may want it), and the reply's chip still opens it.
 *
 * The AI SDK starts a step's tool calls together; a reply's artifact calls
 * run one after another, in the order the model made them, so two edits of
 * one file in one step apply in that order and the chips follow it.
 *
 * Every refusal — a bad path, a new name that reads as one the chat already
 * has, a cap, an edit whose `find` is missing or ambiguous — is a result the model reads (`error-text`) and can act on in
 * its next step; nothing here throws into the AI SDK, and a database failure
 * is logged and told to the model in general words.
 */
import "server-only";
import { tool, type Tool } from "ai";
import { toolInputSchema } from "@/lib/models/tool-input-schema";
import { getArtifactByPath, listArtifacts, storeArtifactVersion, type StoreArtifactVersionResult } from "@/db/queries/artifacts";
import type { ArtifactVersionTool } from "@/db/schema";
import { applyArtifactEdits } from "./apply-edits";
import type { ArtifactToolResult, ArtifactVersionRef } from "./artifact-card";
import { checkArtifactContent, formatBytes } from "./artifact-content";
import { ArtifactKindSchema, inferArtifactKind, type ArtifactKind } from "./artifact-kind";
import { lookAlikeArtifactPath } from "./artifact-name-skeleton";
import { checkArtifactPath } from "./artifact-path";
import { ARTIFACT_TOOL_DEFINITIONS, type EditFileInput, type ShowArtifactInput, type WriteFileInput } from "./artifact-tools";
import { artifactsGuideText, type GuideArtifact } from "./artifacts-guide-text";
import { ARTIFACT_LIMITS } from "./limits";

/** Whose chat and which reply the tools write for. */
export type ArtifactScope = { userId: string; chatId: string; messageId: string };

/** Tries an edit makes when another call of the same reply wrote the artifact between its read and its write. */
const EDIT_ATTEMPTS = 3;

/** Paths named in a "does not exist" error. */
const LISTED_PATHS = 20;

/** What the model is told when the database failed (the cause is logged, never shown). */
const STORAGE_FAILED = "The artifact could not be stored or read: the database did not answer. Nothing was changed; try again in a later reply.";

const CAPS = {
  artifactsPerChat: ARTIFACT_LIMITS.artifactsPerChat,
  versionsPerArtifact: ARTIFACT_LIMITS.versionsPerArtifact,
  chatBytes: ARTIFACT_LIMITS.chatBytes,
};

function failure(path: unknown, error: string): ArtifactToolResult {
  return { ok: false, path: typeof path === "string" ? path : "", error };
}

function refOf(artifact: { id: string; path: string }, version: number, kind: string): ArtifactVersionRef {
  const parsed = ArtifactKindSchema.safeParse(kind);
  return { artifactId: artifact.id, path: artifact.path, kind: parsed.success ? parsed.data : "text", version };
}

/** The words for a store that wrote nothing. */
function refusalOf(result: Exclude<StoreArtifactVersionResult, { kind: "stored" | "version-moved" }>, path: string, bytes: number): string {
  switch (result.kind) {
    case "chat-missing":
      return "This chat no longer exists; nothing was written.";
    case "artifact-missing":
      return `${path} does not exist in this chat; nothing was changed. Use write_file to create it.`;
    case "too-many-artifacts":
      return `This chat already has ${result.count} artifacts, the most it may hold; nothing was written. Write to one of its existing paths (a new version) or edit one instead.`;
    case "too-many-versions":
      return `${path} already has ${result.count} versions, the most an artifact may have; nothing was written. Write to a new path instead.`;
    case "chat-full":
      return `This chat's artifacts already take ${formatBytes(result.usedBytes)} of the ${formatBytes(ARTIFACT_LIMITS.chatBytes)} all their versions may use, and this version (${formatBytes(bytes)}) does not fit; nothing was written.`;
  }
}

/** The words for a new name that a person would read as one the chat already has. */
function lookAlikeError(path: string, existing: string): string {
  return `\`${path}\` reads as \`${existing}\`, an artifact this chat already has: the names differ only in look-alike letters or letter case, so a person could not tell them apart. Nothing was written. Write to \`${existing}\` to make a new version of it, or choose a name that reads differently.`;
}

async function missingPathError(scope: ArtifactScope, path: string, action: string): Promise<string> {
  const existing = await listArtifacts(scope);
  const names = existing.slice(0, LISTED_PATHS).map((artifact) => `\`${artifact.path}\``);
  const listing = names.length === 0 ? "This chat has no artifacts yet." : `This chat's artifacts: ${names.join(", ")}${existing.length > LISTED_PATHS ? ", …" : ""}.`;
  return `There is no artifact \`${path}\` in this chat, so nothing was ${action}. ${listing} Use write_file to create it.`;
}

async function store(input: {
  scope: ArtifactScope;
  path: string;
  kind: ArtifactKind;
  content: string;
  bytes: number;
  tool: ArtifactVersionTool;
  expectedVersion?: number;
}): Promise<StoreArtifactVersionResult> {
  return storeArtifactVersion({
    userId: input.scope.userId,
    chatId: input.scope.chatId,
    messageId: input.scope.messageId,
    path: input.path,
    kind: input.kind,
    content: input.content,
    sizeBytes: input.bytes,
    tool: input.tool,
    caps: CAPS,
    ...(input.expectedVersion !== undefined ? { expectedVersion: input.expectedVersion } : {}),
  });
}

/** Runs a tool body, turning an unexpected failure into the general words the model may read. */
async function guarded(path: unknown, name: string, run: () => Promise<ArtifactToolResult>): Promise<ArtifactToolResult> {
  try {
    return await run();
  } catch (caught) {
    console.error(`artifacts: ${name} failed`, caught);
    return failure(path, STORAGE_FAILED);
  }
}

/** `write_file`: creates the artifact or writes its next version. */
export function writeArtifactFile(scope: ArtifactScope, input: WriteFileInput): Promise<ArtifactToolResult> {
  return guarded(input.path, "write_file", async () => {
    const path = checkArtifactPath(input.path);
    if (!path.ok) return failure(input.path, path.error);
    const content = checkArtifactContent(input.content);
    if (!content.ok) return failure(path.path, `${content.error} Nothing was written.`);
    const lookAlike = lookAlikeArtifactPath(path.path, (await listArtifacts(scope)).map((artifact) => artifact.path));
    if (lookAlike !== undefined) return failure(path.path, lookAlikeError(path.path, lookAlike));
    const kind = input.kind ?? inferArtifactKind(path.path);
    const result = await store({ scope, path: path.path, kind, content: input.content, bytes: content.bytes, tool: "write_file" });
    if (result.kind === "version-moved") throw new Error("a write without an expected version reported a moved version");
    if (result.kind !== "stored") return failure(path.path, refusalOf(result, path.path, content.bytes));
    return { ok: true, artifact: refOf(result.artifact, result.version.version, kind), bytes: content.bytes, created: result.created };
  });
}

/** `edit_file`: applies exact edits to the newest version, all or nothing, making the next version. */
export function editArtifactFile(scope: ArtifactScope, input: EditFileInput): Promise<ArtifactToolResult> {
  return guarded(input.path, "edit_file", async () => {
    const path = checkArtifactPath(input.path);
    if (!path.ok) return failure(input.path, path.error);
    for (let attempt = 1; attempt <= EDIT_ATTEMPTS; attempt += 1) {
      const current = await getArtifactByPath({ userId: scope.userId, chatId: scope.chatId, path: path.path });
      if (!current) return failure(path.path, await missingPathError(scope, path.path, "changed"));
      const edited = applyArtifactEdits(current.version.content, input.edits, { path: path.path, version: current.version.version });
      if (!edited.ok) return failure(path.path, edited.error);
      const content = checkArtifactContent(edited.content);
      if (!content.ok) return failure(path.path, content.error);
      const kind = ArtifactKindSchema.catch("text").parse(current.version.kind);
      const result = await store({
        scope,
        path: path.path,
        kind,
        content: edited.content,
        bytes: content.bytes,
        tool: "edit_file",
        expectedVersion: current.version.version,
      });
      // Another call wrote a version in between: apply the edits again, to that one.
      if (result.kind === "version-moved") continue;
      if (result.kind !== "stored") return failure(path.path, refusalOf(result, path.path, content.bytes));
      return { ok: true, artifact: refOf(result.artifact, result.version.version, kind), bytes: content.bytes };
    }
    return failure(path.path, `${path.path} kept changing while the edits were applied; nothing was changed. Call show_artifact and try again.`);
  });
}

/** `show_artifact`: names the newest version for the panel to bring forward, and hands its text to the model. */
export function showArtifact(scope: ArtifactScope, input: ShowArtifactInput): Promise<ArtifactToolResult> {
  return guarded(input.path, "show_artifact", async () => {
    const path = checkArtifactPath(input.path);
    if (!path.ok) return failure(input.path, path.error);
    const current = await getArtifactByPath({ userId: scope.userId, chatId: scope.chatId, path: path.path });
    if (!current) return failure(path.path, await missingPathError(scope, path.path, "shown"));
    return {
      ok: true,
      artifact: refOf(current.artifact, current.version.version, current.version.kind),
      bytes: current.version.sizeBytes,
      content: current.version.content,
    };
  });
}

/** What the model reads of a successful call. */
function successText(name: "write_file" | "edit_file" | "show_artifact", output: Extract<ArtifactToolResult, { ok: true }>): string {
  const { path, version, kind } = output.artifact;
  switch (name) {
    case "write_file":
      return output.created
        ? `Created ${path} (${kind}, version 1, ${formatBytes(output.bytes)}). It is in the Artifacts panel, and your reply shows a chip that opens it.`
        : `Wrote version ${version} of ${path} (${kind}, ${formatBytes(output.bytes)}), replacing its whole text.`;
    case "edit_file":
      return `Edited ${path}: it is now version ${version} (${formatBytes(output.bytes)}).`;
    case "show_artifact": {
      const text = output.content ?? "";
      const shown = text.length > ARTIFACT_LIMITS.shownCharacters ? `${text.slice(0, ARTIFACT_LIMITS.shownCharacters)}\n[… cut: the text is ${text.length} characters; the first ${ARTIFACT_LIMITS.shownCharacters} are shown]` : text;
      return `${path} (${kind}, version ${version}) is now shown in the Artifacts panel. Its current text, between the markers:\n<<<ARTIFACT\n${shown}\nARTIFACT>>>`;
    }
  }
}

function modelOutput(name: "write_file" | "edit_file" | "show_artifact") {
  return ({ output }: { output: ArtifactToolResult }) =>
    output.ok ? { type: "text" as const, value: successText(name, output) } : { type: "error-text" as const, value: output.error };
}

/** Runs the tasks given to it one after another, in the order they were given. */
function inOrder(): (task: () => Promise<ArtifactToolResult>) => Promise<ArtifactToolResult> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => {});
    return run;
  };
}

/** The three AI SDK tools for one reply; pass them to `streamText` beside `render_ui`. */
export function artifactReplyTools(scope: ArtifactScope): { write_file: Tool<WriteFileInput, ArtifactToolResult>; edit_file: Tool<EditFileInput, ArtifactToolResult>; show_artifact: Tool<ShowArtifactInput, ArtifactToolResult> } {
  const definitions = ARTIFACT_TOOL_DEFINITIONS;
  const queue = inOrder();
  return {
    write_file: tool({
      description: definitions.write_file.description,
      inputSchema: toolInputSchema(definitions.write_file.inputSchema),
      execute: (input) => queue(() => writeArtifactFile(scope, input)),
      toModelOutput: modelOutput("write_file"),
    }),
    edit_file: tool({
      description: definitions.edit_file.description,
      inputSchema: toolInputSchema(definitions.edit_file.inputSchema),
      execute: (input) => queue(() => editArtifactFile(scope, input)),
      toModelOutput: modelOutput("edit_file"),
    }),
    show_artifact: tool({
      description: definitions.show_artifact.description,
      inputSchema: toolInputSchema(definitions.show_artifact.inputSchema),
      execute: (input) => queue(() => showArtifact(scope, input)),
      toModelOutput: modelOutput("show_artifact"),
    }),
  };
}

/** What a reply needs for artifacts: the tools, and the system prompt's section listing the chat's artifacts as they stand. */
export async function artifactReplyKit(
  scope: ArtifactScope,
  options: { detail?: "full" | "compact" } = {},
): Promise<{ tools: ReturnType<typeof artifactReplyTools>; guide: string }> {
  const existing = await listArtifacts({ userId: scope.userId, chatId: scope.chatId });
  const listed: GuideArtifact[] = existing.map((artifact) => ({
    path: artifact.path,
    kind: ArtifactKindSchema.catch("text").parse(artifact.kind),
    version: artifact.latestVersion,
    bytes: artifact.sizeBytes,
  }));
  return { tools: artifactReplyTools(scope), guide: artifactsGuideText(listed, options.detail ? { detail: options.detail } : {}) };
}
