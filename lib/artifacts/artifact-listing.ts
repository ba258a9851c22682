/**
 * What the artifact routes answer, as zod schemas shared by the route
 * handlers and the browser (which parses every answer before drawing it):
 * the chat's artifacts with their newest version, and one artifact with the
 * list of its versions. Text travels separately, as the exact bytes of one
 * version (`artifact-responses.ts`).
 */
import { z } from "zod";
import { ArtifactKindSchema } from "./artifact-kind";
import { ARTIFACT_LIMITS } from "./limits";

/** ISO 8601 timestamp string. */
const TimestampSchema = z.string().max(40);

/** One artifact of a chat, with its newest version's kind and size. */
export const ArtifactSummarySchema = z.object({
  artifactId: z.string().max(100),
  path: z.string().max(ARTIFACT_LIMITS.pathLength),
  kind: ArtifactKindSchema,
  latestVersion: z.number().int().positive(),
  sizeBytes: z.number().int().nonnegative(),
  updatedAt: TimestampSchema,
});
/** One artifact of a chat. */
export type ArtifactSummary = z.infer<typeof ArtifactSummarySchema>;

/** `GET /api/chats/[id]/artifacts`. */
export const ArtifactListSchema = z.object({ artifacts: z.array(ArtifactSummarySchema).max(ARTIFACT_LIMITS.artifactsPerChat) });
/** `GET /api/chats/[id]/artifacts`. */
export type ArtifactList = z.infer<typeof ArtifactListSchema>;

/** One version, without its text. */
export const ArtifactVersionInfoSchema = z.object({
  version: z.number().int().positive(),
  kind: ArtifactKindSchema,
  sizeBytes: z.number().int().nonnegative(),
  /** The reply that wrote it (whose chip opens it). */
  messageId: z.string().max(100),
  tool: z.enum(["write_file", "edit_file"]),
  createdAt: TimestampSchema,
});
/** One version, without its text. */
export type ArtifactVersionInfo = z.infer<typeof ArtifactVersionInfoSchema>;

/** `GET /api/chats/[id]/artifacts/[artifactId]`. */
export const ArtifactDetailSchema = z.object({
  artifact: ArtifactSummarySchema,
  versions: z.array(ArtifactVersionInfoSchema).min(1).max(ARTIFACT_LIMITS.versionsPerArtifact),
});
/** `GET /api/chats/[id]/artifacts/[artifactId]`. */
export type ArtifactDetail = z.infer<typeof ArtifactDetailSchema>;

/** The app paths of an artifact's routes (the browser builds its requests and links with these). */
export const artifactPaths = {
  list: (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/artifacts`,
  detail: (chatId: string, artifactId: string) => `${artifactPaths.list(chatId)}/${encodeURIComponent(artifactId)}`,
  content: (chatId: string, artifactId: string, version: number) => `${artifactPaths.detail(chatId, artifactId)}/versions/${version}/content`,
  page: (chatId: string, artifactId: string, version: number) => `${artifactPaths.detail(chatId, artifactId)}/versions/${version}/page`,
};
