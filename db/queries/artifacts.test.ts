/**
 * The artifact queries on both databases (a fresh in-memory PGlite and a
 * fresh Postgres database): versions counted per artifact, every read scoped
 * by the chat's owner, the caps checked under the chat's lock (also against
 * writes racing each other), an edit's expected version, and the cascade
 * when the chat goes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { openDatabase, migrateDatabase } = await import("../client");
const { createChat, deleteChat } = await import("./chats");
const { getArtifact, getArtifactByPath, getArtifactVersion, listArtifacts, listArtifactVersions, storeArtifactVersion } = await import("./artifacts");
const { users } = await import("../schema");
const { openTestPostgres } = await import("../open-test-postgres");

type Connection = ReturnType<typeof openDatabase>;
type Database = Connection["database"];

const CAPS = { artifactsPerChat: 3, versionsPerArtifact: 3, chatBytes: 1_000 };

async function openTarget(kind: "PGlite" | "Postgres"): Promise<{ connection: Connection; release: () => Promise<void> }> {
  if (kind === "PGlite") {
    const connection = openDatabase({ dataDir: "memory://" });
    return { connection, release: () => connection.close() };
  }
  return openTestPostgres();
}

describe.each(["PGlite", "Postgres"] as const)("artifact queries on %s", (kind) => {
  let database: Database;
  let release: () => Promise<void>;

  beforeAll(async () => {
    const target = await openTarget(kind);
    await migrateDatabase(target.connection);
    database = target.connection.database;
    release = target.release;
  }, 60_000);
  afterAll(async () => release?.());

  async function personWithChat() {
    const userId = `user-${crypto.randomUUID()}`;
    await database.insert(users).values({ id: userId, name: "Person", email: `${userId}@example.test` });
    const chat = await createChat({ database, userId, title: "Chat", modelId: "replay:default" });
    return { userId, chatId: chat.id };
  }

  function write(scope: { userId: string; chatId: string }, path: string, content: string, extra: { expectedVersion?: number; messageId?: string } = {}) {
    return storeArtifactVersion({
      database,
      ...scope,
      path,
      kind: "markdown",
      content,
      sizeBytes: Buffer.byteLength(content),
      messageId: extra.messageId ?? "reply-1",
      tool: extra.expectedVersion === undefined ? "write_file" : "edit_file",
      caps: CAPS,
      ...(extra.expectedVersion !== undefined ? { expectedVersion: extra.expectedVersion } : {}),
    });
  }

  it("creates an artifact, then counts its versions, keeping each one's exact text", async () => {
    const scope = await personWithChat();
    const first = await write(scope, "report.md", "# Report\n", { messageId: "reply-1" });
    expect(first).toMatchObject({ kind: "stored", created: true, version: { version: 1, sizeBytes: 9, messageId: "reply-1", tool: "write_file" } });
    const second = await write(scope, "report.md", "# Report — ünïcode 🧪\n", { expectedVersion: 1, messageId: "reply-2" });
    expect(second).toMatchObject({ kind: "stored", created: false, version: { version: 2, tool: "edit_file" } });
    if (first.kind !== "stored") return;
    const artifactId = first.artifact.id;
    expect((await listArtifactVersions({ database, ...scope, artifactId })).map((version) => [version.version, version.messageId])).toEqual([
      [1, "reply-1"],
      [2, "reply-2"],
    ]);
    expect((await getArtifactVersion({ database, ...scope, artifactId, version: 1 }))?.version.content).toBe("# Report\n");
    expect((await getArtifactVersion({ database, ...scope, artifactId, version: 2 }))?.version.content).toBe("# Report — ünïcode 🧪\n");
    expect(await getArtifactVersion({ database, ...scope, artifactId, version: 3 })).toBeNull();
    const latest = await getArtifactByPath({ database, ...scope, path: "report.md" });
    expect([latest?.artifact.latestVersion, latest?.version.version, latest?.version.content]).toEqual([2, 2, "# Report — ünïcode 🧪\n"]);
    expect(await listArtifacts({ database, ...scope })).toEqual([expect.objectContaining({ path: "report.md", latestVersion: 2, kind: "markdown", sizeBytes: Buffer.byteLength("# Report — ünïcode 🧪\n") })]);
  });

  it("finds nothing of another user's chat, whichever id is known", async () => {
    const owner = await personWithChat();
    const stranger = await personWithChat();
    const stored = await write(owner, "secret.md", "mine");
    if (stored.kind !== "stored") throw new Error("not stored");
    const artifactId = stored.artifact.id;
    // Their own user id with the owner's chat, and the owner's artifact under their own chat.
    for (const scope of [{ userId: stranger.userId, chatId: owner.chatId }, stranger]) {
      expect(await listArtifacts({ database, ...scope })).toEqual([]);
      expect(await getArtifact({ database, ...scope, artifactId })).toBeNull();
      expect(await listArtifactVersions({ database, ...scope, artifactId })).toEqual([]);
      expect(await getArtifactVersion({ database, ...scope, artifactId, version: 1 })).toBeNull();
      expect(await getArtifactByPath({ database, ...scope, path: "secret.md" })).toBeNull();
    }
    expect(await write({ userId: stranger.userId, chatId: owner.chatId }, "planted.md", "x")).toEqual({ kind: "chat-missing" });
    expect(await listArtifacts({ database, ...owner })).toHaveLength(1);
  });

  it("refuses an edit of a missing artifact or against a version that moved on", async () => {
    const scope = await personWithChat();
    expect(await write(scope, "missing.md", "x", { expectedVersion: 1 })).toEqual({ kind: "artifact-missing" });
    await write(scope, "a.md", "1");
    await write(scope, "a.md", "2");
    expect(await write(scope, "a.md", "stale", { expectedVersion: 1 })).toEqual({ kind: "version-moved", latestVersion: 2 });
    expect((await getArtifactByPath({ database, ...scope, path: "a.md" }))?.version.content).toBe("2");
  });

  it("stops at each cap and writes nothing past it", async () => {
    const scope = await personWithChat();
    for (const path of ["a.md", "b.md", "c.md"]) expect((await write(scope, path, "x")).kind).toBe("stored");
    expect(await write(scope, "d.md", "x")).toEqual({ kind: "too-many-artifacts", count: 3 });
    await write(scope, "a.md", "x");
    await write(scope, "a.md", "x");
    expect(await write(scope, "a.md", "x")).toEqual({ kind: "too-many-versions", count: 3 });
    const big = await personWithChat();
    expect((await write(big, "a.md", "x".repeat(600))).kind).toBe("stored");
    expect(await write(big, "b.md", "x".repeat(401))).toEqual({ kind: "chat-full", usedBytes: 600 });
    expect((await write(big, "b.md", "x".repeat(400))).kind).toBe("stored");
    expect((await listArtifacts({ database, ...big })).map((artifact) => artifact.path)).toEqual(["a.md", "b.md"]);
  });

  it("holds the caps and numbers versions without a gap when writes race", async () => {
    const scope = await personWithChat();
    const results = await Promise.all(Array.from({ length: 6 }, (_, index) => write(scope, `race-${index}.md`, "x")));
    expect(results.filter((result) => result.kind === "stored")).toHaveLength(3);
    expect(results.filter((result) => result.kind === "too-many-artifacts")).toHaveLength(3);
    const same = await personWithChat();
    const versions = await Promise.all(Array.from({ length: 3 }, () => write(same, "one.md", "x")));
    expect(versions.map((result) => (result.kind === "stored" ? result.version.version : 0)).sort()).toEqual([1, 2, 3]);
  });

  it("goes with its chat", async () => {
    const scope = await personWithChat();
    const stored = await write(scope, "a.md", "x");
    if (stored.kind !== "stored") throw new Error("not stored");
    expect(await deleteChat({ database, ...scope })).toBe(true);
    const scopeAgain = { userId: scope.userId, chatId: scope.chatId };
    expect(await getArtifact({ database, ...scopeAgain, artifactId: stored.artifact.id })).toBeNull();
  });
});
