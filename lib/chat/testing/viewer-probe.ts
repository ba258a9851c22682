/**
 * The process suites' side of lib/chat/testing/viewer-probe-preload.mjs: the Node
 * arguments that load it into a server, and a read of the server's viewer
 * counts. Test-only.
 */
import path from "node:path";
import type { BenchServer } from "../bench/bench-server";

/** Node arguments that load the probe into a server (startBenchServer's `nodeArguments`). */
export const VIEWER_PROBE_ARGUMENTS: readonly string[] = ["--import", path.join(import.meta.dirname, "viewer-probe-preload.mjs")];

/** Milliseconds a server may take to answer the probe. */
const PROBE_TIMEOUT_MS = 10_000;

/** Viewers per chat the server's hub holds now (a chat without viewers is absent). */
export async function viewerCounts(server: BenchServer): Promise<Record<string, number>> {
  const asked = (server.output().match(/^viewer-probe \d+ /gm) ?? []).length + 1;
  process.kill(server.pid, "SIGUSR2");
  const deadline = Date.now() + PROBE_TIMEOUT_MS;
  for (;;) {
    const line = new RegExp(`^viewer-probe ${asked} (.*)$`, "m").exec(server.output());
    if (line) {
      const counts = JSON.parse(line[1]!) as Record<string, number> | null;
      if (counts === null) throw new Error("the viewer probe found no chat hub in the server");
      return counts;
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer viewer probe ${asked}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls the server until the chat has `count` viewers there; throws with the last count after `timeoutMs`. */
export async function untilViewers(server: BenchServer, chatId: string, count: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = (await viewerCounts(server))[chatId] ?? 0;
    if (now === count) return;
    if (Date.now() > deadline) throw new Error(`chat ${chatId} has ${now} viewers on ${server.baseUrl}, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
