// Loaded into a bench server with `node --import` (plain JavaScript, so the
// production server needs no TypeScript loader): measures the event loop's
// delay and reports it with the process's memory when the bench writes a
// command line to the server's standard input. Bench-only; the app never
// loads it.
//
//   report     → one line `[bench-probe] {"eventLoop":{…},"memory":{…}}`, and the delay histogram starts again
//   report gc  → the same after two full collections (needs --expose-gc): what the process still holds
//   timings    → `[bench-probe] {"timings":{"<tag>":[[end offset, due epoch ms], …]}}`: when each
//                text part of a replay answering a prompt tagged `[load <tag>]` was due
//                (lib/models/replay/replay-text-observer.ts), and forgets them
//   profile start / profile stop <file>
//              → a CPU profile of what happens in between, written to <file> (`.cpuprofile`, for Chrome's DevTools),
//                and one of each worker thread beside it (`<file>-worker-<thread id>.cpuprofile`)
//
// Node loads it into the server's worker threads too (the generation worker,
// lib/chat/generation, where the replay model runs): there it only notes the
// replays' timings and sends them, a batch every `FORWARD_EVERY_MS`, to the
// main thread's probe, and tells it its heap and its event loop's utilization
// when a report is made: the report adds the heap to the main thread's (the
// memory figures are the process's) and lists the utilizations as `workers`.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { BroadcastChannel, isMainThread, threadId } from "node:worker_threads";

/** Where a worker thread's probe and the main thread's meet. */
const channel = new BroadcastChannel("octo.bench-probe");
channel.unref();

/** Milliseconds a worker thread's probe gathers timings before it sends them on. */
const FORWARD_EVERY_MS = 200;

/** Milliseconds a report waits for the worker threads' heaps. */
const WORKER_HEAP_WAIT_MS = 500;

if (isMainThread) serveMainThread();
else serveWorkerThread();

/** The inspector session of this thread's profile under way, or null. */
let profiling = null;

function post(session, method, parameters = {}) {
  return new Promise((resolve, reject) => session.post(method, parameters, (error, result) => (error ? reject(error) : resolve(result))));
}

/** Starts a CPU profile of this thread, or stops it and writes it to `file`. */
async function profileThisThread(option, file) {
  if (option === "start" && profiling === null) {
    profiling = new Session();
    profiling.connect();
    await post(profiling, "Profiler.enable");
    await post(profiling, "Profiler.start");
  } else if (option === "stop" && profiling !== null) {
    const { profile: result } = await post(profiling, "Profiler.stop");
    profiling.disconnect();
    profiling = null;
    writeFileSync(file, JSON.stringify(result));
  }
}

/** Notes the timings of replays that run in this worker thread and sends them to the main thread's probe. */
function serveWorkerThread() {
  let pending = [];
  let flush = null;
  globalThis[Symbol.for("octo.replayTextObserver")] = (prompt) => {
    const tag = /\[load ([A-Za-z0-9_-]{1,64})\]/.exec(prompt)?.[1];
    if (tag === undefined) return null;
    return (endOffset, dueAt) => {
      pending.push([tag, endOffset, Math.round(dueAt * 10) / 10]);
      flush ??= setTimeout(() => {
        channel.postMessage({ timings: pending });
        pending = [];
        flush = null;
      }, FORWARD_EVERY_MS);
    };
  };
  let utilizationMark = performance.eventLoopUtilization();
  channel.onmessage = ({ data }) => {
    if (data.profile !== undefined) {
      void profileThisThread(data.profile, data.file === undefined ? undefined : `${data.file}-worker-${threadId}.cpuprofile`);
      return;
    }
    if (data.report === undefined) return;
    if (data.report === "gc" && typeof globalThis.gc === "function") {
      globalThis.gc();
      globalThis.gc();
    }
    const utilization = Math.round(performance.eventLoopUtilization(utilizationMark).utilization * 1000) / 1000;
    utilizationMark = performance.eventLoopUtilization();
    channel.postMessage({ worker: { heapUsed: process.memoryUsage().heapUsed, utilization } });
  };
}

function serveMainThread() {

  /** Milliseconds between the histogram's samples: fine enough to see a 20 ms stall, cheap enough not to cause one. */
  const RESOLUTION_MS = 10;

  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  /** The event loop's utilization at the previous report: the next is measured from it. */
  let utilizationMark = performance.eventLoopUtilization();

  const milliseconds = (nanoseconds) => Math.round((nanoseconds / 1e6) * 10) / 10;

  /** Replays of tagged prompts: tag → [end offset, due epoch ms] of each text part. */
  let timings = new Map();
  globalThis[Symbol.for("octo.replayTextObserver")] = (prompt) => {
    const tag = /\[load ([A-Za-z0-9_-]{1,64})\]/.exec(prompt)?.[1];
    if (tag === undefined) return null;
    const times = [];
    timings.set(tag, times);
    return (endOffset, dueAt) => times.push([endOffset, Math.round(dueAt * 10) / 10]);
  };
  /** Worker threads' heaps and loops, answering the report under way. */
  let workerReports = [];
  channel.onmessage = ({ data }) => {
    if (data.worker !== undefined) workerReports.push(data.worker);
    for (const [tag, endOffset, dueAt] of data.timings ?? []) {
      if (!timings.has(tag)) timings.set(tag, []);
      timings.get(tag).push([endOffset, dueAt]);
    }
  };

  async function profile(option, file) {
    // Worker threads profile themselves, each into a file of its own beside this thread's.
    channel.postMessage({ profile: option, file: file?.replace(/\.cpuprofile$/, "") });
    await profileThisThread(option, file);
    process.stdout.write(`[bench-probe] {"profile":"${option}"}\n`);
  }

  createInterface({ input: process.stdin }).on("line", (line) => {
    const [command, option, argument] = line.trim().split(/\s+/);
    if (command === "profile") {
      void profile(option, argument);
      return;
    }
    if (command === "timings") {
      const all = Object.fromEntries(timings);
      timings = new Map();
      process.stdout.write(`[bench-probe] ${JSON.stringify({ timings: all })}\n`);
      return;
    }
    if (command !== "report") return;
    void report(option);
  });

  async function report(option) {
    workerReports = [];
    channel.postMessage({ report: option ?? "" });
    if (option === "gc" && typeof globalThis.gc === "function") {
      globalThis.gc();
      globalThis.gc();
    }
    await new Promise((resolve) => setTimeout(resolve, WORKER_HEAP_WAIT_MS));
    const memory = process.memoryUsage();
    memory.heapUsed += workerReports.reduce((total, worker) => total + worker.heapUsed, 0);
    const report = {
      eventLoop: {
        // The share of the time since the previous report the loop was busy (not waiting for I/O): 1 is saturated.
        utilization: Math.round(performance.eventLoopUtilization(utilizationMark).utilization * 1000) / 1000,
        p50: milliseconds(histogram.percentile(50)),
        p99: milliseconds(histogram.percentile(99)),
        max: milliseconds(histogram.max),
        // The histogram counts the timer's own resolution as delay: subtract it to read what the app added.
        resolutionMs: RESOLUTION_MS,
      },
      memory: { rss: memory.rss, heapUsed: memory.heapUsed, external: memory.external, arrayBuffers: memory.arrayBuffers },
      workers: workerReports.map((worker) => ({ utilization: worker.utilization })),
    };
    histogram.reset();
    utilizationMark = performance.eventLoopUtilization();
    process.stdout.write(`[bench-probe] ${JSON.stringify(report)}\n`);
  }
}
