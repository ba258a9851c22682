/**
 * A process started through `npm run` sits under a shell (`npm` → `sh -c` →
 * this process). Stopping `npm` with a signal kills that shell, which does
 * not pass the signal on, so the server would live on as an orphan holding
 * the port. Watching the parent id catches every way the parent can go
 * (SIGTERM, SIGINT, SIGKILL, a closed terminal) on every platform Node runs on.
 */

/** How often the parent is checked: quick enough that a stopped `npm` frees the port within a second. */
export const PARENT_CHECK_INTERVAL_MS = 250;

/**
 * Sends this process `signal` (default SIGTERM, which Next.js answers with a
 * graceful close) once its parent process has gone. The timer does not keep
 * the process alive by itself.
 * @param {{ signal?: NodeJS.Signals, intervalMs?: number }} [options]
 * @returns {() => void} stops watching
 */
export function exitWithParent(options = {}) {
  const signal = options.signal ?? "SIGTERM";
  const parentId = process.ppid;
  const timer = setInterval(() => {
    // A reparented process gets a new parent id (1, or a subreaper's): the one that started it is gone.
    if (process.ppid === parentId) return;
    clearInterval(timer);
    process.kill(process.pid, signal);
  }, options.intervalMs ?? PARENT_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
