/**
 * Artifact queries; every one is scoped by the chat owner's user id (the
 * artifact's chat must be theirs), so another user's artifact is simply not
 * found. Writing a version takes the chat's row lock first: the artifact
 * tools of one reply may run at once (the AI SDK executes a step's calls
 * together), and the caps on artifacts, versions and bytes must hold however
 * their writes interleave.
 */
import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { artifacts, artifactVersions, chats, type Artifact, type ArtifactVersion, type ArtifactVersionTool } from "../schema";
import { runQuery, type QueryOptions } from "./run-query";

/** A version without its text: what lists and caps need. */
export type ArtifactVersionInfo = Omit<ArtifactVersion, "content">;

/** An artifact with its newest version's kind and size. */
export type ArtifactSummaryRow = Artifact & { kind: string; sizeBytes: number };

/** The caps a write is checked against (lib/artifacts/limits.ts holds the numbers). */
export type ArtifactCaps = { artifactsPerChat: number; versionsPerArtifact: number; chatBytes: number };

/** What `storeArtifactVersion` did. */
export type StoreArtifactVersionResult =
  | { kind: "stored"; artifact: Artifact; version: ArtifactVersionInfo; created: boolean }
  /** The chat does not exist or is not theirs. */
  | { kind: "chat-missing" }
  /** An edit named an artifact the chat does not have. */
  | { kind: "artifact-missing" }
  /** An edit was made against a version that is no longer the newest (another call wrote in between). */
  | { kind: "version-moved"; latestVersion: number }
  | { kind: "too-many-artifacts"; count: number }
  | { kind: "too-many-versions"; count: number }
  | { kind: "chat-full"; usedBytes: number };

const versionInfoColumns = {
  artifactId: artifactVersions.artifactId,
  version: artifactVersions.version,
  kind: artifactVersions.kind,
  sizeBytes: artifactVersions.sizeBytes,
  messageId: artifactVersions.messageId,
  tool: artifactVersions.tool,
  createdAt: artifactVersions.createdAt,
};

/**
 * Writes the next version of the artifact at `path` in a user's chat,
 * creating the artifact when it has none — or, with `expectedVersion` (an
 * edit), only when that is still its newest version. Checks every cap under
 * the chat's row lock and writes nothing when one is reached.
 */
export function storeArtifactVersion(
  input: QueryOptions & {
    userId: string;
    chatId: string;
    path: string;
    kind: string;
    content: string;
    sizeBytes: number;
    messageId: string;
    tool: ArtifactVersionTool;
    expectedVersion?: number;
    caps: ArtifactCaps;
  },
): Promise<StoreArtifactVersionResult> {
  return runQuery("storeArtifactVersion", input, (database) =>
    database.transaction(async (transaction): Promise<StoreArtifactVersionResult> => {
      const [chat] = await transaction
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.id, input.chatId), eq(chats.userId, input.userId)))
        .for("update");
      if (!chat) return { kind: "chat-missing" };
      const [existing] = await transaction
        .select()
        .from(artifacts)
        .where(and(eq(artifacts.chatId, input.chatId), eq(artifacts.path, input.path)))
        .limit(1);
      if (input.expectedVersion !== undefined) {
        if (!existing) return { kind: "artifact-missing" };
        if (existing.latestVersion !== input.expectedVersion) return { kind: "version-moved", latestVersion: existing.latestVersion };
      }
      if (!existing) {
        const [counted] = await transaction.select({ count: sql<number>`count(*)::integer` }).from(artifacts).where(eq(artifacts.chatId, input.chatId));
        const count = counted?.count ?? 0;
        if (count >= input.caps.artifactsPerChat) return { kind: "too-many-artifacts", count };
      } else if (existing.latestVersion >= input.caps.versionsPerArtifact) {
        return { kind: "too-many-versions", count: existing.latestVersion };
      }
      const [used] = await transaction
        .select({ bytes: sql<number>`coalesce(sum(${artifactVersions.sizeBytes}), 0)::bigint` })
        .from(artifactVersions)
        .innerJoin(artifacts, eq(artifacts.id, artifactVersions.artifactId))
        .where(eq(artifacts.chatId, input.chatId));
      const usedBytes = Number(used?.bytes ?? 0);
      if (usedBytes + input.sizeBytes > input.caps.chatBytes) return { kind: "chat-full", usedBytes };

      const version = (existing?.latestVersion ?? 0) + 1;
      const [artifact] = existing
        ? await transaction
            .update(artifacts)
            .set({ latestVersion: version, updatedAt: sql`now()` })
            .where(eq(artifacts.id, existing.id))
            .returning()
        : await transaction
            .insert(artifacts)
            .values({ id: crypto.randomUUID(), chatId: input.chatId, path: input.path, latestVersion: version })
            .returning();
      if (!artifact) throw new Error("writing the artifact returned no row");
      const [written] = await transaction
        .insert(artifactVersions)
        .values({
          artifactId: artifact.id,
          version,
          kind: input.kind,
          content: input.content,
          sizeBytes: input.sizeBytes,
          messageId: input.messageId,
          tool: input.tool,
        })
        .returning(versionInfoColumns);
      if (!written) throw new Error("writing the artifact version returned no row");
      return { kind: "stored", artifact, version: written, created: !existing };
    }),
  );
}

/** Every artifact of a user's chat with its newest version's kind and size, oldest first; empty when the chat is not theirs. */
export function listArtifacts(input: QueryOptions & { userId: string; chatId: string }): Promise<ArtifactSummaryRow[]> {
  return runQuery("listArtifacts", input, async (database) => {
    const rows = await database
      .select({ artifact: artifacts, kind: artifactVersions.kind, sizeBytes: artifactVersions.sizeBytes })
      .from(artifacts)
      .innerJoin(chats, eq(chats.id, artifacts.chatId))
      .innerJoin(artifactVersions, and(eq(artifactVersions.artifactId, artifacts.id), eq(artifactVersions.version, artifacts.latestVersion)))
      .where(and(eq(artifacts.chatId, input.chatId), eq(chats.userId, input.userId)))
      .orderBy(asc(artifacts.createdAt), asc(artifacts.path));
    return rows.map((row) => ({ ...row.artifact, kind: row.kind, sizeBytes: row.sizeBytes }));
  });
}

/** One artifact of a user's chat, or null when it does not exist or is not theirs. */
export function getArtifact(input: QueryOptions & { userId: string; chatId: string; artifactId: string }): Promise<Artifact | null> {
  return runQuery("getArtifact", input, async (database) => {
    const [row] = await database
      .select({ artifact: artifacts })
      .from(artifacts)
      .innerJoin(chats, eq(chats.id, artifacts.chatId))
      .where(and(eq(artifacts.id, input.artifactId), eq(artifacts.chatId, input.chatId), eq(chats.userId, input.userId)))
      .limit(1);
    return row?.artifact ?? null;
  });
}

/** Every version of one artifact of a user's chat, without the text, oldest first; empty when it is not theirs. */
export function listArtifactVersions(input: QueryOptions & { userId: string; chatId: string; artifactId: string }): Promise<ArtifactVersionInfo[]> {
  return runQuery("listArtifactVersions", input, (database) =>
    database
      .select(versionInfoColumns)
      .from(artifactVersions)
      .innerJoin(artifacts, eq(artifacts.id, artifactVersions.artifactId))
      .innerJoin(chats, eq(chats.id, artifacts.chatId))
      .where(and(eq(artifactVersions.artifactId, input.artifactId), eq(artifacts.chatId, input.chatId), eq(chats.userId, input.userId)))
      .orderBy(asc(artifactVersions.version)),
  );
}

/** The artifact at `path` in a user's chat with its newest version's text, or null. */
export function getArtifactByPath(
  input: QueryOptions & { userId: string; chatId: string; path: string },
): Promise<{ artifact: Artifact; version: ArtifactVersion } | null> {
  return runQuery("getArtifactByPath", input, async (database) => {
    const [row] = await database
      .select({ artifact: artifacts, version: artifactVersions })
      .from(artifacts)
      .innerJoin(chats, eq(chats.id, artifacts.chatId))
      .innerJoin(artifactVersions, and(eq(artifactVersions.artifactId, artifacts.id), eq(artifactVersions.version, artifacts.latestVersion)))
      .where(and(eq(artifacts.chatId, input.chatId), eq(artifacts.path, input.path), eq(chats.userId, input.userId)))
      .limit(1);
    return row ?? null;
  });
}

/** One version of one artifact of a user's chat with its text and the artifact's path, or null. */
export function getArtifactVersion(
  input: QueryOptions & { userId: string; chatId: string; artifactId: string; version: number },
): Promise<{ path: string; version: ArtifactVersion } | null> {
  return runQuery("getArtifactVersion", input, async (database) => {
    const [row] = await database
      .select({ path: artifacts.path, version: artifactVersions })
      .from(artifactVersions)
      .innerJoin(artifacts, eq(artifacts.id, artifactVersions.artifactId))
      .innerJoin(chats, eq(chats.id, artifacts.chatId))
      .where(
        and(
          eq(artifactVersions.artifactId, input.artifactId),
          eq(artifactVersions.version, input.version),
          eq(artifacts.chatId, input.chatId),
          eq(chats.userId, input.userId),
        ),
      )
      .limit(1);
    return row ?? null;
  });
}
