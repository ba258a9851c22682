/**
 * One run of the huge reply on a bench server, shared by the benches that
 * measure it (`bench:chat`, and `bench:compare` for its single-chat
 * baseline): the replay pacing's own duration, waiting for a stored reply,
 * and a chat answered with the huge reply while viewers watch, with the
 * server's CPU time over it.
 */
import { REPLAY_MODEL_ID } from "@/lib/models/registry";
import { createReplayModel } from "@/lib/models/replay/replay-language-model";
import { realSleep } from "@/lib/models/replay/replay-sleep";
import { fetchBenchSnapshot, sendBenchPrompt, type BenchSession } from "./bench-client";
import type { BenchServer } from "./bench-server";
import type { BenchBrowser } from "./browser-watchers";
import { processTreeCpuMs } from "./process-cpu-time";
import { openSseWatcher, type SseWatcher, type WatcherReport } from "./sse-watcher";

/** The prompt the replay model answers with the huge reply. */
export const HUGE_PROMPT = "Simulate a huge reply";

/** A small reply that opens each run's chat (viewers join before the huge one starts); the first also warms the server. */
export const WARM_UP_PROMPT = "Show me the build status";

/** Milliseconds between looks for the stored reply (its time comes from the row, so this only adds waiting). */
const STORED_POLL_MS = 500;

/** Longest a reply may take before the bench gives up on it. */
export const REPLY_TIMEOUT_MS = 180_000;


/** How a run's viewers watch: this process reading the channel, or Chromium tabs. */
export type ViewerKind = "sse" | "browser";

/** What one run measured. */
export type RunResult = {
  kind: ViewerKind | "none";
  viewers: number;
  storedMs: number;
  serverCpuMs: number | null;
  /** CPU of the viewers: the browser's processes, or this process reading the channel. */
  viewerCpuMs: number | null;
  /** Channel figures of the first `sse` viewer. */
  channel: { eventsPerSecond: number; textDeltas: number; kilobytesPerSecond: number } | null;
};

/** The huge reply read straight from the replay model at its own pace: the floor any server run stands on. */
export async function replayPacingMs(): Promise<{ milliseconds: number; characters: number; deltas: number }> {
  const replay = createReplayModel({ sleep: realSleep });
  const started = performance.now();
  const result = await replay.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: HUGE_PROMPT }] }] });
  const reader = result.stream.getReader();
  let characters = 0;
  let deltas = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (value.type === "text-delta") {
      characters += value.delta.length;
      deltas += 1;
    }
  }
  return { milliseconds: performance.now() - started, characters, deltas };
}

/**
 * Waits for the reply to be stored; returns its row's creation time (epoch
 * milliseconds). Looks first after `quietMs`: a snapshot carries the live
 * text, and asking for it while nothing can be stored would only load the
 * server being measured.
 */
export async function storedAt(session: BenchSession, chatId: string, messageId: string, quietMs = 0): Promise<{ createdAt: number; text: string }> {
  await new Promise((resolve) => setTimeout(resolve, quietMs));
  const deadline = Date.now() + REPLY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const snapshot = await fetchBenchSnapshot(session, chatId);
    const message = snapshot.messages.find((candidate) => candidate.id === messageId);
    if (message) return { createdAt: Date.parse(message.createdAt), text: message.text };
    await new Promise((resolve) => setTimeout(resolve, STORED_POLL_MS));
  }
  throw new Error(`reply ${messageId} was not stored within ${REPLY_TIMEOUT_MS} ms`);
}

/** Opens a chat, attaches the viewers, then sends the huge prompt and measures until the reply is stored. */
export async function runOnce(input: {
  server: BenchServer;
  session: BenchSession;
  kind: ViewerKind | "none";
  viewers: number;
  browser: BenchBrowser | null;
  expectedCharacters: number;
  /** The replay pacing's own duration: the reply cannot be stored sooner. */
  pacingMs: number;
}): Promise<RunResult> {
  const { session } = input;
  const opened = await sendBenchPrompt({ session, prompt: WARM_UP_PROMPT, modelId: REPLAY_MODEL_ID });
  const chat = opened.chat;
  await storedAt(session, chat.id, opened.replyMessageId);
  const watchers: SseWatcher[] = [];
  if (input.kind === "sse") for (let index = 0; index < input.viewers; index += 1) watchers.push(await openSseWatcher({ ...session, chatId: chat.id }));
  if (input.kind === "browser") await input.browser?.watch(chat.id, input.viewers);
  // The server and the browser are both this process's children: the browser's share is the tree's less the server's and ours.
  const cpuBefore = processTreeCpuMs(input.server.pid);
  const treeBefore = processTreeCpuMs(process.pid);
  const ownBefore = process.cpuUsage();
  const sentAt = Date.now();
  const sentAtMonotonic = performance.now();
  const { replyMessageId: replyId } = await sendBenchPrompt({ session, chatId: chat.id, prompt: HUGE_PROMPT, modelId: REPLAY_MODEL_ID });
  const reports: WatcherReport[] = await Promise.all(watchers.map((watcher) => watcher.replyEnd(replyId)));
  const stored = await storedAt(session, chat.id, replyId, input.pacingMs - (performance.now() - sentAtMonotonic));
  const cpuAfter = processTreeCpuMs(input.server.pid);
  const treeAfter = processTreeCpuMs(process.pid);
  const own = process.cpuUsage(ownBefore);
  for (const watcher of watchers) watcher.close();
  await input.browser?.closeTabs();
  if (stored.text.length !== input.expectedCharacters) throw new Error(`the stored reply has ${stored.text.length} characters, not ${input.expectedCharacters}`);
  for (const report of reports) {
    if (report.rebuiltText !== report.storedText) throw new Error("a viewer's rebuilt text differs from the stored reply");
  }
  const first = reports[0];
  const serverCpuMs = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const seconds = first ? (first.endAt - sentAtMonotonic) / 1000 : 0;
  return {
    kind: input.kind,
    viewers: input.viewers,
    storedMs: stored.createdAt - sentAt,
    serverCpuMs: serverCpuMs,
    viewerCpuMs:
      input.kind === "browser"
        ? treeBefore !== null && treeAfter !== null && serverCpuMs !== null
          ? treeAfter - treeBefore - serverCpuMs - (own.user + own.system) / 1000
          : null
        : input.kind === "sse"
          ? (own.user + own.system) / 1000
          : null,
    channel: first ? { eventsPerSecond: first.events / seconds, textDeltas: first.textDeltas, kilobytesPerSecond: first.bytes / 1024 / seconds } : null,
  };
}
