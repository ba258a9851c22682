/**
 * One comparison run on a bench server, measured the way `bench:chat`
 * measures a chat: the server's CPU from just before the run is asked for
 * until every pane's reply and metrics are stored, while each pane has a
 * viewer — an SSE watcher per pane channel (this process rebuilding each
 * reply from its deltas and checking it against the stored one), or one
 * browser tab on the run's page, which watches every pane.
 */
import type { BenchSession } from "@/lib/chat/bench/bench-client";
import type { BenchServer } from "@/lib/chat/bench/bench-server";
import type { BenchBrowser } from "@/lib/chat/bench/browser-watchers";
import { REPLY_TIMEOUT_MS, type ViewerKind } from "@/lib/chat/bench/huge-reply-run";
import { processTreeCpuMs } from "@/lib/chat/bench/process-cpu-time";
import { openSseWatcher, type SseWatcher, type WatcherReport } from "@/lib/chat/bench/sse-watcher";
import { fetchBenchCompareView, isRunSettled, paneEventsPath, startBenchCompareRun, storedReplyOf, type BenchCompareView, type CompareActionIds } from "./compare-bench-client";
import type { PaneOutcome } from "./compare-figures";

/** Milliseconds between looks at the run's view once its panes may have ended (each look loads every pane's snapshot, so it is not done sooner). */
const SETTLED_POLL_MS = 500;

/** What one run measured. */
export type CompareRunResult = {
  runId: string;
  startSpreadMs: number | null;
  panes: PaneOutcome[];
  serverCpuMs: number | null;
  /** Wall-clock milliseconds the CPU was measured over. */
  wallMs: number;
  /** The viewers' CPU, as `bench:chat` counts it: the browser's processes, or this process reading the channels. */
  viewerCpuMs: number | null;
  /** What did not arrive whole (a pane that did not complete, a reply of the wrong length, a channel's text unlike its reply's end); empty when all did. */
  problems: string[];
};

function withTimeout<Value>(promise: Promise<Value>, what: string): Promise<Value> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not come within ${REPLY_TIMEOUT_MS} ms`)), REPLY_TIMEOUT_MS)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Waits `quietMs`, then looks at the run's view until it has settled; returns the settled view. */
export async function settledView(session: BenchSession, runId: string, quietMs = 0): Promise<BenchCompareView> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, quietMs)));
  const deadline = Date.now() + REPLY_TIMEOUT_MS;
  for (;;) {
    const view = await fetchBenchCompareView(session, runId);
    if (isRunSettled(view)) return view;
    if (Date.now() > deadline) throw new Error(`run ${runId} did not settle within ${REPLY_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, SETTLED_POLL_MS));
  }
}

/** Runs `prompt` on `models` with a viewer per pane (see the file comment) and measures it. */
export async function runCompareOnce(input: {
  server: BenchServer;
  session: BenchSession;
  actionIds: CompareActionIds;
  browser: BenchBrowser | null;
  kind: ViewerKind;
  prompt: string;
  models: readonly string[];
  blind: boolean;
  /** The replay pacing's own duration: no pane can be stored sooner, so the view is not asked for before. */
  pacingMs: number;
  /**
   * Wait for every pane's reply to end on its channel and check its text
   * (default true); a warm-up's short replies may end before the watchers
   * connect, so it only opens them.
   */
  awaitChannels?: boolean;
  /** The stored reply's length each pane must have (a blind run's masks keep the length of what they hide); null to skip the check. */
  expectedCharacters: number | null;
}): Promise<CompareRunResult> {
  const { session } = input;
  // The server and the browser are both this process's children: the browser's share is the tree's less the server's and ours.
  const cpuBefore = processTreeCpuMs(input.server.pid);
  const treeBefore = processTreeCpuMs(process.pid);
  const ownBefore = process.cpuUsage();
  const sentAt = Date.now();
  const sentAtMonotonic = performance.now();
  const runId = await startBenchCompareRun({ session, actionIds: input.actionIds, prompt: input.prompt, models: input.models, blind: input.blind });
  // The pane ids come with the view; the run's page has them from its own render.
  const started = await fetchBenchCompareView(session, runId);
  const channelPaths = started.panes.map((pane) => paneEventsPath(runId, pane.id));
  const watchers: SseWatcher[] = [];
  let reports: WatcherReport[] = [];
  try {
    if (input.kind === "sse") {
      for (const [index, pane] of started.panes.entries()) watchers.push(await openSseWatcher({ ...session, chatId: pane.id, eventsPath: channelPaths[index] as string }));
      if (input.awaitChannels !== false) reports = await Promise.all(watchers.map((watcher, index) => withTimeout(watcher.nextReplyEnd(), `pane ${started.panes[index]?.label ?? index}'s reply end`)));
    } else {
      if (!input.browser) throw new Error("a browser viewer needs the bench's browser");
      await input.browser.watchPage(`/compare/${encodeURIComponent(runId)}`, channelPaths);
    }
    const view = await settledView(session, runId, input.pacingMs - (performance.now() - sentAtMonotonic));
    const cpuAfter = processTreeCpuMs(input.server.pid);
    const treeAfter = processTreeCpuMs(process.pid);
    const ownMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(ownBefore));
    const wallMs = performance.now() - sentAtMonotonic;
    const serverCpuMs = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
    const viewerCpuMs =
      input.kind === "sse" ? ownMs : treeBefore !== null && treeAfter !== null && serverCpuMs !== null ? treeAfter - treeBefore - serverCpuMs - ownMs : null;
    // Reported with the figures rather than thrown, so a run that went wrong still shows what it measured.
    const problems: string[] = [];
    reports.forEach((report, index) => {
      const label = started.panes[index]?.label ?? String(index);
      if (report.rebuiltText !== report.storedText) {
        problems.push(`pane ${label}'s text rebuilt from its channel (${report.rebuiltText.length} characters) differs from its reply's end (${report.storedText.length})`);
      }
    });
    const panes = view.panes.map((pane): PaneOutcome => {
      if (pane.status !== "complete") problems.push(`pane ${pane.label} ended ${pane.status}`);
      const reply = storedReplyOf(pane);
      if (!reply) problems.push(`pane ${pane.label} has no stored reply`);
      else if (input.expectedCharacters !== null && reply.text.length !== input.expectedCharacters) {
        problems.push(`pane ${pane.label}'s stored reply has ${reply.text.length} characters, not ${input.expectedCharacters}`);
      }
      return {
        label: pane.label,
        startOffsetMs: pane.startOffsetMs,
        firstTokenMs: pane.metrics?.firstTokenMs ?? null,
        firstBlockMs: pane.metrics?.firstBlockMs ?? null,
        finalMs: pane.metrics?.finalMs ?? null,
        storedMs: reply ? Date.parse(reply.createdAt) - sentAt : null,
      };
    });
    return { runId, startSpreadMs: view.startSpreadMs, panes, serverCpuMs, wallMs, viewerCpuMs, problems };
  } finally {
    for (const watcher of watchers) watcher.close();
    await input.browser?.closeTabs();
  }
}
