export { runGenuiParityVector, type GenuiParityRun } from "./run-genui-parity-vector";
export {
  GenuiParityInputSchema,
  GenuiParityVectorSchema,
  ParityGenuiDiagnosticSchema,
  ParityGenuiNodeSchema,
  ParityGenuiResultSchema,
  ParityGenuiStepOutcomeSchema,
  ParityGenuiStepSchema,
  type GenuiParityInput,
  type GenuiParityVector,
  type ParityGenuiDiagnostic,
  type ParityGenuiNode,
  type ParityGenuiResult,
  type ParityGenuiStep,
  type ParityGenuiStepOutcome,
} from "./genui-parity-vector";
