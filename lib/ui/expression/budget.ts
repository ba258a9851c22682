/**
 * The work budget of one compilation or one evaluation. Every loop in the
 * library that a model's text can drive (tokens, AST visits, helper elements,
 * repetitions) charges it, so a hostile block ends in a `UiFailure` with a
 * budget code instead of a hang, an out-of-memory or a stack overflow.
 */
import type { UiRange } from "../envelope/schema";
import { UiFailure } from "../failure";
import { resolveUiLimits, type UiLimitName, type UiLimits } from "../limits";

/**
 * Steps between two readings of the clock. Reading it costs far more than a
 * step, and 1,000 steps take microseconds, so a budget overshoots
 * `elapsedMs` by at most that much.
 */
export const UI_CLOCK_INTERVAL_STEPS = 1_000;

/** The default clock: a monotonic millisecond counter in both Node and browsers. */
function monotonicNow(): number {
  return globalThis.performance.now();
}

/**
 * The default wall clock, which `@Today()` reads: milliseconds since
 * 1970-01-01 UTC, the same instant on a server and in a browser (a monotonic
 * clock starts at each page's load, so it cannot tell the date).
 */
function wallClock(): number {
  return Date.now();
}

/** Counts steps, iterations, string lengths, depth and time for one compile or evaluation. */
export class UiBudget {
  /** The resolved bounds this budget enforces. */
  readonly limits: Readonly<Record<UiLimitName, number>>;
  private readonly now: () => number;
  private readonly wallClock: () => number;
  private wallTimeRead: number | undefined;
  private readonly startedAt: number;
  private stepsTaken = 0;
  private iterationsReserved = 0;
  private stepsSinceClock = 0;

  /** `now` times the budget; `date` is the wall clock `@Today()` reads (inject both for deterministic tests). */
  constructor(limits?: UiLimits, now: () => number = monotonicNow, date: () => number = wallClock) {
    this.limits = Object.freeze(resolveUiLimits(limits));
    this.now = now;
    this.wallClock = date;
    this.startedAt = now();
  }

  /** Steps taken so far. */
  get steps(): number {
    return this.stepsTaken;
  }

  /** Iterations reserved so far. */
  get iterations(): number {
    return this.iterationsReserved;
  }

  /** Milliseconds since the budget was created, by its clock. */
  elapsedMs(): number {
    return this.now() - this.startedAt;
  }

  /** The wall-clock instant in milliseconds since 1970 UTC, read once: every `@Today()` of one evaluation sees the same date, even across midnight. */
  wallTime(): number {
    if (this.wallTimeRead === undefined) this.wallTimeRead = this.wallClock();
    return this.wallTimeRead;
  }

  /** Charges `count` steps; refuses past `limits.steps`, and past `limits.elapsedMs` when the clock is read. */
  step(count = 1): void {
    this.stepsTaken += count;
    if (this.stepsTaken > this.limits.steps) throw new UiFailure("budget_steps");
    this.stepsSinceClock += count;
    if (this.stepsSinceClock >= UI_CLOCK_INTERVAL_STEPS) {
      this.stepsSinceClock = 0;
      this.checkTime();
    }
  }

  /** Reserves `count` iterations before the caller allocates for them; refuses past `limits.iterations`. */
  iterate(count: number): void {
    this.iterationsReserved += count;
    if (this.iterationsReserved > this.limits.iterations) throw new UiFailure("budget_iterations");
  }

  /** Refuses a string of `length` UTF-16 units longer than `limits.stringLength` (call before building it). */
  checkString(length: number, range?: UiRange): void {
    if (length > this.limits.stringLength) throw new UiFailure("budget_string", undefined, range);
  }

  /** Refuses a nesting `depth` beyond `limits.nesting`. */
  checkDepth(depth: number, range?: UiRange): void {
    if (depth > this.limits.nesting) throw new UiFailure("budget_depth", undefined, range);
  }

  /** Refuses a source of `length` UTF-16 units longer than `limits.characters`. */
  checkCharacters(length: number): void {
    if (length > this.limits.characters) throw new UiFailure("budget_characters");
  }

  /** Reads the clock now and refuses once more than `limits.elapsedMs` have passed. */
  checkTime(): void {
    if (this.now() - this.startedAt > this.limits.elapsedMs) throw new UiFailure("budget_time");
  }
}
