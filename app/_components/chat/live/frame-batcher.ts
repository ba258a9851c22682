/**
 * Gathering what arrives between two frames, so a screen applies it in one
 * update per animation frame however many events come (a fast reply, a
 * backlog after a pause) instead of one per event. A browser tab that is
 * hidden draws no frames; a fallback timer then applies the batch anyway, so
 * a background tab keeps up and is current when it is shown again.
 */

/** Milliseconds a batch waits when no frame comes (a hidden tab): often enough to keep up, rarely enough to cost nothing. */
export const FRAME_FALLBACK_MS = 250;

/** How the batcher asks for a frame and a fallback timer; the browser's by default, the tests' own. */
export type FrameScheduler = {
  requestFrame: (callback: () => void) => number;
  cancelFrame: (handle: number) => void;
  setTimer: (callback: () => void, milliseconds: number) => number;
  clearTimer: (handle: number) => void;
};

/** The browser's frames and timers. */
export const BROWSER_FRAME_SCHEDULER: FrameScheduler = {
  requestFrame: (callback) => window.requestAnimationFrame(callback),
  cancelFrame: (handle) => window.cancelAnimationFrame(handle),
  setTimer: (callback, milliseconds) => window.setTimeout(callback, milliseconds),
  clearTimer: (handle) => window.clearTimeout(handle),
};

/** Batches items per animation frame (see the file comment). */
export class FrameBatcher<Item> {
  private pending: Item[] = [];
  private frame: number | null = null;
  private timer: number | null = null;
  private closed = false;

  /** A batcher handing each batch, in arrival order, to `apply`. */
  constructor(
    private readonly apply: (batch: Item[]) => void,
    private readonly scheduler: FrameScheduler = BROWSER_FRAME_SCHEDULER,
  ) {}

  /** Adds an item to the next frame's batch. */
  push(item: Item): void {
    if (this.closed) return;
    this.pending.push(item);
    if (this.frame !== null) return;
    this.frame = this.scheduler.requestFrame(() => this.flush());
    this.timer = this.scheduler.setTimer(() => this.flush(), FRAME_FALLBACK_MS);
  }

  /** Applies what is pending now (a snapshot need not wait for a frame). */
  flush(): void {
    if (this.frame !== null) this.scheduler.cancelFrame(this.frame);
    if (this.timer !== null) this.scheduler.clearTimer(this.timer);
    this.frame = null;
    this.timer = null;
    if (this.closed || this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.apply(batch);
  }

  /** Drops what is pending and takes nothing more. */
  close(): void {
    this.closed = true;
    this.pending = [];
    this.flush();
  }
}
