/**
 * A model-fit corpus on disk (`fixtures/model-fit/README.md`): a folder per
 * writer and prompt holding `corpus.json` (who wrote it, from which prompt,
 * when, and the requests) and, per request, the reply text as the model wrote
 * it (`<id>.md`) with its tool calls, if any, beside it (`<id>.tools.json`).
 * Reading one never throws: what is wrong with a corpus is a list of
 * problems, and a corpus with any is not measured.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PROMPT_DETAILS } from "./prompt-detail";

/** A request id: also a file name, so kebab-case letters and digits only. */
const REQUEST_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The manifest's name inside a corpus folder. */
export const CORPUS_MANIFEST = "corpus.json";

/** One request a writer answered. */
export const ModelFitRequestSchema = z.strictObject({
  /** Names the reply file: `<id>.md`. */
  id: z.string().regex(REQUEST_ID_PATTERN, "a request id is 1–64 of a-z, 0-9 and '-', starting with a letter or digit"),
  /** The person's message, as the writer was given it. */
  text: z.string().min(1),
});

/** `corpus.json`. */
export const ModelFitManifestSchema = z.strictObject({
  /** Who wrote the replies: a model and session label, the same across that writer's corpora. */
  writer: z.string().min(1).max(100),
  /** Which system prompt the writer was handed. */
  prompt: z.enum(PROMPT_DETAILS),
  /** When the replies were written (ISO date). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}/, "an ISO date such as 2026-05-01"),
  /** The prompt's hash as `bench:prompt` prints it (`sha256:…`). */
  promptHash: z.string().regex(/^sha256:[0-9a-f]{8,64}$/, "sha256: and hex digits, as bench:prompt prints it"),
  /** Free notes: the model, its settings, anything a reader of the figures should know. */
  notes: z.string().optional(),
  requests: z.array(ModelFitRequestSchema).min(1),
});

/** `corpus.json`, read. */
export type ModelFitManifest = z.infer<typeof ModelFitManifestSchema>;

/** One tool call a reply made, as its sidecar lists it. */
export const ModelFitToolCallSchema = z.strictObject({
  toolName: z.string().min(1),
  input: z.unknown(),
  /** Where in the reply text the call stood (UTF-16 offset); the end when absent. */
  textOffset: z.number().int().nonnegative().optional(),
});

/** One tool call a reply made. */
export type ModelFitToolCall = z.infer<typeof ModelFitToolCallSchema>;

/** One reply of a corpus. */
export type ModelFitReply = { requestId: string; request: string; text: string; tools: ModelFitToolCall[] };

/** A corpus read from disk: its manifest and replies, or what is wrong with it. */
export type ModelFitCorpus = {
  /** The folder's name. */
  name: string;
  directory: string;
  manifest: ModelFitManifest | null;
  replies: ModelFitReply[];
  /** Why the corpus cannot be measured; empty when it can. */
  problems: string[];
};

/** The first issues of a zod error, one line each. */
function issuesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`);
}

/** Parses a JSON file, or says why it could not. */
function readJson(file: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(readFileSync(file, "utf8")) as unknown };
  } catch (caught) {
    return { problem: `${path.basename(file)} is not valid JSON: ${caught instanceof Error ? caught.message : String(caught)}` };
  }
}

/** Reads the corpus in `directory` (see the file comment). */
export function readModelFitCorpus(directory: string): ModelFitCorpus {
  const corpus: ModelFitCorpus = { name: path.basename(directory), directory, manifest: null, replies: [], problems: [] };
  const manifestFile = path.join(directory, CORPUS_MANIFEST);
  if (!existsSync(manifestFile)) {
    corpus.problems.push(`${CORPUS_MANIFEST} is missing`);
    return corpus;
  }
  const json = readJson(manifestFile);
  if ("problem" in json) {
    corpus.problems.push(json.problem);
    return corpus;
  }
  const parsed = ModelFitManifestSchema.safeParse(json.value);
  if (!parsed.success) {
    corpus.problems.push(...issuesOf(parsed.error).map((issue) => `${CORPUS_MANIFEST} ${issue}`));
    return corpus;
  }
  corpus.manifest = parsed.data;
  const seen = new Set<string>();
  for (const request of parsed.data.requests) {
    if (seen.has(request.id)) corpus.problems.push(`request ${request.id} is listed twice`);
    seen.add(request.id);
    const replyFile = path.join(directory, `${request.id}.md`);
    if (!existsSync(replyFile)) {
      corpus.problems.push(`${request.id}.md is missing (every listed request has a reply)`);
      continue;
    }
    const reply: ModelFitReply = { requestId: request.id, request: request.text, text: readFileSync(replyFile, "utf8"), tools: [] };
    const toolsFile = path.join(directory, `${request.id}.tools.json`);
    if (existsSync(toolsFile)) {
      const tools = readJson(toolsFile);
      if ("problem" in tools) corpus.problems.push(tools.problem);
      else {
        const calls = z.array(ModelFitToolCallSchema).safeParse(tools.value);
        if (calls.success) reply.tools = calls.data;
        else corpus.problems.push(...issuesOf(calls.error).map((issue) => `${request.id}.tools.json ${issue}`));
      }
    }
    corpus.replies.push(reply);
  }
  const listed = new Set(parsed.data.requests.map((request) => request.id));
  for (const file of readdirSync(directory).sort()) {
    const id = file.replace(/\.tools\.json$|\.md$/, "");
    if (id !== file && !listed.has(id)) corpus.problems.push(`${file} answers no request listed in ${CORPUS_MANIFEST}`);
  }
  return corpus;
}

/** Every corpus under `root` (each sub-folder with a manifest, or without one: that is a problem to report), by name. */
export function readModelFitCorpora(root: string): ModelFitCorpus[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .sort()
    .map((name) => path.join(root, name))
    .filter((entry) => statSync(entry).isDirectory())
    .map(readModelFitCorpus);
}
