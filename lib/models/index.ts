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
  REPLAY_PERSONA_IDS,
  type ModelEntry,
  type ModelLookup,
  type ModelLookupError,
  type ModelRegistry,
  type ModelRegistryOptions,
  type ReplayPersonaTiming,
} from "./registry";
export { executeRenderUi, RENDER_UI_TOOL_NAME, renderUiTool, type RenderUiToolResult } from "./render-ui-tool";
export { buildSystemPrompt, type ReplyTransport, type SystemPromptOptions } from "./system-prompt";
export { createReplayModel, ReplayLanguageModel, type ReplayModelOptions, type ReplaySelection } from "./replay/replay-language-model";
export { REPLAY_COMPARISON_PROMPTS, type ReplayComparisonPrompt } from "./replay/comparison-prompts";
export { loadReplayPersonas, REPLAY_PERSONA_NAMES, type ReplayPersona } from "./replay/load-replay-personas";
export { ReplayConsumptionError, ReplaySession, type ReplayCall } from "./replay/replay-session";
export { instantSleep } from "./replay/replay-sleep";
