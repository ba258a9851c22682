/**
 * Reading `visibleWhen`. The guide's rules: one equality test, and if several
 * are sent only the first of equals, in, not survives; range tests combine
 * and all must hold. A condition with both families keeps the equality (it
 * is the first family the guide names); one with no usable test is dropped,
 * so the node shows, rather than hiding content behind a test nobody wrote.
 */
import type { GenuiPath } from "../diagnostics/path";
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";
import { EQUALITY_TESTS, RANGE_TESTS, type GenuiCondition, type GenuiConditionValue } from "../schema/condition";
import { readCapped } from "./read-capped";
import { ABSENT, isRawList, isRawRecord } from "./raw";
import { NodeFields } from "./node-fields";
import { INVALID, isFieldName, readNumber } from "./read-values";
import type { SpecWalk } from "./spec-walk";

const CONDITION_KEYS: ReadonlySet<string> = new Set(["field", ...EQUALITY_TESTS, ...RANGE_TESTS]);

/**
 * A value compared with a field. A string over the cap is refused rather
 * than cut: a cut string would compare equal to something else.
 */
function readConditionValue(_walk: SpecWalk, value: unknown): GenuiConditionValue | typeof INVALID {
  if (typeof value === "string") return value.length <= GENUI_LIMITS.stringLength ? value : INVALID;
  if (typeof value === "number") return Number.isFinite(value) ? value : INVALID;
  if (typeof value === "boolean") return value;
  return INVALID;
}

/** Reads a node's `visibleWhen`; `undefined` when it is absent or unusable (reported). */
export function readCondition(walk: SpecWalk, raw: unknown, path: GenuiPath): GenuiCondition | undefined {
  if (!isRawRecord(raw)) {
    walk.diagnostics.report("invalid_condition", path);
    return undefined;
  }
  const fields = new NodeFields(walk, raw, path);
  const field = fields.raw("field");
  if (!isFieldName(field)) {
    walk.diagnostics.report("invalid_condition", path.child("field"));
    return undefined;
  }
  const condition: GenuiCondition = { field };
  let equality: (typeof EQUALITY_TESTS)[number] | undefined;
  for (const test of EQUALITY_TESTS) {
    const value = fields.raw(test);
    if (value === ABSENT) continue;
    if (equality !== undefined) {
      walk.diagnostics.report("condition_extra", path.child(test), `kept ${equality}`);
      continue;
    }
    if (test === "in") {
      if (!isRawList(value)) {
        walk.diagnostics.report("invalid_field", path.child(test), "an array");
        continue;
      }
      const options = { cap: GENUI_BUDGETS.conditionValues, noun: "values", spendsEntries: true };
      condition.in = readCapped(walk, value, path.child(test), options, readConditionValue);
      equality = test;
      continue;
    }
    const read = readConditionValue(walk, value);
    if (read === INVALID) {
      walk.diagnostics.report("invalid_field", path.child(test));
      continue;
    }
    condition[test] = read;
    equality = test;
  }
  let ranges = 0;
  for (const test of RANGE_TESTS) {
    const value = fields.raw(test);
    if (value === ABSENT) continue;
    if (equality !== undefined) {
      walk.diagnostics.report("condition_family", path.child(test), `kept ${equality}`);
      continue;
    }
    const bound = readNumber(walk, value, path.child(test));
    if (bound === INVALID) walk.diagnostics.report("invalid_field", path.child(test), "a number");
    else {
      condition[test] = bound;
      ranges += 1;
    }
  }
  fields.reportUnknown(CONDITION_KEYS);
  if (equality === undefined && ranges === 0) {
    walk.diagnostics.report("invalid_condition", path);
    return undefined;
  }
  return condition;
}
