/** Models: the registry, the replay provider, the system prompt and the render_ui tool. */
export {
  diagnosticsPreambleText,
  PREAMBLE_DIAGNOSTICS_LIMIT,
  PreambleDiagnosticSchema,
  type PreambleDiagnostic,
} from "./diagnostics-preamble";
export { readProviderConfiguration, type ProviderConfiguration } from "./providers/provider-configuration";
export {
  createModelRegistry,
  getModel,
  listModels,
  ModelIdSchema,
  modelRegistry,
  REPLAY_MODEL_ID,
  type ModelEntry,
  type ModelLookup,
  type ModelLookupError,
  type ModelRegistry,
  type ModelRegistryOptions,
} from "./registry";
export { executeRenderUi, RENDER_UI_TOOL_NAME, renderUiTool, type RenderUiToolResult } from "./render-ui-tool";
export { buildSystemPrompt, type ReplyTransport, type SystemPromptOptions } from "./system-prompt";
export { createReplayModel, ReplayLanguageModel, type ReplayModelOptions } from "./replay/replay-language-model";
export { ReplayConsumptionError, ReplaySession, type ReplayCall } from "./replay/replay-session";
export { instantSleep } from "./replay/replay-sleep";
