/**
 * What a reply keeps of an artifact tool call: a card drawn as a chip where
 * the call happened in the text, naming the version it wrote (or, for
 * `show_artifact`, the version it showed), or the error the model was shown.
 * The text itself is never in the card: it lives in the artifact's versions.
 * Shared by server and browser (zod only); `lib/chat/wire.ts` makes it one
 * of a reply's tool cards.
 */
import { z } from "zod";
import { ArtifactKindSchema } from "./artifact-kind";
import { ArtifactToolNameSchema, isArtifactToolName, type ArtifactToolName } from "./artifact-tools";
import { ARTIFACT_LIMITS } from "./limits";

/** Characters of a path a card keeps: a valid one whole, an invalid one cut (it is only shown). */
const CARD_PATH_LENGTH = ARTIFACT_LIMITS.pathLength + 80;

/** Characters of an error a card keeps, as a render_ui card does. */
const CARD_ERROR_LENGTH = 4_000;

/** One version of one artifact, as cards, routes and the panel name it. */
export const ArtifactVersionRefSchema = z.object({
  artifactId: z.string().max(100),
  path: z.string().max(ARTIFACT_LIMITS.pathLength),
  kind: ArtifactKindSchema,
  version: z.number().int().positive(),
});
/** One version of one artifact. */
export type ArtifactVersionRef = z.infer<typeof ArtifactVersionRefSchema>;

/** An artifact tool call and what came of it. */
export const ArtifactCardSchema = z.object({
  /** The tool call id. */
  id: z.string().max(200),
  name: ArtifactToolNameSchema,
  /** Length of the reply text when the call was made: the chip is drawn at that point. */
  textOffset: z.number().int().nonnegative(),
  /** The path the call named, as given (cut when long). */
  path: z.string().max(CARD_PATH_LENGTH),
  /** The version written or shown; null when the call failed. */
  artifact: ArtifactVersionRefSchema.nullable(),
  /** The error the model was shown, when the call failed. */
  error: z.string().max(CARD_ERROR_LENGTH).optional(),
});
/** An artifact tool call and what came of it. */
export type ArtifactCard = z.infer<typeof ArtifactCardSchema>;

/** What an artifact tool returns to the AI SDK (and, through `toModelOutput`, what the model reads). */
export type ArtifactToolResult =
  | {
      ok: true;
      artifact: ArtifactVersionRef;
      /** UTF-8 size of the version. */
      bytes: number;
      /** For `write_file`: true when the call created the artifact. */
      created?: boolean;
      /** For `show_artifact`: the text, for the model to read. */
      content?: string;
    }
  | { ok: false; path: string; error: string };

/** The card of a finished call (the AI SDK's `tool-result` part). */
export function artifactCardOf(input: { id: string; name: ArtifactToolName; textOffset: number; output: ArtifactToolResult }): ArtifactCard {
  const { output } = input;
  if (output.ok) return { id: input.id, name: input.name, textOffset: input.textOffset, path: output.artifact.path, artifact: output.artifact };
  return { id: input.id, name: input.name, textOffset: input.textOffset, path: cut(output.path, CARD_PATH_LENGTH), artifact: null, error: cut(output.error, CARD_ERROR_LENGTH) };
}

/** The card of a call the AI SDK refused or that threw (its `tool-error` part): the input did not match the tool's schema. */
export function artifactErrorCardOf(input: { id: string; name: ArtifactToolName; textOffset: number; input: unknown; error: unknown }): ArtifactCard {
  const path = typeof input.input === "object" && input.input !== null && "path" in input.input && typeof input.input.path === "string" ? input.input.path : "";
  const reason = input.error instanceof Error ? input.error.message : "its input did not match the tool's schema";
  return {
    id: input.id,
    name: input.name,
    textOffset: input.textOffset,
    path: cut(path, CARD_PATH_LENGTH),
    artifact: null,
    error: cut(`The ${input.name} call failed: ${reason}`, CARD_ERROR_LENGTH),
  };
}

function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** The parts of an AI SDK `tool-result` or `tool-error` stream part a card is made from. */
export type ArtifactToolPart =
  | { type: "tool-result"; toolCallId: string; toolName: string; input: unknown; output: unknown }
  | { type: "tool-error"; toolCallId: string; toolName: string; input: unknown; error: unknown };

/** The chip of an artifact tool's stream part, or null when the part is another tool's. */
export function artifactCardOfPart(part: ArtifactToolPart, textOffset: number): ArtifactCard | null {
  if (!isArtifactToolName(part.toolName)) return null;
  const base = { id: part.toolCallId, name: part.toolName, textOffset };
  return part.type === "tool-result"
    ? artifactCardOf({ ...base, output: part.output as ArtifactToolResult })
    : artifactErrorCardOf({ ...base, input: part.input, error: part.error });
}
