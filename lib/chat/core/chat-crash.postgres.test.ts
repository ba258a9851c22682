/**
 * A server killed mid-reply loses nothing that was shown: a real process
 * (lib/chat/testing/checkpointing-process.ts) streams a reply on Postgres and
 * is killed with SIGKILL once its text has been checkpointed; another chat
 * core on the same database then stores the reply as interrupted, with the
 * checkpointed text, frees the chat's lease, and the chat takes a new prompt.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { getDatabase } = await import("@/db/client");
const { chats, messages, replyCheckpoints } = await import("@/db/schema");
const { MemoryChatBus } = await import("../bus/memory-chat-bus");
const { REPLY_INTERRUPTED_MESSAGE } = await import("../turn/reply-checkpoint");
const { createTestActor, createTestChatCore, openTestDatabase } = await import("../testing/chat-test-setup");

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
/** The killed process's lease: short, so the test need not wait out the real 30 seconds. */
const LEASE_MS = 1_000;

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase("postgres");
}, 60_000);

afterAll(async () => {
  await database.release();
});

type Report = { type: "sent"; chatId: string; promptId: string; replyId: string } | { type: "checkpoint"; length: number };

describe("a server killed while a reply streams", () => {
  it("leaves the checkpointed text, which the next instance stores as an interrupted reply, and frees the chat", async () => {
    const actor = await createTestActor("Crash");
    const child = spawn(process.execPath, ["--import", "./lib/chat/testing/server-only-stub.mjs", "--import", "tsx", "lib/chat/testing/checkpointing-process.ts"], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: database.url ?? "",
        CRASH_USER_ID: actor.userId,
        // Four seconds before the first words, then 200 characters, then a two-second stall: killed in the stall.
        CRASH_PROMPT: "/replay slow-reply",
        CRASH_LEASE_MS: String(LEASE_MS),
        CRASH_CHECKPOINT_MS: "100",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    let sent: Extract<Report, { type: "sent" }> | undefined;
    let checkpointed = 0;
    for await (const line of createInterface({ input: child.stdout! })) {
      const report = JSON.parse(line) as Report;
      if (report.type === "sent") sent = report;
      else checkpointed = report.length;
      if (checkpointed > 0) break;
    }
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    expect(sent).toBeDefined();
    const { chatId, promptId, replyId } = sent!;
    const db = await getDatabase();

    // Killed: the thread holds the prompt alone, the checkpoint the text, and the chat is still leased to the dead reply.
    expect((await db.select().from(messages).where(eq(messages.chatId, chatId))).map((row) => row.id)).toEqual([promptId]);
    const [checkpoint] = await db.select().from(replyCheckpoints).where(eq(replyCheckpoints.messageId, replyId));
    expect(checkpoint!.text.length).toBeGreaterThanOrEqual(checkpointed);
    const [leased] = await db.select().from(chats).where(eq(chats.id, chatId));
    expect(leased!.replyLeaseHolder).toBe(replyId);

    const { core, modelId } = createTestChatCore({ bus: new MemoryChatBus() });
    try {
      // While the dead reply's lease has not run out, the sweep leaves it alone: its process might still be alive.
      expect(await core.recoverInterrupted()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 200));
      expect(await core.recoverInterrupted()).toBe(1);
      expect(await core.recoverInterrupted()).toBe(0);

      const rows = await db.select().from(messages).where(eq(messages.chatId, chatId));
      const reply = rows.find((row) => row.id === replyId);
      expect(reply).toMatchObject({ role: "assistant", status: "error", error: REPLY_INTERRUPTED_MESSAGE, parentId: promptId, text: checkpoint!.text });
      expect(await db.select().from(replyCheckpoints).where(eq(replyCheckpoints.messageId, replyId))).toEqual([]);
      const [freed] = await db.select().from(chats).where(eq(chats.id, chatId));
      expect([freed!.replyLeaseHolder, freed!.replyLeaseUntil]).toEqual([null, null]);

      // The chat takes a prompt again, and its snapshot shows the interrupted reply, not a reply still streaming.
      const snapshot = await core.getChatSnapshot(actor, chatId);
      expect(snapshot.live).toBeNull();
      expect(snapshot.messages.map((message) => message.id)).toEqual([promptId, replyId]);
      await core.sendMessage(actor, { chatId, prompt: "Hello again", modelId });
      await core.idle();
    } finally {
      await core.close();
    }
  }, 60_000);
});
