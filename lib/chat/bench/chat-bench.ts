/**
 * `npm run bench:chat`: how long a huge reply takes end to end on a running
 * production server. It streams the replay model's `huge-reply` recording
 * (about 200,000 characters in some 70,000 model deltas, at the recording's
 * own pace) into a chat watched by 0, 1 and 2 viewers, and prints for each:
 * the time from sending the prompt to the stored reply, that time over the
 * replay pacing's own duration (the same recording read straight from the
 * replay model, at the same pace, with nothing else done), the server's CPU
 * time, and how busy the live channel was (events and kilobytes a second).
 *
 * Viewers are either `sse` (this process reads the channel, parses every
 * event with the wire schema and rebuilds the text, as a tab does minus the
 * drawing) or `browser` (Chromium tabs running the app's own client code).
 * The bench starts `next start` itself on a build made beforehand
 * (`NEXT_DIST_DIR`, default `.next`), on a throwaway embedded database, or a
 * fresh Postgres database with `--database=postgres`.
 *
 *   npm run bench:chat -- [--viewers=sse,browser] [--counts=0,1,2] [--database=pglite|postgres] [--port=3390] [--profile=<dir>] [--reopen=false]
 *
 * `--profile` writes the server's CPU profile (`node --cpu-prof`) into a folder.
 *
 * Then it times reopening a long reply (`--reopen=false` skips it): the
 * replay model's `huge-prose-reply` (a megabyte of Markdown) is stored in a
 * chat through the same stream, and a Chromium tab reloads that chat a few
 * times; each reload is timed from the start of the navigation until the end
 * of the reply is drawn as Markdown and the composer takes a prompt. The
 * median must be within 2 s.
 *
 * The stored time is the reply row's `created_at` (the database's clock,
 * set when the final store begins) less the moment the prompt was sent.
 * Exits non-zero when a reply does not arrive whole, or misses the target.
 */
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@/db/test-database";
import { REPLAY_MODEL_ID } from "@/lib/models/registry";
import { HUGE_REPLY_LAST_LINE } from "@/lib/models/replay/huge-reply";
import { readChatActionIds, sendBenchPrompt, signInAsGuest, type BenchSession } from "./bench-client";
import { startBenchServer } from "./bench-server";
import { openBenchBrowser, type BenchBrowser, type ReopenTiming } from "./browser-watchers";
import { replayPacingMs, runOnce, storedAt, WARM_UP_PROMPT, type RunResult, type ViewerKind } from "./huge-reply-run";

/** The target of the issue: the huge reply stored within this many milliseconds of the pacing's own duration, with a viewer attached. */
const TARGET_OVER_PACING_MS = 2_000;

/** The prompt the replay model answers with the megabyte prose reply that is reopened. */
const MEGABYTE_PROMPT = "Simulate a megabyte reply";

/** The size the reopened reply must have at least: the issue's "1 MB stored reply". */
const REOPEN_MIN_CHARACTERS = 1_000_000;

/** The issue's target for reopening: the megabyte reply drawn, and the composer usable, within this many milliseconds of a reload. */
const REOPEN_TARGET_MS = 2_000;

/** Reloads timed; the median is held to the target (one slow reload on a shared machine is noise, three in a row are not). */
const REOPEN_ROUNDS = 3;

type Options = {
  viewers: ViewerKind[];
  counts: number[];
  database: "pglite" | "postgres";
  port: number;
  distDir: string;
  profileDir: string | null;
  reopen: boolean;
};

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string) => argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);
  const viewers = (value("viewers") ?? "sse,browser").split(",").filter((kind): kind is ViewerKind => kind === "sse" || kind === "browser");
  const counts = (value("counts") ?? "0,1,2").split(",").map(Number).filter((count) => Number.isInteger(count) && count >= 0);
  const database = value("database") === "postgres" ? "postgres" : "pglite";
  const profile = value("profile");
  return {
    viewers,
    counts,
    database,
    port: Number(value("port") ?? 3390),
    distDir: process.env.NEXT_DIST_DIR ?? ".next",
    profileDir: profile ? path.resolve(profile) : null,
    reopen: value("reopen") !== "false",
  };
}

/** The name of the last `## ` heading of a Markdown text. */
function lastHeadingOf(text: string): string {
  const heading = text.split("\n").findLast((line) => line.startsWith("## "));
  if (heading === undefined) throw new Error("the reopened reply has no heading");
  return heading.slice(3).trim();
}

/** Stores the megabyte reply in a chat of its own, then reloads that chat in the browser; returns each reload's timing. */
async function reopenLongReply(session: BenchSession, browser: BenchBrowser): Promise<{ characters: number; storeMs: number; timings: ReopenTiming[] }> {
  const started = performance.now();
  const opened = await sendBenchPrompt({ session, prompt: MEGABYTE_PROMPT, modelId: REPLAY_MODEL_ID });
  const stored = await storedAt(session, opened.chat.id, opened.replyMessageId);
  if (stored.text.length < REOPEN_MIN_CHARACTERS) throw new Error(`the reopened reply has ${stored.text.length} characters, under ${REOPEN_MIN_CHARACTERS}`);
  const storeMs = performance.now() - started;
  const timings = await browser.reopen(opened.chat.id, { lastHeading: lastHeadingOf(stored.text), lastLine: HUGE_REPLY_LAST_LINE }, REOPEN_ROUNDS);
  return { characters: stored.text.length, storeMs, timings };
}

/** Reloads a chat with one short reply the same way: what a reload costs whatever the reply (the figure above less this is the long reply's share). */
async function reopenShortReply(session: BenchSession, browser: BenchBrowser): Promise<ReopenTiming[]> {
  const opened = await sendBenchPrompt({ session, prompt: WARM_UP_PROMPT, modelId: REPLAY_MODEL_ID });
  const stored = await storedAt(session, opened.chat.id, opened.replyMessageId);
  const firstLine = stored.text.split("\n")[0] ?? "";
  return browser.reopen(opened.chat.id, { lastLine: firstLine }, REOPEN_ROUNDS);
}

function printReopen(timings: readonly ReopenTiming[]): void {
  for (const timing of timings) {
    const size = `${(timing.pageBytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(`  first byte ${seconds(timing.firstByteMs)}, page received ${seconds(timing.pageReceivedMs)} (${size}), reply drawn and composer usable ${seconds(timing.readyMs)}`);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(2)} s`;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
  const actionIds = readChatActionIds(path.join(root, options.distDir));
  console.log(`load average ${loadavg().map((load) => load.toFixed(2)).join(" ")} on this machine (other work slows every figure)`);
  const pacing = await replayPacingMs();
  console.log(`huge reply: ${pacing.characters.toLocaleString("en")} characters in ${pacing.deltas.toLocaleString("en")} model deltas; replay pacing alone ${seconds(pacing.milliseconds)}`);

  let database: TestDatabase | null = null;
  if (options.database === "postgres") database = await createTestDatabase({ name: `octo_bench_${Date.now()}_${process.pid}` });
  const server = await startBenchServer({
    root,
    distDir: options.distDir,
    port: options.port,
    databaseUrl: database?.url ?? null,
    ...(options.profileDir ? { profileDir: options.profileDir } : {}),
  });
  const results: RunResult[] = [];
  let reopenMedianMs: number | null = null;
  let browser: BenchBrowser | null = null;
  try {
    browser = options.viewers.includes("browser") || options.reopen ? await openBenchBrowser(server.baseUrl) : null;
    // One person for every run, so browser tabs and the bench's own requests act as the same owner.
    const session: BenchSession = browser ? { baseUrl: server.baseUrl, cookie: browser.cookie, actionIds } : await signInAsGuest(server.baseUrl, actionIds);
    const warmUp = await sendBenchPrompt({ session, prompt: WARM_UP_PROMPT, modelId: REPLAY_MODEL_ID });
    await storedAt(session, warmUp.chat.id, warmUp.replyMessageId);
    const plans: { kind: ViewerKind | "none"; viewers: number }[] = [];
    if (options.counts.includes(0)) plans.push({ kind: "none", viewers: 0 });
    for (const kind of options.viewers) for (const count of options.counts) if (count > 0) plans.push({ kind, viewers: count });
    for (const plan of plans) {
      const result = await runOnce({ server, session, browser, expectedCharacters: pacing.characters, pacingMs: pacing.milliseconds, ...plan });
      results.push(result);
      const over = result.storedMs - pacing.milliseconds;
      const channel = result.channel
        ? `, ${Math.round(result.channel.eventsPerSecond)} events/s (${result.channel.textDeltas} text deltas), ${Math.round(result.channel.kilobytesPerSecond)} KB/s`
        : "";
      const cpu = result.serverCpuMs === null ? "n/a" : seconds(result.serverCpuMs);
      const viewerCpu = result.viewerCpuMs === null ? "" : `, viewers' CPU ${seconds(result.viewerCpuMs)}`;
      console.log(`${String(plan.viewers)} ${plan.kind === "none" ? "viewers" : `${plan.kind} viewer(s)`}: stored after ${seconds(result.storedMs)} (${over >= 0 ? "+" : ""}${seconds(over)} over pacing), server CPU ${cpu}${viewerCpu}${channel}`);
    }
    if (options.reopen && browser) {
      const reopened = await reopenLongReply(session, browser);
      reopenMedianMs = median(reopened.timings.map((timing) => timing.readyMs));
      console.log(`reopen: a ${reopened.characters.toLocaleString("en")}-character stored reply (stored in ${seconds(reopened.storeMs)}), ${REOPEN_ROUNDS} reloads:`);
      printReopen(reopened.timings);
      const short = await reopenShortReply(session, browser);
      console.log(`reopen, for comparison: a chat with one short reply, ${REOPEN_ROUNDS} reloads (median ${seconds(median(short.map((timing) => timing.readyMs)))}):`);
      printReopen(short);
    }
  } finally {
    await browser?.close();
    await server.stop();
    await database?.drop();
  }
  let met = true;
  // The issue's target is about one viewer; more viewers are printed above for comparison.
  const withOne = results.filter((result) => result.viewers === 1);
  if (withOne.length === 0) {
    console.log("target: not measured (no run with one viewer)");
  } else {
    const worst = withOne.reduce((most, result) => Math.max(most, result.storedMs - pacing.milliseconds), Number.NEGATIVE_INFINITY);
    const streamMet = worst <= TARGET_OVER_PACING_MS;
    met &&= streamMet;
    console.log(`target: stored within ${seconds(TARGET_OVER_PACING_MS)} of the pacing with a viewer attached: ${streamMet ? "met" : "missed"} (worst ${worst >= 0 ? "+" : ""}${seconds(worst)})`);
  }
  if (reopenMedianMs !== null) {
    const reopenMet = reopenMedianMs <= REOPEN_TARGET_MS;
    met &&= reopenMet;
    console.log(`target: a 1 MB stored reply drawn within ${seconds(REOPEN_TARGET_MS)} of a reload: ${reopenMet ? "met" : "missed"} (median ${seconds(reopenMedianMs)})`);
  }
  return met ? 0 : 1;
}

process.exitCode = await main();
