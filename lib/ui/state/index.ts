/** Local state of one rendered block: state variables, query data and computed values. */
export { UiState, type UiStateListener, type UiStateOptions, type UiVariableKind } from "./ui-state";
export { UiStateSnapshotSchema, type UiStateRestoreReport, type UiStateSnapshot } from "./snapshot";
export { uiValueType, type UiValueType } from "./value-type";
