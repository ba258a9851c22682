/**
 * Test support for the project model: the process database on a fresh
 * PGlite or Postgres database (lib/chat's `openTestDatabase`), people as real
 * user rows, and chats holding stored replies whose ```ui blocks are compiled
 * with the project's query sources — or hand-made, to store what the
 * compiler would never produce. Test-only.
 */
import { eq } from "drizzle-orm";
import { getDatabase } from "@/db/client";
import { appendMessage } from "@/db/queries/messages";
import { createChat } from "@/db/queries/chats";
import { seedProject, type ProjectSeed } from "@/db/queries/project-seed";
import { chats, type JsonValue } from "@/db/schema";
import type { Actor } from "@/lib/auth/policy";
import { compileUi } from "@/lib/ui/compile/compile-ui";
import type { UiBlock } from "@/lib/ui/envelope/schema";
import { PROJECT_QUERY_SCHEMAS } from "../query-sources";

export { createTestActor, openTestDatabase, type TestDatabaseHandle, type TestDatabaseKind } from "@/lib/chat/testing/chat-test-setup";

/** Both databases, for `describe.each`. */
export const TEST_DATABASE_KINDS = ["pglite", "postgres"] as const;

/** A compile clock that never moves: a busy test machine cannot trip the compile budget. */
const STILL_CLOCK = () => 0;

/** A chat with one stored reply, and the reply's blocks. */
export type StoredReplyFixture = { chatId: string; messageId: string; blocks: UiBlock[] };

/** Compiles a reply the way the chat core stores it (final, with the project's query sources and revision 1). */
export function compileStoredBlocks(messageId: string, text: string): UiBlock[] {
  return compileUi(text, { id: messageId, final: true, querySchemas: PROJECT_QUERY_SCHEMAS, now: STILL_CLOCK }).map((block) => ({ ...block, revision: 1 }));
}

/** Creates a chat for `actor` (in the demo project unless `projectId` says otherwise) holding one reply. */
export async function createChatWithReply(
  actor: Actor,
  reply: { text: string; blocks?: UiBlock[] },
  options: { projectId?: string } = {},
): Promise<StoredReplyFixture> {
  const chat = await createChat({ userId: actor.userId, title: "Project test", modelId: "replay:default" });
  if (options.projectId !== undefined) await moveChatToProject(chat.id, options.projectId);
  await appendMessage({ userId: actor.userId, chatId: chat.id, message: { role: "user", text: "Show me" } });
  const messageId = crypto.randomUUID();
  const blocks = reply.blocks ?? compileStoredBlocks(messageId, reply.text);
  const stored = await appendMessage({
    userId: actor.userId,
    chatId: chat.id,
    message: { id: messageId, role: "assistant", text: reply.text, ui: blocks as unknown as JsonValue },
  });
  if (!stored) throw new Error("the reply was not stored");
  return { chatId: chat.id, messageId, blocks };
}

/** Points a chat at another project (no app path does this yet; tests need chats outside the demo project). */
export async function moveChatToProject(chatId: string, projectId: string): Promise<void> {
  await (await getDatabase()).update(chats).set({ projectId }).where(eq(chats.id, chatId));
}

/** A second, closed project with a file, a commit, a diff and a node the demo project does not have. */
export const OTHER_PROJECT_SEED: ProjectSeed = {
  project: { id: "other", name: "Other team's project", description: "Not open to everyone.", defaultBranch: "trunk", openMembership: false },
  files: [{ path: "src/secret.ts", language: "typescript", lineCount: 10, excerpt: "export const secret = 1;", excerptStartLine: 1 }],
  commits: [
    {
      sha: "5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e",
      branch: "trunk",
      title: "Add the secret",
      body: "",
      author: "Someone Else",
      committedAt: new Date("2026-11-01T00:00:00Z"),
      files: ["src/secret.ts"],
    },
  ],
  diffs: [{ id: "secret", path: "src/secret.ts", base: "trunk", head: "feature", summary: "Adds it.", hunks: "+export const secret = 1;", additions: 1, deletions: 0 }],
  nodes: [{ ref: "service:secret-api", kind: "service", title: "Secret API", description: "" }],
  testRuns: [{ branch: "trunk", runNumber: 7, name: "secret › stays secret", suite: "secret", ms: 5, failed: false, finishedAt: new Date("2026-11-01T00:00:00Z") }],
  digest: "other-project-v1",
};

/** Seeds `OTHER_PROJECT_SEED` into the process database. */
export async function seedOtherProject(): Promise<void> {
  await seedProject({ seed: OTHER_PROJECT_SEED });
}
