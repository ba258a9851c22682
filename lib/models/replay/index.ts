/** The replay provider: recorded replies played as a real AI SDK language model. */
export { REPLAY_COMPARISON_PROMPTS, type ReplayComparisonPrompt } from "./comparison-prompts";
export { chunkText, REPLAY_CHUNK_MAX_CHARACTERS, type ChunkTextOptions } from "./chunk-text";
export { DEFAULT_REPLY_ID, defaultReplyText, type DefaultReplyOptions } from "./default-reply";
export { generateHugeReply, HUGE_REPLY_LAST_LINE, type HugeReplyContent } from "./huge-reply";
export {
  createReplayLibrary,
  endsInsideFence,
  loadReplayLibrary,
  REPLAY_FIXTURES_DIRECTORY,
  ReplayLibraryError,
  type ReplayLibrary,
} from "./load-recordings";
export {
  loadReplayPersonas,
  PERSONA_FILE_NAME,
  PERSONA_RECORDINGS_FOLDER,
  REPLAY_PERSONA_NAMES,
  REPLAY_PERSONAS_DIRECTORY,
  type ReplayPersona,
} from "./load-replay-personas";
export { matchRecording, REPLAY_DIRECT_COMMAND, type RecordingSelection } from "./match-recording";
export {
  RecordingFaultSchema,
  RecordingFileSchema,
  RecordingMatchSchema,
  RecordingPaceSchema,
  RecordingSchema,
  type Recording,
  type RecordingFault,
  type RecordingFile,
  type RecordingMatch,
  type RecordingStep,
} from "./recording-schema";
export {
  createReplayModel,
  defaultReplayLibrary,
  readPrompt,
  REPLAY_PROVIDER,
  ReplayLanguageModel,
  type ReplayModelOptions,
  type ReplaySelection,
} from "./replay-language-model";
export {
  ReplayPersonaCharacterSchema,
  ReplayPersonaFileSchema,
  type ReplayPersonaCharacter,
  type ReplayPersonaFile,
} from "./replay-persona-schema";
export {
  buildReplayScript,
  REPLAY_DEFAULT_CHARACTERS_PER_SECOND,
  REPLAY_DEFAULT_FIRST_TOKEN_MS,
  REPLAY_MINIMUM_WAIT_MS,
  ReplayFaultError,
  type StepPlan,
  type TimedPart,
} from "./replay-script";
export {
  REPLAY_SESSION_CALL_LIMIT,
  ReplayConsumptionError,
  ReplaySession,
  type ReplayCall,
  type ReplayCallState,
  type ReplayExpectation,
  type ReplayExpectOptions,
} from "./replay-session";
export { abortError, instantSleep, realSleep, type ReplaySleep } from "./replay-sleep";
