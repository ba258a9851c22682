/**
 * The three artifact tools as the model sees them: name, description and
 * zod input schema. One definition feeds the AI SDK tools
 * (`reply-tools.ts`) and the system prompt's section on artifacts
 * (`artifacts-guide-text.ts`), so what the model is told is what the tools take.
 *
 * The schemas accept any string for a path and any text for content: the
 * tools check them with their own rules and answer with a sentence the model
 * can act on, which a schema's generic "invalid input" would not give.
 */
import { z } from "zod";
import { ArtifactEditSchema } from "./apply-edits";
import { ARTIFACT_KINDS, ArtifactKindSchema } from "./artifact-kind";
import { formatBytes } from "./artifact-content";
import { ARTIFACT_LIMITS } from "./limits";

const L = ARTIFACT_LIMITS;

/** The names the model calls, as the GenUI guide names them too. */
export const ARTIFACT_TOOL_NAMES = ["write_file", "edit_file", "show_artifact"] as const;

/** One of the artifact tools. */
export const ArtifactToolNameSchema = z.enum(ARTIFACT_TOOL_NAMES);
/** One of the artifact tools. */
export type ArtifactToolName = z.infer<typeof ArtifactToolNameSchema>;

/** True when a tool name is one of the artifact tools. */
export function isArtifactToolName(name: string): name is ArtifactToolName {
  return (ARTIFACT_TOOL_NAMES as readonly string[]).includes(name);
}

const PathSchema = z
  .string()
  .describe(
    `A name inside this chat, such as \`report.md\` or \`site/index.html\`: relative, at most ${L.pathLength} characters and ${L.pathSegments} parts, no \`..\`, no leading \`/\`.`,
  );

/** `write_file`'s input. */
export const WriteFileInputSchema = z.object({
  path: PathSchema,
  content: z.string().describe(`The whole text of the file (at most ${formatBytes(L.contentBytes)} of UTF-8).`),
  kind: ArtifactKindSchema.optional().describe(`One of ${ARTIFACT_KINDS.join(", ")}; omitted, the path's extension decides.`),
});
/** `write_file`'s input. */
export type WriteFileInput = z.infer<typeof WriteFileInputSchema>;

/** `edit_file`'s input. */
export const EditFileInputSchema = z.object({
  path: PathSchema,
  edits: z.array(ArtifactEditSchema).describe(`Exact replacements applied in order, all or nothing (at most ${L.editsPerCall}).`),
});
/** `edit_file`'s input. */
export type EditFileInput = z.infer<typeof EditFileInputSchema>;

/** `show_artifact`'s input. */
export const ShowArtifactInputSchema = z.object({ path: PathSchema });
/** `show_artifact`'s input. */
export type ShowArtifactInput = z.infer<typeof ShowArtifactInputSchema>;

/** One tool's model-facing definition. */
export type ArtifactToolDefinition = {
  name: ArtifactToolName;
  description: string;
  inputSchema: z.ZodObject;
};

/** The three tools, in the order the guide lists them. */
export const ARTIFACT_TOOL_DEFINITIONS = {
  write_file: {
    name: "write_file",
    description: `Create an artifact of this chat, or replace its whole text with a new version: a deliverable shown in the Artifacts panel beside the conversation, which the person can reopen, compare across versions and download. Input: {path, content, kind?}. Each chat holds at most ${L.artifactsPerChat} artifacts of at most ${formatBytes(L.contentBytes)} each. After calling it, reply briefly: the artifact holds the deliverable, the reply says what it is.`,
    inputSchema: WriteFileInputSchema,
  },
  edit_file: {
    name: "edit_file",
    description: `Change an existing artifact with exact replacements, making a new version: each {find, replace} replaces the one place its \`find\` text occurs, in order. If any \`find\` is missing or occurs more than once, nothing changes and the error says which edit failed. Input: {path, edits}.`,
    inputSchema: EditFileInputSchema,
  },
  show_artifact: {
    name: "show_artifact",
    description: `Bring an artifact of this chat to the front of the Artifacts panel, and read its current text (the first ${L.shownCharacters.toLocaleString("en-US")} characters) — do this before editing an artifact written in an earlier reply. Input: {path}.`,
    inputSchema: ShowArtifactInputSchema,
  },
} as const satisfies Record<ArtifactToolName, ArtifactToolDefinition>;
