/**
 * What a model-fit writer session is handed: the system prompt exactly as a
 * web chat's `generateReply` builds it (in full and compact, for a chat with
 * the project's query sources and no artifacts yet), the prompt's hash that
 * names it, and the tools the chat offers with the JSON Schema the model
 * sees. `bench:prompt` measures the same prompts and `bench:model-fit`
 * checks a corpus's hash against them, so all three agree on what "the
 * prompt" is.
 *
 * Server-only (the query sources and the chat's tools are): run with
 * `--conditions=react-server`.
 */
import "server-only";
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { asSchema, type Tool } from "ai";
import { artifactReplyTools } from "@/lib/artifacts/reply-tools";
import { artifactsGuideText } from "@/lib/artifacts/artifacts-guide-text";
import { hostActionReplyTools } from "@/lib/host-actions/reply-tools";
import { PROJECT_QUERY_SCHEMAS } from "@/lib/project/query-sources";
import { projectDataTools } from "@/lib/project/data-tool";
import { RENDER_UI_TOOL_NAME, renderUiTool } from "../render-ui-tool";
import { buildSystemPrompt } from "../system-prompt";
import { PROMPT_DETAILS, type PromptDetail } from "./prompt-detail";

export { PROMPT_DETAILS, type PromptDetail } from "./prompt-detail";

/**
 * Hex digits of the SHA-256 a prompt hash keeps: 64 bits tell prompts apart
 * for a human comparing two manifests, and the hash stays short enough to read.
 */
const PROMPT_HASH_HEX_DIGITS = 16;

/** The system prompt of a web chat over the demo project with no artifacts, as `generateReply` builds it. */
export function benchSystemPrompt(detail: PromptDetail): string {
  return buildSystemPrompt({ detail, querySchemas: PROJECT_QUERY_SCHEMAS, artifactsGuide: artifactsGuideText([], { detail }) });
}

/** `sha256:<16 hex>` of a prompt's text: what a corpus manifest names its prompt by. */
export function promptHash(prompt: string): string {
  return `sha256:${createHash("sha256").update(prompt, "utf8").digest("hex").slice(0, PROMPT_HASH_HEX_DIGITS)}`;
}

/** One tool as the model is offered it. */
export type ChatToolDefinition = { name: string; description: string; inputSchema: unknown };

/** A scope no call is made for: the tools are built only to read their names, descriptions and schemas. */
const UNUSED_SCOPE = { userId: "writer", chatId: "writer", messageId: "writer", replyTo: "writer" } as const;

/**
 * Every tool a web chat's reply offers, in `generateReply`'s order, each with
 * the JSON Schema the AI SDK sends for it. The tools are built by the same
 * factories the chat uses; none is executed.
 */
export async function chatToolDefinitions(): Promise<ChatToolDefinition[]> {
  const tools: Record<string, Tool> = {
    [RENDER_UI_TOOL_NAME]: renderUiTool as Tool,
    ...(artifactReplyTools(UNUSED_SCOPE) as Record<string, Tool>),
    ...(projectDataTools(UNUSED_SCOPE) as Record<string, Tool>),
    ...(hostActionReplyTools({ ...UNUSED_SCOPE, thread: [] }) as Record<string, Tool>),
  };
  const definitions: ChatToolDefinition[] = [];
  for (const [name, tool] of Object.entries(tools)) {
    const inputSchema = tool.inputSchema === undefined ? {} : await asSchema(tool.inputSchema).jsonSchema;
    definitions.push({ name, description: tool.description ?? "", inputSchema });
  }
  return definitions;
}

/** What `writeWriterKit` wrote, for the caller to print. */
export type WriterKit = { directory: string; files: string[]; hashes: Record<PromptDetail, string> };

/**
 * Writes `system-prompt-full.txt`, `system-prompt-compact.txt`, `tools.json`
 * and `prompt-hashes.json` (the hash and date a corpus manifest copies) into
 * `directory`, creating it.
 */
export async function writeWriterKit(directory: string, now: Date = new Date()): Promise<WriterKit> {
  mkdirSync(directory, { recursive: true });
  const files: string[] = [];
  const hashes = {} as Record<PromptDetail, string>;
  const write = (name: string, text: string) => {
    writeFileSync(path.join(directory, name), text, "utf8");
    files.push(name);
  };
  for (const detail of PROMPT_DETAILS) {
    const prompt = benchSystemPrompt(detail);
    hashes[detail] = promptHash(prompt);
    write(`system-prompt-${detail}.txt`, prompt);
  }
  write("tools.json", `${JSON.stringify(await chatToolDefinitions(), null, 2)}\n`);
  write("prompt-hashes.json", `${JSON.stringify({ date: now.toISOString().slice(0, 10), ...hashes }, null, 2)}\n`);
  return { directory, files, hashes };
}
