/**
 * The replay model's notion of time. The app waits in real time so a reply
 * streams like a real model's; tests inject a sleep that returns at once (or
 * records what it was asked to wait) so they run in milliseconds.
 */

/** Waits `milliseconds`, rejecting with an `AbortError` as soon as `signal` aborts. */
export type ReplaySleep = (milliseconds: number, signal?: AbortSignal) => Promise<void>;

/** The error a stopped replay fails with; the AI SDK recognises the `AbortError` name as a stop, not a failure. */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === "AbortError") return reason;
  return new DOMException("The replay was aborted.", "AbortError");
}

/** Real time, with `setTimeout`; an abort cancels the timer and rejects at once. */
export const realSleep: ReplaySleep = (milliseconds, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** No waiting at all (still honouring an abort), for tests. */
export const instantSleep: ReplaySleep = (_milliseconds, signal) =>
  signal?.aborted ? Promise.reject(abortError(signal)) : Promise.resolve();
