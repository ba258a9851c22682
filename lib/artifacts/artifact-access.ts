/**
 * The read side of artifacts for the route handlers: each read authorizes
 * through the policy (`authorizeChat`: another user's chat is not found)
 * and then queries scoped by the same owner, so another user's artifact is
 * not found by URL or by route — it reads as `not_found:chat` for a chat
 * that is not theirs, and `not_found:artifact` for an id their chat lacks.
 */
import "server-only";
import { getArtifact, getArtifactVersion, listArtifacts, listArtifactVersions } from "@/db/queries/artifacts";
import type { Artifact } from "@/db/schema";
import { authorizeChat, type Actor } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import { ArtifactKindSchema, type ArtifactKind } from "./artifact-kind";
import type { ArtifactDetail, ArtifactList, ArtifactSummary } from "./artifact-listing";

/** Longest artifact id looked up; ids are UUIDs. */
const MAX_ARTIFACT_ID_LENGTH = 100;

/** Highest version number looked up (far above the cap, below integer overflow). */
const MAX_VERSION_NUMBER = 1_000_000;

function kindOf(kind: string): ArtifactKind {
  return ArtifactKindSchema.catch("text").parse(kind);
}

function summaryOf(artifact: Artifact, kind: string, sizeBytes: number): ArtifactSummary {
  return { artifactId: artifact.id, path: artifact.path, kind: kindOf(kind), latestVersion: artifact.latestVersion, sizeBytes, updatedAt: artifact.updatedAt.toISOString() };
}

function checkedArtifactId(artifactId: string): string {
  if (typeof artifactId !== "string" || artifactId.length === 0 || artifactId.length > MAX_ARTIFACT_ID_LENGTH) {
    throw new AppError("not_found:artifact", { detail: "malformed artifact id" });
  }
  return artifactId;
}

/** A version number from a URL segment: digits only, no leading zero. */
export function parseVersionNumber(segment: string): number {
  const version = /^[1-9][0-9]{0,6}$/.test(segment) ? Number(segment) : Number.NaN;
  if (!Number.isSafeInteger(version) || version > MAX_VERSION_NUMBER) throw new AppError("not_found:artifact", { detail: `malformed version ${segment.slice(0, 20)}` });
  return version;
}

/** The chat's artifacts, for its owner. */
export async function listChatArtifacts(input: { actor: Actor; chatId: string }): Promise<ArtifactList> {
  const chat = await authorizeChat(input.actor, input.chatId, "read");
  const rows = await listArtifacts({ userId: input.actor.userId, chatId: chat.id });
  return { artifacts: rows.map((row) => summaryOf(row, row.kind, row.sizeBytes)) };
}

/** One artifact with its versions, for the chat's owner. */
export async function readArtifactDetail(input: { actor: Actor; chatId: string; artifactId: string }): Promise<ArtifactDetail> {
  const chat = await authorizeChat(input.actor, input.chatId, "read");
  const scope = { userId: input.actor.userId, chatId: chat.id, artifactId: checkedArtifactId(input.artifactId) };
  const artifact = await getArtifact(scope);
  const versions = artifact ? await listArtifactVersions(scope) : [];
  const latest = versions.at(-1);
  if (!artifact || !latest) throw new AppError("not_found:artifact", { detail: `artifact ${scope.artifactId} of chat ${chat.id}` });
  return {
    artifact: summaryOf(artifact, latest.kind, latest.sizeBytes),
    versions: versions.map((version) => ({
      version: version.version,
      kind: kindOf(version.kind),
      sizeBytes: version.sizeBytes,
      messageId: version.messageId,
      tool: version.tool,
      createdAt: version.createdAt.toISOString(),
    })),
  };
}

/** One version's text with its path and kind, for the chat's owner. */
export async function readArtifactVersion(input: {
  actor: Actor;
  chatId: string;
  artifactId: string;
  version: number;
}): Promise<{ path: string; kind: ArtifactKind; content: string }> {
  const chat = await authorizeChat(input.actor, input.chatId, "read");
  const found = await getArtifactVersion({ userId: input.actor.userId, chatId: chat.id, artifactId: checkedArtifactId(input.artifactId), version: input.version });
  if (!found) throw new AppError("not_found:artifact", { detail: `version ${input.version} of artifact ${input.artifactId} of chat ${chat.id}` });
  return { path: found.path, kind: kindOf(found.version.kind), content: found.version.content };
}
