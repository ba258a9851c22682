/**
 * A server process to kill (chat-crash.postgres.test.ts): a chat core on the
 * database `DATABASE_URL` names, with the replay model, that sends one
 * prompt for `CRASH_USER_ID` and reports on stdout, one JSON line each, the
 * turn's ids and every checkpoint of its reply's text it sees stored. The
 * test kills it with SIGKILL while the reply streams. Run with
 * `node --import ./lib/chat/testing/server-only-stub.mjs --import tsx`.
 */
import { eq } from "drizzle-orm";
import { getDatabase } from "@/db/client";
import { replyCheckpoints } from "@/db/schema";
import { createModelRegistry } from "@/lib/models/registry";
import { createReplayModel } from "@/lib/models/replay/replay-language-model";
import { MemoryChatBus } from "../bus/memory-chat-bus";
import { ChatCore } from "../core/chat-core";

/** How often the process reads back its reply's checkpoint to report it. */
const REPORT_MS = 50;

const userId = process.env.CRASH_USER_ID;
const prompt = process.env.CRASH_PROMPT;
if (!userId || !prompt) throw new Error("CRASH_USER_ID and CRASH_PROMPT are required");

const leaseMs = Number(process.env.CRASH_LEASE_MS ?? 1_000);
const registry = createModelRegistry({ environment: {}, replay: createReplayModel() });
const core = new ChatCore({
  bus: new MemoryChatBus(),
  models: { defaultModelId: registry.defaultModelId, getModel: (id) => registry.getModel(id) },
  replyLease: { durationMs: leaseMs, renewMs: leaseMs / 4 },
  checkpointMs: Number(process.env.CRASH_CHECKPOINT_MS ?? 100),
});
const sent = await core.sendMessage({ userId, role: "user", isGuest: false, name: "Crash" }, { prompt, modelId: registry.defaultModelId });
console.log(JSON.stringify({ type: "sent", chatId: sent.chat.id, promptId: sent.userMessageId, replyId: sent.replyMessageId }));
const database = await getDatabase();
setInterval(() => {
  void database
    .select({ text: replyCheckpoints.text })
    .from(replyCheckpoints)
    .where(eq(replyCheckpoints.messageId, sent.replyMessageId))
    .then(([row]) => {
      if (row) console.log(JSON.stringify({ type: "checkpoint", length: row.text.length }));
    });
}, REPORT_MS);
