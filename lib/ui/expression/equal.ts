/**
 * Equality of values for `===`, `!==` and list membership. Values are JSON,
 * where identity means nothing, so lists and records compare by content:
 * `[1, 2] === [1, 2]` is true, and `{a: 1, b: 2} === {b: 2, a: 1}` too (key
 * order is not part of a record). Numbers compare as numbers (`0 === -0`).
 * Every pair of nodes visited costs a step.
 */
import type { UiBudget } from "./budget";
import { isUiRecord, ownKeys, readOwnIndex, readOwnValue } from "./read";
import type { UiValue } from "./value";

/** Deep, strict equality of two values, charged to the budget. */
export function uiValuesEqual(left: UiValue, right: UiValue, budget: UiBudget): boolean {
  return equalAt(left, right, budget, 1);
}

/** Equality of two values `depth` lists or records below where the comparison started. */
function equalAt(left: UiValue, right: UiValue, budget: UiBudget, depth: number): boolean {
  budget.step();
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null) return false;
  budget.checkDepth(depth);
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) {
      if (!equalAt(readOwnIndex(left, index), readOwnIndex(right, index), budget, depth + 1)) return false;
    }
    return true;
  }
  if (!isUiRecord(right)) return false;
  const leftKeys = ownKeys(left);
  if (leftKeys.length !== ownKeys(right).length) return false;
  for (const key of leftKeys) {
    if (!Object.hasOwn(right, key)) return false;
    if (!equalAt(readOwnValue(left, key), readOwnValue(right, key), budget, depth + 1)) return false;
  }
  return true;
}
