/**
 * Simulated time for chat tests, shared by the replay model and the chat's
 * UiStreams: the replay's waits advance the clock (running every preview
 * timer that falls due) instead of sleeping, so a reply streams in
 * milliseconds with the previews it would have had at real speed. A test can
 * `hold` time to look at a reply mid-stream, then release it. Test-only.
 */
import type { ReplaySleep } from "@/lib/models/replay/replay-sleep";
import type { UiStreamClock } from "@/lib/ui/stream/stream";

type Timer = { id: number; at: number; callback: () => void };

/** A clock and a replay sleep over simulated time (see the file comment). */
export class FakeTime implements UiStreamClock {
  private current = 0;
  private nextId = 1;
  private timers: Timer[] = [];
  private gate: Promise<void> | null = null;

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, milliseconds: number): unknown {
    const timer = { id: this.nextId++, at: this.current + Math.max(0, milliseconds), callback };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Moves time forward, running each timer that falls due in order. */
  advance(milliseconds: number): void {
    const target = this.current + milliseconds;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= target).sort((left, right) => left.at - right.at || left.id - right.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.current = Math.max(this.current, due.at);
      due.callback();
    }
    this.current = target;
  }

  /** The replay model's wait: advances simulated time, after yielding to other work (and any hold). */
  readonly sleep: ReplaySleep = async (milliseconds, signal) => {
    while (this.gate) await this.gate;
    // A macrotask turn, so database and bus work interleave with the reply as they would in real time.
    await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) throw new DOMException("The replay was aborted.", "AbortError");
    this.advance(milliseconds);
  };

  /** Stops time at the next wait until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.gate = gate;
    return () => {
      if (this.gate === gate) this.gate = null;
      release();
    };
  }
}
