/**
 * `npm run bench:load`: many chats at once on production servers over
 * Postgres. At each level (10, 50 and 200 chats by default) every chat —
 * each its own guest — streams a UI-heavy reply at model pace with one SSE
 * viewer, the replies started within `STAGGER_MS` of each other; first with
 * the viewers on the instance that generates the replies, then with them on
 * a second `next start` process (previews built there from the bus).
 *
 * The model is the replay model, playing `fixtures/replays/load-dashboard`
 * (the sales dashboard, the build status and the release overview: three
 * panels, both dialects, 7,400 characters) at its recorded pace. A probe
 * preloaded into the server (server-probe.mjs) notes when each part of the
 * text was due by that pace (lib/models/replay/replay-text-observer.ts), so a
 * preview's latency runs from the text's arrival at the server — as a model
 * would have sent it, whether or not the server was free to take it — to the
 * viewer's receipt of a preview covering it. `--model=paced` plays the same
 * text from an OpenAI-compatible server in a process of its own
 * (paced-model-server.ts) through the app's real provider path, which notes
 * when each piece left.
 *
 * Printed per level: preview latency p50/p95/p99 (and beyond the 250 ms
 * preview throttle), time to the first block, server CPU per reply, RSS per
 * active stream, event-loop delay p99, errors, and memory after the streams
 * ended against before (after a full collection). Targets: at 200 chats the
 * p95 preview latency is under 250 + 300 ms, nothing fails, and memory comes
 * back within 10% of its baseline; the bench exits non-zero otherwise.
 *
 *   npm run bench:load -- [--levels=10,50,200] [--processes=1,2] [--model=replay|paced] [--replies=a,b] [--cps=400] [--profile=<dir>] [--server-log=<file>]
 *
 * `--replies` and `--cps` set what the paced model plays (default the load dashboard at 400 characters a second).
 *
 * `--profile` writes a CPU profile of each server over each level into a folder;
 * `--server-log` writes what the servers printed into a file.
 *
 * Needs a build (`npx next build`; `NEXT_DIST_DIR` picks another) and the
 * Postgres at POSTGRES_ADMIN_URL (a database is created and dropped).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";
import { createTestDatabase } from "@/db/test-database";
import { REPLAY_MODEL_ID } from "@/lib/models/registry";
import { UI_STREAM_INTERVAL_MS } from "@/lib/ui/stream/stream";
import { callBenchAction, cookieHeaderOf, readActionIds, type BenchSession } from "./bench-client";
import { freePort, REPOSITORY_ROOT, startBenchServer, type BenchServer, type ServerProbeReport } from "./bench-server";
import { percentile, previewLatencies, type ModelTimings } from "./load-figures";
import { openLoadViewer, type LoadViewer, type LoadViewerReport } from "./load-viewer";
import { PACED_MODEL_NAME, pacedReplyText } from "./paced-model-server";
import { processTreeCpuMs } from "./process-cpu-time";

/** The replies are started within this many milliseconds: simultaneous chats, not one burst in the same instant. */
const STAGGER_MS = 2_000;

/** The target: p95 preview latency at most this far beyond the preview throttle, at the top level. */
const TARGET_BEYOND_THROTTLE_MS = 300;

/** The target: memory after the streams within this fraction of its baseline. */
const TARGET_MEMORY_RETURN = 0.1;

/** Milliseconds after the last reply before memory is read: viewers' sockets closing, timers ending. */
const SETTLE_MS = 3_000;

/** Milliseconds between RSS samples during a run. */
const RSS_SAMPLE_MS = 250;

/** Longest a level may take before its missing replies count as errors. */
const LEVEL_TIMEOUT_MS = 180_000;

/** Requests at once while the bench prepares a level (sign-ins, chats, viewers): preparing is not what is measured. */
const PREPARE_CONCURRENCY = 16;

type Options = {
  levels: number[];
  processes: (1 | 2)[];
  model: "replay" | "paced";
  replies: string[];
  charactersPerSecond: number;
  profileDir: string | null;
  serverLog: string | null;
};

/** The recording every chat streams (the replay model answers the prompt with it; the paced model plays its text). */
const LOAD_RECORDING = "load-dashboard";

/** The prompt selecting it, before each chat's tag. */
const LOAD_PROMPT = "Show me the load dashboard";

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string) => argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3);
  return {
    levels: (value("levels") ?? "10,50,200").split(",").map(Number).filter((count) => Number.isInteger(count) && count > 0),
    processes: (value("processes") ?? "1,2").split(",").map(Number).filter((count): count is 1 | 2 => count === 1 || count === 2),
    model: value("model") === "paced" ? "paced" : "replay",
    replies: (value("replies") ?? LOAD_RECORDING).split(","),
    charactersPerSecond: Number(value("cps") ?? 400),
    profileDir: value("profile") ? path.resolve(value("profile") as string) : null,
    serverLog: value("server-log") ? path.resolve(value("server-log") as string) : null,
  };
}

/** What one level measured. */
type LevelResult = {
  chats: number;
  processes: 1 | 2;
  latency: { p50: number; p95: number; p99: number; samples: number };
  firstBlock: { p50: number; p95: number };
  cpuPerReplyMs: { generator: number; viewers: number | null };
  rssPerStreamKb: { generator: number; viewers: number | null };
  eventLoopP99Ms: { generator: number; viewers: number | null };
  /** The share of the run each server's event loop was busy (1: saturated). */
  eventLoopUtilization: { generator: number; viewers: number | null };
  /** The same for the busiest worker thread of each server (its generation worker), null without one. */
  workerUtilization: { generator: number | null; viewers: number | null };
  /** Milliseconds from the send until the model's first piece left (the server's work before it asks the model, plus the model's first-token wait). */
  modelStart: { p50: number; p95: number };
  /** The bench's own load, which would delay what it measures: its CPU and event-loop delay, and the model server's CPU. */
  harness: { benchCpuMs: number; benchLoopP99Ms: number; modelCpuMs: number };
  errors: string[];
  memory: { generator: MemoryReturn; viewers: MemoryReturn | null };
  wallMs: number;
};

/** Memory after a level against before it, each after a full collection. */
type MemoryReturn = { heapBefore: number; heapAfter: number; rssBefore: number; rssAfter: number };

/** Runs `tasks` with at most `limit` at once. */
async function inBatches<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

/** A guest, as a distinct person behind their own address would be (the auth rate limit is per address). */
async function signInGuest(baseUrl: string, index: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/anonymous`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json", "x-forwarded-for": `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}` },
    body: "{}",
  });
  if (!response.ok) throw new Error(`guest sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeaderOf(response);
}

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function loopP99(report: ServerProbeReport): number {
  return Math.max(0, report.eventLoop.p99 - report.eventLoop.resolutionMs);
}

/** Where the text's arrival times come from: the paced model's notes, or the replay model's through the generating server's probe. */
type TimingSource = { kind: "paced"; url: string; pid: number } | { kind: "replay" };

async function pacedTimings(modelUrl: string, tag: string): Promise<ModelTimings | null> {
  const response = await fetch(`${modelUrl}/timings?tag=${encodeURIComponent(tag)}`);
  return (await response.json()) as ModelTimings | null;
}

async function runLevel(input: {
  chats: number;
  processes: 1 | 2;
  generator: BenchServer;
  viewerServer: BenchServer;
  guests: string[];
  actionIds: { sendMessage: string };
  model: TimingSource;
  modelId: string;
  profileDir: string | null;
  expectedText: string;
}): Promise<LevelResult> {
  const { chats, generator, viewerServer } = input;
  const servers = viewerServer === generator ? [generator] : [generator, viewerServer];
  const errors: string[] = [];
  const label = `${chats}x${input.processes}`;
  if (input.model.kind === "paced") await fetch(`${input.model.url}/timings`, { method: "DELETE" });
  else await generator.readReplayTimings();
  const sessions: BenchSession[] = input.guests.slice(0, chats).map((cookie) => ({ baseUrl: generator.baseUrl, cookie, actionIds: { sendMessage: input.actionIds.sendMessage } }));
  const before = await Promise.all(servers.map((server) => server.readProbe({ gc: true })));
  // The probe's histogram starts again here: the delay measured is the run's.
  await Promise.all(servers.map((server) => server.readProbe()));
  const cpuBefore = servers.map((server) => processTreeCpuMs(server.pid) ?? Number.NaN);
  const rssBefore = servers.map((server) => rssKb(server.pid));
  const rssPeak = [...rssBefore];
  const sampler = setInterval(() => servers.forEach((server, index) => (rssPeak[index] = Math.max(rssPeak[index]!, rssKb(server.pid)))), RSS_SAMPLE_MS);
  const benchLoop = monitorEventLoopDelay({ resolution: 10 });
  benchLoop.enable();
  const benchCpuBefore = process.cpuUsage();
  const modelCpuBefore = input.model.kind === "paced" ? (processTreeCpuMs(input.model.pid) ?? Number.NaN) : 0;
  if (input.profileDir) await Promise.all(servers.map((server) => server.profile("start")));
  const started = performance.now();
  const sentAt: number[] = new Array(chats).fill(Number.NaN);
  const reports = await Promise.all(
    Array.from({ length: chats }, async (_, index): Promise<LoadViewerReport | null> => {
      await new Promise((resolve) => setTimeout(resolve, (index * STAGGER_MS) / chats));
      let viewer: LoadViewer | null = null;
      try {
        sentAt[index] = performance.timeOrigin + performance.now();
        // A chat of its own, answered at once; its viewer joins as soon as the send returns (the model's first words are some 350 ms away).
        const sent = await callBenchAction(sessions[index]!, input.actionIds.sendMessage, { prompt: `${LOAD_PROMPT} [load ${label}-${index}]`, modelId: input.modelId });
        viewer = await openLoadViewer({ baseUrl: viewerServer.baseUrl, cookie: sessions[index]!.cookie, chatId: (sent.chat as { id: string }).id });
        return await viewer.reply(LEVEL_TIMEOUT_MS);
      } catch (caught) {
        errors.push(`chat ${index}: ${caught instanceof Error ? caught.message : String(caught)}`);
        return null;
      } finally {
        viewer?.close();
      }
    }),
  );
  const wallMs = performance.now() - started;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  benchLoop.disable();
  const harness = {
    benchCpuMs: (benchCpu.user + benchCpu.system) / 1000,
    benchLoopP99Ms: Math.max(0, benchLoop.percentile(99) / 1e6 - 10),
    modelCpuMs: input.model.kind === "paced" ? (processTreeCpuMs(input.model.pid) ?? Number.NaN) - modelCpuBefore : 0,
  };
  clearInterval(sampler);
  const cpuAfter = servers.map((server) => processTreeCpuMs(server.pid) ?? Number.NaN);
  const loops = await Promise.all(servers.map((server) => server.readProbe()));
  if (input.profileDir) {
    const directory = input.profileDir;
    await Promise.all(servers.map((server, index) => server.profile({ stop: path.join(directory, `${label}-${index === 0 ? "generating" : "viewing"}.cpuprofile`) })));
  }

  const replayTimings = input.model.kind === "replay" ? await generator.readReplayTimings() : {};
  const latencies: number[] = [];
  const firstBlocks: number[] = [];
  const modelStarts: number[] = [];
  for (const [index, report] of reports.entries()) {
    if (!report) continue;
    if (report.storedStatus !== "complete") errors.push(`chat ${index}: stored as ${report.storedStatus}`);
    if (report.storedText !== input.expectedText) errors.push(`chat ${index}: stored ${report.storedText.length} characters, not the model's ${input.expectedText.length}`);
    if (report.rebuiltText !== report.storedText) errors.push(`chat ${index}: the viewer's text differs from the stored reply`);
    // A ```ui block arrives in a preview; an octo-ui panel is drawn from the text as soon as its fence opens.
    const firstBlockAt = Math.min(report.previews.find((preview) => preview.hasBlock)?.at ?? Number.POSITIVE_INFINITY, report.firstFenceAt ?? Number.POSITIVE_INFINITY);
    if (Number.isFinite(firstBlockAt)) firstBlocks.push(firstBlockAt - sentAt[index]!);
    else errors.push(`chat ${index}: no block arrived`);
    const tag = `${label}-${index}`;
    const timings = input.model.kind === "paced" ? await pacedTimings(input.model.url, tag) : (replayTimings[tag] ?? null);
    if (!timings) errors.push(`chat ${index}: the model never saw its prompt`);
    else {
      latencies.push(...previewLatencies({ timings, previews: report.previews, endAt: report.endAt }));
      if (timings[0]) modelStarts.push(timings[0][1] - sentAt[index]!);
    }
  }

  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const after = await Promise.all(servers.map((server) => server.readProbe({ gc: true })));
  const memory = servers.map((_, index): MemoryReturn => ({
    heapBefore: before[index]!.memory.heapUsed + before[index]!.memory.external,
    heapAfter: after[index]!.memory.heapUsed + after[index]!.memory.external,
    rssBefore: before[index]!.memory.rss,
    rssAfter: after[index]!.memory.rss,
  }));
  const perServer = <T>(values: T[]): { generator: T; viewers: T | null } => ({ generator: values[0]!, viewers: values[1] ?? null });
  return {
    chats,
    processes: input.processes,
    latency: { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), p99: percentile(latencies, 0.99), samples: latencies.length },
    firstBlock: { p50: percentile(firstBlocks, 0.5), p95: percentile(firstBlocks, 0.95) },
    cpuPerReplyMs: perServer(cpuAfter.map((value, index) => (value - cpuBefore[index]!) / chats)),
    rssPerStreamKb: perServer(rssPeak.map((value, index) => (value - rssBefore[index]!) / chats)),
    eventLoopP99Ms: perServer(loops.map(loopP99)),
    eventLoopUtilization: perServer(loops.map((report) => report.eventLoop.utilization)),
    workerUtilization: perServer(loops.map((report) => (report.workers.length > 0 ? Math.max(...report.workers.map((worker) => worker.utilization)) : null))),
    modelStart: { p50: percentile(modelStarts, 0.5), p95: percentile(modelStarts, 0.95) },
    harness,
    errors,
    memory: perServer(memory),
    wallMs,
  };
}

const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function memoryLine(name: string, memory: MemoryReturn): string {
  const change = (memory.heapAfter - memory.heapBefore) / memory.heapBefore;
  return `${name} heap ${mb(memory.heapBefore)} → ${mb(memory.heapAfter)} (${change >= 0 ? "+" : ""}${(change * 100).toFixed(1)}%), RSS ${mb(memory.rssBefore)} → ${mb(memory.rssAfter)}`;
}

function printLevel(result: LevelResult): void {
  const both = <T>(values: { generator: T; viewers: T | null }, format: (value: T) => string) =>
    values.viewers === null ? format(values.generator) : `${format(values.generator)} generating, ${format(values.viewers)} viewing`;
  console.log(`\n${result.chats} chats, viewers on ${result.processes === 1 ? "the generating process" : "a second process"} (${(result.wallMs / 1000).toFixed(1)} s):`);
  console.log(`  preview latency p50 ${ms(result.latency.p50)}, p95 ${ms(result.latency.p95)}, p99 ${ms(result.latency.p99)} (p95 ${ms(result.latency.p95 - UI_STREAM_INTERVAL_MS)} beyond the ${UI_STREAM_INTERVAL_MS} ms throttle; ${result.latency.samples} pieces)`);
  console.log(`  first block p50 ${ms(result.firstBlock.p50)}, p95 ${ms(result.firstBlock.p95)} after the send`);
  console.log(`  server CPU per reply ${both(result.cpuPerReplyMs, ms)}`);
  console.log(`  RSS per active stream ${both(result.rssPerStreamKb, (kb) => `${Math.round(kb)} KB`)}`);
  const share = (value: number | null) => (value === null ? "none" : `${Math.round(value * 100)}%`);
  console.log(`  event-loop delay p99 ${both(result.eventLoopP99Ms, ms)}; event loop busy ${both(result.eventLoopUtilization, share)}; generation worker busy ${both(result.workerUtilization, share)}`);
  console.log(`  model's first piece p50 ${ms(result.modelStart.p50)}, p95 ${ms(result.modelStart.p95)} after the send; bench CPU ${ms(result.harness.benchCpuMs)} (event-loop p99 ${ms(result.harness.benchLoopP99Ms)})${result.harness.modelCpuMs > 0 ? `, model server CPU ${ms(result.harness.modelCpuMs)}` : ""}`);
  console.log(`  errors ${result.errors.length}${result.errors.length > 0 ? `: ${result.errors.slice(0, 5).join("; ")}${result.errors.length > 5 ? " …" : ""}` : ""}`);
  console.log(`  memory after against before: ${memoryLine("generating", result.memory.generator)}${result.memory.viewers ? `; ${memoryLine("viewing", result.memory.viewers)}` : ""}`);
}

/** Starts the paced model server process; resolves with its URL once it listens. */
async function startModelServer(options: Options): Promise<{ url: string; pid: number; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "lib/chat/bench/paced-model-server.ts", "--port", String(port), "--replies", options.replies.join(","), "--cps", String(options.charactersPerSecond)], {
    cwd: REPOSITORY_ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the paced model server exited (${code})`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("paced model server on")) resolve();
    });
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid as number, stop: () => child.kill("SIGTERM") };
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  const actionIds = readActionIds({ distDir: path.join(REPOSITORY_ROOT, distDir), file: "app/(chat)/actions.ts", names: ["sendMessage"] });
  const expectedText = pacedReplyText(REPOSITORY_ROOT, options.model === "paced" ? options.replies : [LOAD_RECORDING]);
  console.log(`load average ${loadavg().map((load) => load.toFixed(2)).join(" ")} on this machine (other work slows every figure)`);
  const pace = options.model === "paced" ? `from the paced model process (${options.replies.join(" + ")}) at ${options.charactersPerSecond} characters a second` : `from the replay model (${LOAD_RECORDING}) at its recorded pace`;
  console.log(`each chat streams ${expectedText.length.toLocaleString("en")} characters ${pace}; replies start within ${STAGGER_MS / 1000} s`);
  if (options.profileDir) mkdirSync(options.profileDir, { recursive: true });
  const model = options.model === "paced" ? await startModelServer(options) : null;
  const database = await createTestDatabase({ name: `octo_load_${Date.now()}_${process.pid}` });
  const env = model ? { OPENAI_COMPATIBLE_BASE_URL: `${model.url}/v1`, OPENAI_COMPATIBLE_MODELS: PACED_MODEL_NAME, OPENAI_COMPATIBLE_NAME: "Paced replay" } : {};
  const authSecret = (await import("node:crypto")).randomBytes(32).toString("base64url");
  const start = () => startBenchServer({ distDir, databaseUrl: database.url, env, authSecret, probe: true });
  const results: LevelResult[] = [];
  const servers: BenchServer[] = [];
  try {
    const generator = await start();
    servers.push(generator);
    const top = Math.max(...options.levels);
    const guests = await inBatches(top, PREPARE_CONCURRENCY, (index) => signInGuest(generator.baseUrl, index));
    const modelId = model ? `compatible:${PACED_MODEL_NAME}` : REPLAY_MODEL_ID;
    const timingSource: TimingSource = model ? { kind: "paced", url: model.url, pid: model.pid } : { kind: "replay" };
    const level = (chats: number, processes: 1 | 2, viewerServer: BenchServer) =>
      runLevel({ chats, processes, generator, viewerServer, guests, actionIds, model: timingSource, modelId, expectedText, profileDir: options.profileDir });
    // One chat first: the server's code paths warm, as they are on a server that has been up a while.
    await level(1, 1, generator);
    for (const processes of options.processes) {
      let viewerServer = generator;
      if (processes === 2) {
        viewerServer = await start();
        servers.push(viewerServer);
        await level(1, 2, viewerServer);
      }
      for (const chats of options.levels) {
        const result = await level(chats, processes, viewerServer);
        results.push(result);
        printLevel(result);
      }
    }
  } finally {
    if (options.serverLog) writeFileSync(options.serverLog, servers.map((server, index) => `=== server ${index + 1}\n${server.output()}`).join("\n"));
    await Promise.all(servers.map((server) => server.stop()));
    model?.stop();
    await database.drop();
  }
  let met = true;
  const top = Math.max(...options.levels);
  console.log("");
  for (const result of results.filter((candidate) => candidate.chats === top)) {
    const where = result.processes === 1 ? "one process" : "two processes";
    const latencyMet = result.latency.p95 - UI_STREAM_INTERVAL_MS < TARGET_BEYOND_THROTTLE_MS;
    const errorsMet = result.errors.length === 0;
    const memories = [result.memory.generator, ...(result.memory.viewers ? [result.memory.viewers] : [])];
    const memoryMet = memories.every((memory) => memory.heapAfter <= memory.heapBefore * (1 + TARGET_MEMORY_RETURN));
    met &&= latencyMet && errorsMet && memoryMet;
    console.log(`target, ${top} chats on ${where}: p95 preview latency under ${UI_STREAM_INTERVAL_MS} + ${TARGET_BEYOND_THROTTLE_MS} ms ${latencyMet ? "met" : "missed"} (${ms(result.latency.p95)}); no errors ${errorsMet ? "met" : "missed"} (${result.errors.length}); memory back within ${TARGET_MEMORY_RETURN * 100}% ${memoryMet ? "met" : "missed"}`);
  }
  return met ? 0 : 1;
}

process.exitCode = await main();
