/**
 * The expression language's public surface. Code inside the library imports
 * the concrete files; hosts and `lib/ui/index.ts` import from here.
 */
export type { UiBinaryOperator, UiExpression, UiHelperName, UiUnaryOperator } from "./ast";
export { FORBIDDEN_KEYS, safeKey, UiValueSchema, type UiRecord, type UiValue } from "./value";
export { UI_CLOCK_INTERVAL_STEPS, UiBudget, type UiBudgetClock } from "./budget";
export { isUiHelperName, parseUiExpression, UI_HELPER_ARITY } from "./parse";
export {
  containsUiHelper,
  isUiConstantExpression,
  uiActionKind,
  uiExpressionChildren,
  uiExpressionVariables,
  uiFreeLocals,
  uiQueryCall,
  type UiAction,
  type UiQueryCall,
} from "./analyze";
export { evaluateUiExpression, evaluateUiExpressionIn, type UiEvaluationScope } from "./evaluate";
export { uiValuesEqual } from "./equal";
export { UI_JOIN_SEPARATOR, UI_ROUND_MAX_DIGITS, UI_STRING_UNITS_PER_STEP } from "./helpers";
export { formatUiValue, UI_FORMAT_LOCALE, UI_FORMAT_STYLES } from "./format";
export { copyUiValue } from "./copy";
