/**
 * Resident memory of a process and everything it started, from Linux's
 * `/proc` (a `next start` may run its server in a child process), and a
 * sampler that keeps the peak while something runs. Elsewhere than Linux the
 * figure is unavailable (null).
 */
import { readFileSync } from "node:fs";

function descendants(pid: number): number[] {
  const found: number[] = [];
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    found.push(current);
    try {
      const text = readFileSync(`/proc/${current}/task/${current}/children`, "utf8").trim();
      if (text) pending.push(...text.split(/\s+/).map(Number));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/** Resident bytes of `pid` and its living descendants; null without `/proc`. */
export function processTreeRssBytes(pid: number): number | null {
  let total = 0;
  let seen = false;
  for (const current of descendants(pid)) {
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${current}/status`, "utf8"));
      if (match) {
        total += Number(match[1]) * 1_024;
        seen = true;
      }
    } catch {
      // Gone.
    }
  }
  return seen ? total : null;
}

/** Milliseconds between two samples of a running measurement. */
const SAMPLE_INTERVAL_MS = 20;

/** Runs `work` while sampling the process tree's memory; returns its result, the memory before and the peak during it. */
export async function withPeakMemory<Result>(pid: number, work: () => Promise<Result>): Promise<{ result: Result; before: number | null; peak: number | null }> {
  const before = processTreeRssBytes(pid);
  let peak = before;
  const timer = setInterval(() => {
    const now = processTreeRssBytes(pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, SAMPLE_INTERVAL_MS);
  try {
    const result = await work();
    const last = processTreeRssBytes(pid);
    if (last !== null && (peak === null || last > peak)) peak = last;
    return { result, before, peak };
  } finally {
    clearInterval(timer);
  }
}
