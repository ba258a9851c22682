/**
 * @adecore/intelligent-ui, as this project builds it: a streaming compiler and
 * bounded expression interpreter for UI blocks in agent replies. The public
 * names are the reference's (shared/seeds/004_b1afb742d2a6bd4c.txt); each
 * folder's own index lists its further exports for tooling.
 */

// Compilation
export { compileUi, compileUiBlock, UiCompiler, warmUpUiCompiler, UI_WARM_UP_MS } from "./compile";
export type { UiCompileCatalog, UiCompileOptions, UiCompilerOptions, UiCompileUpdate, UiQuerySchemas } from "./compile";
export { parseUiSyntax, scanUiFences, parseUiFenceInfo } from "./syntax";
export type { UiSyntax, UiSyntaxNode, UiFence, UiFenceInfo } from "./syntax";

// Envelope
export {
  UiBlockSchema,
  UiBlocksSchema,
  UiDeclarationSchema,
  UiDiagnosticSchema,
  UiNodeSchema,
  UiRangeSchema,
  type UiBlock,
  type UiBlocks,
  type UiDeclaration,
  type UiDiagnostic,
  type UiNode,
  type UiRange,
} from "./envelope/schema";
export { UiFailure, isUiFailure, uiDiagnostic } from "./failure";
export {
  UI_DIAGNOSTIC_MESSAGES,
  UI_FAILURE_MESSAGES,
  type UiDiagnosticCode,
  type UiFailureCode,
} from "./diagnostics/codes";

// Catalog and the texts a model reads
export {
  isUiComponent,
  UI_CATALOG,
  UI_CATALOG_VERSION,
  UI_COMPONENT_NAMES,
  UI_FENCE_LANGUAGE,
  UI_GROUPS,
  UI_GROUP_NAMES,
  uiBlockFallback,
  uiCatalogText,
  uiCompactCatalog,
  uiFallbackText,
  uiReferenceText,
  uiSessionNote,
  UiToneSchema,
  type UiCatalogEntry,
  type UiChildRule,
  type UiComponentName,
  type UiGroupName,
  type UiProps,
  type UiTone,
} from "./catalog";

// Expressions and values
export {
  copyUiValue,
  evaluateUiExpression,
  parseUiExpression,
  safeKey,
  UiBudget,
  UiValueSchema,
  type UiExpression,
  type UiHelperName,
  type UiRecord,
  type UiValue,
} from "./expression";
export { UI_LIMITS, UI_REPLY_LIMITS, type UiLimits, type UiReplyLimits } from "./limits";

// State and evaluation
export { UiState, UiStateSnapshotSchema, type UiStateListener, type UiStateSnapshot } from "./state";
export { evaluateUiBlock, type UiBinding, type UiEvaluation, type UiViewAction, type UiViewNode } from "./evaluate";

// Queries
export { UiQuerySchema, uiQueryArguments, uiQueryFallback, uiQueryKey, type UiQuery } from "./query";

// Choices and links
export { resolveUiChoice, uiInputValues, UiChoiceSelectionSchema, type UiChoiceSelection } from "./choice";
export {
  uiLinkTargets,
  uiValidatedState,
  UiLinkResolutionSchema,
  UiLinkTargetSchema,
  type UiLinkResolution,
  type UiLinkTarget,
} from "./link";

// Stream
export { UiStream, UI_STREAM_INTERVAL_MS, type UiStreamClock, type UiStreamOptions, type UiStreamPreview } from "./stream";
