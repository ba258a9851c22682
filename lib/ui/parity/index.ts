export { runUiParityVector, type UiParityRun } from "./run-ui-parity-vector";
export { parityUiNodes } from "./parity-ui-nodes";
export {
  PARITY_UI_BLOCK_ID,
  ParityUiDiagnosticSchema,
  ParityUiNodeSchema,
  ParityUiResultSchema,
  ParityUiStepOutcomeSchema,
  ParityUiStepSchema,
  UiParityInputSchema,
  UiParityVectorSchema,
  type ParityUiDiagnostic,
  type ParityUiNode,
  type ParityUiResult,
  type ParityUiStep,
  type ParityUiStepOutcome,
  type UiParityInput,
  type UiParityVector,
} from "./ui-parity-vector";
