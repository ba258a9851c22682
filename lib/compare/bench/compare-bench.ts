/**
 * `npm run bench:compare`: the comparison playground's speed (issue 9,
 * "Speed") on a running production server. Six panes of `replay:default`
 * answer the huge-reply prompt at the recording's own pace while viewers
 * watch, and the bench prints the start spread, each pane's first rendered
 * block and final (the server's pane metrics, from the run's start), and the
 * server's CPU per pane against the same reply answered in a single chat
 * with one viewer of the same kind (`bench:chat`'s run, CPU measured the
 * same way). Targets: start spread under 50 ms; CPU per pane at most 1.2×
 * the single chat's; no pane's final stored more than 2 s after the replay
 * pacing's own duration (the recording read straight from the model).
 *
 * Viewers are `sse` (this process reads every pane's channel, parses each
 * event and rebuilds the text) or `browser` (one Chromium tab on the run's
 * page, which watches every pane). The server is `next start` on a build
 * made beforehand (`NEXT_DIST_DIR`, default `.next`), on a throwaway
 * embedded database or a fresh Postgres database (`--database=postgres`).
 *
 *   npm run bench:compare -- [--viewers=sse,browser] [--panes=6] [--database=pglite|postgres] [--port=3391] [--blind=true] [--profile=<dir>]
 *
 * Exits non-zero when a reply does not arrive whole, or a target is missed
 * (or could not be measured).
 */
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@/db/test-database";
import { readChatActionIds, sendBenchPrompt, signInAsGuest, type BenchSession } from "@/lib/chat/bench/bench-client";
import { startBenchServer } from "@/lib/chat/bench/bench-server";
import { openBenchBrowser, type BenchBrowser } from "@/lib/chat/bench/browser-watchers";
import { HUGE_PROMPT, replayPacingMs, runOnce, storedAt, WARM_UP_PROMPT, type ViewerKind } from "@/lib/chat/bench/huge-reply-run";
import { COMPARE_SLOTS_MAX, COMPARE_SLOTS_MIN } from "@/lib/compare/run/compare-inputs";
import { REPLAY_MODEL_ID } from "@/lib/models/registry";
import { readCompareActionIds } from "./compare-bench-client";
import { compareFigures, formatCompareReport, formatSeconds } from "./compare-figures";
import { runCompareOnce } from "./run-compare-once";

/** The run's page, as the build's app paths manifest names it. */
const COMPARE_PAGE_ENTRY = "/(compare)/compare/[id]/page";

type Options = {
  viewers: ViewerKind[];
  panes: number;
  database: "pglite" | "postgres";
  port: number;
  distDir: string;
  blind: boolean;
  profileDir: string | null;
};

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string) => argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);
  const viewers = (value("viewers") ?? "sse,browser").split(",").filter((kind): kind is ViewerKind => kind === "sse" || kind === "browser");
  const panes = Number(value("panes") ?? COMPARE_SLOTS_MAX);
  if (!Number.isInteger(panes) || panes < COMPARE_SLOTS_MIN || panes > COMPARE_SLOTS_MAX) throw new Error(`--panes is a whole number from ${COMPARE_SLOTS_MIN} to ${COMPARE_SLOTS_MAX}`);
  const profile = value("profile");
  return {
    viewers,
    panes,
    database: value("database") === "postgres" ? "postgres" : "pglite",
    // Not bench:chat's port, so both can run at once.
    port: Number(value("port") ?? 3391),
    distDir: process.env.NEXT_DIST_DIR ?? ".next",
    blind: value("blind") !== "false",
    profileDir: profile ? path.resolve(profile) : null,
  };
}

/** True when the build has the run's page (the browser viewer needs it). */
function buildHasComparePage(distDir: string): boolean {
  const manifestPath = path.join(distDir, "server", "app-paths-manifest.json");
  if (!existsSync(manifestPath)) return false;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, unknown>;
  return COMPARE_PAGE_ENTRY in manifest;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
  const distDir = path.join(root, options.distDir);
  const chatActionIds = readChatActionIds(distDir);
  const compareActionIds = readCompareActionIds(distDir);
  const models = Array.from({ length: options.panes }, () => REPLAY_MODEL_ID);
  let met = true;
  const viewers = options.viewers.filter((kind) => {
    if (kind !== "browser" || buildHasComparePage(distDir)) return true;
    console.log(`browser viewer: not measured (the build has no ${COMPARE_PAGE_ENTRY}); --viewers=sse measures without it`);
    met = false;
    return false;
  });
  console.log(`load average ${loadavg().map((load) => load.toFixed(2)).join(" ")} on this machine (other work slows every figure)`);
  const pacing = await replayPacingMs();
  console.log(`huge reply: ${pacing.characters.toLocaleString("en")} characters in ${pacing.deltas.toLocaleString("en")} model deltas; replay pacing alone ${formatSeconds(pacing.milliseconds)}`);

  let database: TestDatabase | null = null;
  if (options.database === "postgres") database = await createTestDatabase({ name: `octo_bench_compare_${Date.now()}_${process.pid}` });
  const server = await startBenchServer({
    root,
    distDir: options.distDir,
    port: options.port,
    databaseUrl: database?.url ?? null,
    ...(options.profileDir ? { profileDir: options.profileDir } : {}),
  });
  let browser: BenchBrowser | null = null;
  try {
    browser = viewers.includes("browser") ? await openBenchBrowser(server.baseUrl) : null;
    // One person for every run, so the browser's tabs and the bench's own requests act as the same owner.
    const session: BenchSession = browser ? { baseUrl: server.baseUrl, cookie: browser.cookie, actionIds: chatActionIds } : await signInAsGuest(server.baseUrl, chatActionIds);
    // Warm both paths (a chat, then a run of short replies with its page or channels open) so neither measured run pays for first loads.
    const warmUp = await sendBenchPrompt({ session, prompt: WARM_UP_PROMPT, modelId: REPLAY_MODEL_ID });
    await storedAt(session, warmUp.chat.id, warmUp.replyMessageId);
    for (const kind of viewers) {
      const warmUpRun = await runCompareOnce({ server, session, actionIds: compareActionIds, browser, kind, prompt: WARM_UP_PROMPT, models, blind: options.blind, pacingMs: 0, expectedCharacters: null, awaitChannels: false });
      if (warmUpRun.problems.length > 0) throw new Error(`the warm-up run went wrong: ${warmUpRun.problems.join("; ")}`);
    }
    for (const kind of viewers) {
      const single = await runOnce({ server, session, browser, kind, viewers: 1, expectedCharacters: pacing.characters, pacingMs: pacing.milliseconds });
      const run = await runCompareOnce({
        server,
        session,
        actionIds: compareActionIds,
        browser,
        kind,
        prompt: HUGE_PROMPT,
        models,
        blind: options.blind,
        pacingMs: pacing.milliseconds,
        expectedCharacters: pacing.characters,
      });
      const measurement = {
        pacingMs: pacing.milliseconds,
        startSpreadMs: run.startSpreadMs,
        panes: run.panes,
        serverCpuMs: run.serverCpuMs,
        wallMs: run.wallMs,
        viewerCpuMs: run.viewerCpuMs,
        single: { storedMs: single.storedMs, serverCpuMs: single.serverCpuMs, viewerCpuMs: single.viewerCpuMs },
      };
      const figures = compareFigures(measurement);
      for (const line of formatCompareReport({ viewerKind: kind, measurement, figures })) console.log(line);
      for (const problem of run.problems) console.log(`  problem: ${problem}`);
      met &&= figures.targets.every((target) => target.met) && run.problems.length === 0;
    }
    console.log(`load average ${loadavg().map((load) => load.toFixed(2)).join(" ")} at the end`);
  } finally {
    await browser?.close();
    await server.stop();
    await database?.drop();
  }
  return met ? 0 : 1;
}

process.exitCode = await main();
