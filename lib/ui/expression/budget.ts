/**
 * The work budget of one compilation or one evaluation. Every loop in the
 * library that a model's text can drive (tokens, AST visits, helper elements,
 * repetitions) charges it, so a hostile block ends in a `UiFailure` with a
 * budget code instead of a hang, an out-of-memory or a stack overflow.
 *
 * The clock acts in one of two ways. A compilation's budget
 * (`UiBudget.forCompilation`) stops at `limits.elapsedMs`: a block is
 * compiled once and stored, so where it stopped is what everyone draws. Every
 * other budget — an evaluation's, a state's, a standalone expression's — is
 * decided by steps, iterations and string length alone, which count the same
 * on the server and in the browser, so both draw the same tree; its clock is
 * only a guard at `limits.evaluationGuardMs`, and once that passes the budget
 * stays `expired`, every later charge refused, so its owner gives the whole
 * evaluation up instead of drawing what one machine reached in time.
 */
import type { UiRange } from "../envelope/schema";
import { UiFailure } from "../failure";
import { resolveUiLimits, type UiLimitName, type UiLimits } from "../limits";

/**
 * Steps between two readings of the clock. Reading it costs far more than a
 * step, and 1,000 steps take microseconds, so a budget overshoots
 * its time limit by at most that much.
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

/** How a budget's clock acts (see the file comment). */
export type UiBudgetClock = "deadline" | "guard";

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
  private timeRanOut = false;
  /** What the clock does to this budget. */
  readonly clock: UiBudgetClock;

  /**
   * An evaluation's budget, its clock only a guard. `now` times the budget;
   * `date` is the wall clock `@Today()` reads (inject both for deterministic
   * tests).
   */
  constructor(limits?: UiLimits, now: () => number = monotonicNow, date: () => number = wallClock, clock: UiBudgetClock = "guard") {
    this.limits = Object.freeze(resolveUiLimits(limits));
    this.now = now;
    this.wallClock = date;
    this.clock = clock;
    this.startedAt = now();
  }

  /** A compilation's budget: it stops at `limits.elapsedMs`. */
  static forCompilation(limits?: UiLimits, now: () => number = monotonicNow): UiBudget {
    return new UiBudget(limits, now, wallClock, "deadline");
  }

  /** True once the clock ran out: the work done so far depends on the machine, so none of it may be shown. */
  get expired(): boolean {
    return this.timeRanOut;
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

  /** Charges `count` steps; refuses past `limits.steps`, once the clock has run out, and when it runs out as it is read. */
  step(count = 1): void {
    if (this.timeRanOut) throw new UiFailure("budget_time");
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

  /** Reads the clock now and refuses once more than its limit (`elapsedMs` for a compilation, `evaluationGuardMs` otherwise) has passed. */
  checkTime(): void {
    const limit = this.clock === "deadline" ? this.limits.elapsedMs : this.limits.evaluationGuardMs;
    if (this.timeRanOut || this.now() - this.startedAt > limit) {
      this.timeRanOut = true;
      throw new UiFailure("budget_time");
    }
  }
}
