/** Choices a person picks and the input values sent with them. */
export { resolveUiChoice, UiChoiceSelectionSchema, type UiChoiceSelection } from "./resolve-choice";
export { uiInputValues } from "./input-values";
