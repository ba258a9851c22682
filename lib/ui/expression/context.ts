/**
 * What a helper sees of the evaluation it runs in. Helpers evaluate their own
 * arguments (so `@Filter`/`@Map` can bind a local and evaluate their body
 * once per element) and report what they build, so its size is bounded.
 */
import type { UiFailureCode } from "../diagnostics/codes";
import type { UiFailure } from "../failure";
import type { UiExpression } from "./ast";
import type { UiBudget } from "./budget";
import type { UiRecord, UiValue } from "./value";

/** A `@Helper(…)` node of the syntax tree. */
export type UiCallExpression = Extract<UiExpression, { kind: "call" }>;

/** The evaluation as one helper call sees it. */
export interface UiHelperContext {
  /** The budget of the whole evaluation. */
  readonly budget: UiBudget;
  /** The call being evaluated. */
  readonly call: UiCallExpression;
  /** The number of arguments written. */
  readonly argumentCount: number;
  /** Evaluates argument `index` in the caller's scope. */
  argument(index: number): UiValue;
  /** Evaluates argument `index` with the local `name` bound to `value` (the body of `@Filter`/`@Map`). */
  argumentWith(index: number, name: string, value: UiValue): UiValue;
  /** Registers a list or record the helper built; refuses one too large or too deep. */
  built<Container extends UiValue[] | UiRecord>(container: Container): Container;
  /** A failure located at the call. */
  fail(code: UiFailureCode, detail: string): UiFailure;
}
