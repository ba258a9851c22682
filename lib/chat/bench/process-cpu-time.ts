/**
 * CPU time of a process and everything it started, from Linux's `/proc`: a
 * `next start` may run its server in a child process, so the bench sums the
 * whole tree. Elsewhere than Linux the figure is unavailable (null).
 */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of `/proc/<pid>/stat` times (`getconf CLK_TCK`; 100 on every Linux the app runs on). */
const CLOCK_TICKS_PER_SECOND = 100;

/** User and system ticks of one `/proc/<pid>/stat` line; null when it is not one. */
export function parseProcStatTicks(line: string): number | null {
  // The command name is in parentheses and may itself hold spaces and parentheses: fields start after the last ')'.
  const close = line.lastIndexOf(")");
  if (close === -1) return null;
  const fields = line.slice(close + 2).split(" ");
  // After the name: state is field 3, utime field 14, stime field 15 (1-based, as proc(5) counts them).
  const user = Number(fields[14 - 3]);
  const system = Number(fields[15 - 3]);
  return Number.isFinite(user) && Number.isFinite(system) ? user + system : null;
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (text) children.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // The process ended meanwhile.
  }
  return children;
}

/** CPU milliseconds (user and system) used so far by `pid` and its living descendants; null without `/proc`. */
export function processTreeCpuMs(pid: number): number | null {
  let ticks = 0;
  let found = false;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop() as number;
    let line: string;
    try {
      line = readFileSync(`/proc/${current}/stat`, "utf8");
    } catch {
      continue;
    }
    const own = parseProcStatTicks(line);
    if (own === null) continue;
    found = true;
    ticks += own;
    pending.push(...childrenOf(current));
  }
  return found ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
}
