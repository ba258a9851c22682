/**
 * Every bound the library enforces, in one place. A model's text is hostile
 * input: each number below is what keeps one reply, one block or one
 * evaluation from costing more than a host can afford.
 */

/** Bounds on compiling and evaluating one UI block (override with `UiLimits`). */
export const UI_LIMITS = {
  /** UTF-16 units of one fence's source; a reply may carry no more UI source than this in all. */
  characters: 262_144,
  /** Depth of nested elements, and of nested expressions: deep enough for any real layout, shallow enough for recursion. */
  nesting: 32,
  /** Compiled nodes in one block; a reply holds no more than this either (`UI_REPLY_LIMITS.nodes`). */
  nodes: 2_048,
  /** Diagnostics kept per block; past this, one more says how many were left out. */
  diagnostics: 100,
  /** Evaluation steps (AST visits and helper element visits) in one evaluation. */
  steps: 200_000,
  /** Iterations of `Each`, `@Filter`, `@Map` and other list helpers in one evaluation, reserved before allocating. */
  iterations: 10_000,
  /** Longest string one expression may produce: stops doubling a string until memory runs out. */
  stringLength: 100_000,
  /**
   * Wall-clock milliseconds for one block's compilation: a guard against
   * slowness the step and iteration bounds do not catch. A block is compiled
   * once, on the server, and stored, so where this stops is what every
   * viewer draws; the reply's own compile budget is `UI_REPLY_LIMITS.elapsedMs`.
   * An evaluation does not stop here (see `evaluationGuardMs`).
   */
  elapsedMs: 250,
  /**
   * Wall-clock milliseconds after which one evaluation is given up whole, as
   * the block's plain fallback: a last resort, never what decides what is
   * drawn. An evaluation runs on the server and again in the browser, which
   * must draw the same tree (React hydrates the server's HTML): steps,
   * iterations and string length decide, and they count the same on both;
   * a clock does not (a cold server under load is several times slower than
   * a warm browser). At 250 ms, as compilation has, a block of nested `Each`
   * stopped at different items on the two sides (React error #418 on
   * reload). The largest evaluation the step bounds allow took 0.1–0.3 s
   * warm and up to 0.8 s cold on this busy 2-core machine (149k steps of
   * nested `Each`, 240k of `Stat`s); 5 s is reached only by work that is not
   * charged as steps.
   */
  evaluationGuardMs: 5_000,
} as const;

/** The names of the bounds in `UI_LIMITS`. */
export type UiLimitName = keyof typeof UI_LIMITS;

/** Overrides of `UI_LIMITS`; a missing entry keeps the default. */
export type UiLimits = Partial<Record<UiLimitName, number>>;

/** Bounds on everything one assistant reply may compile; further fences stay text. */
export const UI_REPLY_LIMITS = {
  /** Compiled UI blocks in one reply. */
  blocks: 16,
  /** UTF-16 units of UI fence source in one reply. */
  sourceUnits: 262_144,
  /** Compiled nodes in one reply. */
  nodes: 2_048,
  /** Cumulative compilation milliseconds for one reply. */
  elapsedMs: 60,
} as const;

/** The shape of `UI_REPLY_LIMITS`, for overrides in tests and hosts. */
export type UiReplyLimits = { [Name in keyof typeof UI_REPLY_LIMITS]: number };

/** Resolves overrides against the defaults; a non-finite or negative override is ignored. */
export function resolveUiLimits(overrides?: UiLimits): Record<UiLimitName, number> {
  const resolved: Record<UiLimitName, number> = { ...UI_LIMITS };
  if (!overrides) return resolved;
  for (const name of Object.keys(UI_LIMITS) as UiLimitName[]) {
    const value = overrides[name];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) resolved[name] = value;
  }
  return resolved;
}
