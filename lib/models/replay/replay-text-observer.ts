/**
 * A process-wide observer of replayed text, for `npm run bench:load`: its
 * probe (lib/chat/bench/server-probe.mjs, preloaded into the server) sets one
 * on `globalThis` under `REPLAY_TEXT_OBSERVER`, and the replay model tells it,
 * for each stream, the prompt it answers and then each text part's end offset
 * with the moment that part was due by the recording's pace. That moment is
 * the text's arrival at the server as a model would have sent it, whether or
 * not the server was free to take it then, so a preview's latency measured
 * from it includes any lag of an overloaded server. Unset (always, but in the
 * bench), nothing is observed.
 */

/** Where the observer is kept on `globalThis` (a registered symbol: the probe and the bundled app share it). */
export const REPLAY_TEXT_OBSERVER = Symbol.for("octo.replayTextObserver");

/** Receives a stream's text as it goes out: the end offset of each part, and when it was due (epoch milliseconds). */
export type ReplayTextReceiver = (endOffset: number, dueAt: number) => void;

/** Told a new stream's prompt; returns where its text goes, or null to ignore it. */
export type ReplayTextObserver = (prompt: string) => ReplayTextReceiver | null;

/** The receiver for a stream answering `prompt`, when an observer is set. */
export function observeReplayText(prompt: string): ReplayTextReceiver | null {
  const observer = (globalThis as { [REPLAY_TEXT_OBSERVER]?: unknown })[REPLAY_TEXT_OBSERVER];
  return typeof observer === "function" ? (observer as ReplayTextObserver)(prompt) : null;
}
