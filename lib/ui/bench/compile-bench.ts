/**
 * `npm run bench:ui`: the compiler's speed on two generated 256 KB replies
 * (16 data-heavy fences; one fence). Prints, for each: full compile MB/s;
 * median, 99th percentile and worst cost of one streamed preview update (50
 * UTF-16 units appended) through `UiCompiler`; the whole stream's cost as a
 * multiple of one full compile. Exits non-zero when a target is missed.
 *
 * Prefixes are sliced before timing, so the figures are the compiler's work,
 * not the building of the growing string.
 */
import { compileUi } from "../compile/compile-ui";
import { UiCompiler } from "../compile/compiler";
import type { UiBlock } from "../envelope/schema";
import { UI_REPLY_LIMITS } from "../limits";
import { generateMultiFenceReply, generateSingleFenceReply } from "./generate-reply";

/** The size of each reply: 256 KB of UTF-16 units, the reply budget's source limit. */
const REPLY_UNITS = 262_144;
/** What one streamed delta appends. */
const DELTA_UNITS = 50;
/** Targets, from the issue: what peers reach on this machine, bettered. */
const TARGETS = {
  fullCompileMegabytesPerSecond: 30,
  previewMedianMs: 0.5,
  previewP99Ms: 2,
  streamMultiple: 20,
};
/** Full compiles timed for the throughput figure (after as many to warm up). */
const FULL_COMPILE_RUNS = 30;
/** Whole streams replayed to warm up before the measured one. */
const WARMUP_STREAMS = 2;

type Figures = {
  name: string;
  megabytesPerSecond: number;
  fullCompileMs: number;
  medianMs: number;
  p99Ms: number;
  worstMs: number;
  streamMultiple: number;
  updates: number;
  budgetReached: boolean;
};

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

function nodeCount(blocks: readonly UiBlock[]): number {
  let count = 0;
  const pending = blocks.flatMap((block) => block.nodes);
  for (let node = pending.pop(); node; node = pending.pop()) {
    count++;
    pending.push(...node.children);
  }
  return count;
}

function measure(name: string, reply: string): Figures {
  const options = { id: "bench" };
  // Full compile: warm up, then take the median of many runs.
  let blocks: UiBlock[] = [];
  for (let run = 0; run < FULL_COMPILE_RUNS; run++) blocks = compileUi(reply, { ...options, final: true });
  const fullTimes: number[] = [];
  for (let run = 0; run < FULL_COMPILE_RUNS; run++) {
    const started = performance.now();
    blocks = compileUi(reply, { ...options, final: true });
    fullTimes.push(performance.now() - started);
  }
  fullTimes.sort((left, right) => left - right);
  const fullCompileMs = percentile(fullTimes, 0.5);
  const diagnostics = blocks.flatMap((block) => block.diagnostics);
  if (diagnostics.length > 0) throw new Error(`${name}: the generated reply has diagnostics: ${JSON.stringify(diagnostics.slice(0, 3))}`);
  const budgetReached = blocks.some((block) => block.diagnostics.some((item) => item.code === "reply_budget")) || fullTimes[fullTimes.length - 1]! >= UI_REPLY_LIMITS.elapsedMs;

  // The stream: every prefix growing by DELTA_UNITS, then the final text.
  const prefixes: string[] = [];
  for (let end = DELTA_UNITS; end < reply.length; end += DELTA_UNITS) prefixes.push(reply.slice(0, end));
  const stream = (): { updates: number[]; finalMs: number } => {
    const compiler = new UiCompiler(options);
    const updates: number[] = [];
    for (const prefix of prefixes) {
      const started = performance.now();
      compiler.compile(prefix);
      updates.push(performance.now() - started);
    }
    const started = performance.now();
    compiler.compile(reply, { final: true });
    return { updates, finalMs: performance.now() - started };
  };
  for (let run = 0; run < WARMUP_STREAMS; run++) stream();
  const { updates, finalMs } = stream();
  const total = updates.reduce((sum, value) => sum + value, 0) + finalMs;
  const sorted = [...updates].sort((left, right) => left - right);
  console.log(`  ${name}: ${reply.length} UTF-16 units, ${blocks.length} block(s), ${nodeCount(blocks)} nodes`);
  return {
    name,
    megabytesPerSecond: reply.length / 1e6 / (fullCompileMs / 1000),
    fullCompileMs,
    medianMs: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    worstMs: sorted[sorted.length - 1] ?? 0,
    streamMultiple: total / fullCompileMs,
    updates: updates.length,
    budgetReached,
  };
}

function main(): number {
  console.log("Compile benchmark (lib/ui): two generated 256 KB replies");
  const replies = [
    { name: "16 fences", reply: generateMultiFenceReply({ units: REPLY_UNITS, fences: 16 }) },
    { name: "1 fence", reply: generateSingleFenceReply({ units: REPLY_UNITS, sections: 60 }) },
  ];
  const results = replies.map(({ name, reply }) => measure(name, reply));
  let missed = 0;
  const check = (ok: boolean, text: string) => {
    console.log(`  ${ok ? "ok  " : "MISS"} ${text}`);
    if (!ok) missed++;
  };
  for (const result of results) {
    console.log(`\n${result.name}`);
    check(result.megabytesPerSecond >= TARGETS.fullCompileMegabytesPerSecond, `full compile: ${result.megabytesPerSecond.toFixed(1)} MB/s (${result.fullCompileMs.toFixed(2)} ms; target ≥ ${TARGETS.fullCompileMegabytesPerSecond} MB/s)`);
    check(result.medianMs < TARGETS.previewMedianMs, `preview update, median: ${result.medianMs.toFixed(3)} ms (target < ${TARGETS.previewMedianMs} ms)`);
    check(result.p99Ms < TARGETS.previewP99Ms, `preview update, p99: ${result.p99Ms.toFixed(3)} ms (target < ${TARGETS.previewP99Ms} ms)`);
    console.log(`       preview update, worst: ${result.worstMs.toFixed(3)} ms over ${result.updates} updates`);
    check(result.streamMultiple <= TARGETS.streamMultiple, `whole stream: ${result.streamMultiple.toFixed(1)}× one full compile (target ≤ ${TARGETS.streamMultiple}×)`);
    check(!result.budgetReached, `reply budget (${UI_REPLY_LIMITS.elapsedMs} ms) never reached`);
  }
  console.log(missed === 0 ? "\nAll targets met." : `\n${missed} target(s) missed.`);
  return missed === 0 ? 0 : 1;
}

process.exitCode = main();
