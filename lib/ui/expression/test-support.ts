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
 * A wall clock generous enough for a cold JIT on a busy two-core machine: the
 * tests pin which count runs out (steps, iterations, string length, depth);
 * the clock itself is tested with an injected `now`.
 */
const TEST_ELAPSED_MS = 10_000;

/** Parses and evaluates `source` with `variables` under a fresh budget with `limits`. */
export function run(source: string, variables: Record<string, UiValue> = {}, limits?: UiLimits): UiValue {
  const budget = new UiBudget({ elapsedMs: TEST_ELAPSED_MS, ...limits });
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
