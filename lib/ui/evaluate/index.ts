/** Evaluation of a compiled block into the tree a renderer draws. */
export { evaluateUiBlock } from "./evaluate-block";
export type { UiBinding, UiEvaluation, UiViewAction, UiViewNode } from "./view-node";
export { uiControlAccepts, UI_STEP_TOLERANCE } from "./control-rules";
export { uiDisplayText, UI_UNKNOWN_TEXT } from "./display-text";
