/**
 * Any of the app's server-sent event channels read as the browser's
 * `EventSource` would (a chat's, a person's chat list), for the process
 * suites: every event's parsed JSON with its arrival time, and a way to wait
 * for one that matches.
 */
import { SseFrameReader } from "../bench/sse-frame-reader";

/** An open channel. */
export type EventChannel = {
  /** Every event so far, in order, with `performance.now()` of its arrival. */
  readonly events: readonly { data: unknown; receivedAt: number }[];
  /** Resolves with the first event (already received or later) that `match` accepts; rejects after `timeoutMs`. */
  waitFor: <T>(match: (data: unknown) => T | undefined | false | null, timeoutMs?: number) => Promise<T>;
  /** Resolves when the server ends the stream (or the connection breaks). */
  readonly ended: Promise<void>;
  close: () => void;
};

/** Opens `url` with the person's cookie; resolves once the server has answered (throws on a refusal). */
export async function openEventChannel(input: { url: string; cookie: string }): Promise<EventChannel> {
  const abort = new AbortController();
  const response = await fetch(input.url, { headers: { cookie: input.cookie, accept: "text/event-stream" }, signal: abort.signal });
  if (!response.ok || !response.body) throw new Error(`the channel ${input.url} refused: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const frames = new SseFrameReader();
  const events: { data: unknown; receivedAt: number }[] = [];
  const listeners = new Set<() => void>();
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const data of frames.push(value)) events.push({ data: JSON.parse(data), receivedAt: performance.now() });
        for (const listener of [...listeners]) listener();
      }
    } catch {
      // Closed here, or the server went away: `ended` resolves either way.
    }
    for (const listener of [...listeners]) listener();
  })();
  let closed = false;
  void ended.then(() => (closed = true));
  const waitFor = <T>(match: (data: unknown) => T | undefined | false | null, timeoutMs = 60_000) =>
    new Promise<T>((resolve, reject) => {
      let checked = 0;
      const check = () => {
        for (; checked < events.length; checked += 1) {
          const found = match(events[checked]!.data);
          if (found !== undefined && found !== false && found !== null) {
            finish();
            resolve(found);
            return;
          }
        }
        if (closed) {
          finish();
          reject(new Error(`the channel ${input.url} ended before the event waited for arrived`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`no matching event on ${input.url} within ${timeoutMs} ms (${events.length} events)`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  return { events, waitFor, ended, close: () => abort.abort() };
}
