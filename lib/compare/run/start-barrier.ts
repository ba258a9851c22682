/**
 * A gate several turns wait at so they start together: each arrives (its
 * turn stored) or drops out (refused); when every one has done either, the
 * gate opens for all at once, and the moment it opened is kept.
 */

/** A gate for `count` turns (see the file comment). */
export class StartBarrier {
  private waiting: number;
  private open!: () => void;
  private readonly opened: Promise<void>;
  /** `performance.now()` when the gate opened, or null before. */
  openedAt: number | null = null;

  /** A gate for `count` turns; a gate for none is open at once. */
  constructor(count: number) {
    this.waiting = count;
    this.opened = new Promise((resolve) => {
      this.open = () => {
        this.openedAt = performance.now();
        resolve();
      };
    });
    if (count <= 0) this.open();
  }

  /** One turn is ready; resolves when the gate opens. */
  arrive(): Promise<void> {
    this.settleOne();
    return this.opened;
  }

  /** One turn will not come (it was refused before arriving). */
  drop(): void {
    this.settleOne();
  }

  /** Resolves when the gate opens. */
  whenOpen(): Promise<void> {
    return this.opened;
  }

  private settleOne(): void {
    if (this.waiting <= 0) return;
    this.waiting -= 1;
    if (this.waiting === 0) this.open();
  }
}
