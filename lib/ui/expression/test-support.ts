/**
 * Shared by the expression tests: evaluate a source string, or capture the
 * `UiFailure` it ends in (anything else thrown fails the test).
 */
import { UiFailure } from "../failure";
import type { UiLimits } from "../limits";
import { UiBudget } from "./budget";
import { evaluateUiExpression } from "./evaluate";
import { parseUiExpression } from "./parse";
import type { UiValue } from "./value";

/**
 * A clock that never moves: the tests pin which count runs out (steps,
 * iterations, string length, depth), which the time budget must not pre-empt
 * on a busy machine; the clock itself is tested with an injected `now`.
 */
const STILL_CLOCK = () => 0;

/** Parses and evaluates `source` with `variables` under a fresh budget with `limits` (time never runs out). */
export function run(source: string, variables: Record<string, UiValue> = {}, limits?: UiLimits): UiValue {
  const budget = new UiBudget(limits, STILL_CLOCK);
  return evaluateUiExpression(parseUiExpression(source, budget), variables, budget);
}

/** The `UiFailure` that `action` throws; fails when it throws anything else or nothing. */
export function failureOf(action: () => unknown): UiFailure {
  try {
    action();
  } catch (caught) {
    if (caught instanceof UiFailure) return caught;
    throw new Error(`expected a UiFailure, got ${String(caught)}`);
  }
  throw new Error("expected a UiFailure, got a result");
}

/** The failure code of evaluating `source`. */
export function failureCode(source: string, variables: Record<string, UiValue> = {}, limits?: UiLimits): string {
  return failureOf(() => run(source, variables, limits)).code;
}
