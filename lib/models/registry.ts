/**
 * The models a person can pick: the replay model and its personas always,
 * real providers when the server's environment configures them. Ids are
 * `<provider>:<model>` (`replay:default`, `replay:kestrel`,
 * `openai:gpt-5-mini`, `anthropic:claude-sonnet-4-5`, `compatible:llama3.2`),
 * stable enough to store with a chat.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { FetchFunction } from "@ai-sdk/provider-utils";
import { z } from "zod";
import {
  readProviderConfiguration,
  type ProviderConfiguration,
} from "./providers/provider-configuration";
import { loadReplayPersonas, REPLAY_PERSONA_NAMES, type ReplayPersona } from "./replay/load-replay-personas";
import { createReplayModel, ReplayLanguageModel, type ReplayModelOptions } from "./replay/replay-language-model";

/** The replay model's id; always available. */
export const REPLAY_MODEL_ID = "replay:default";

/**
 * The replay personas' ids, in picker order: replay models with a character
 * (clean blocks, malformed blocks, slow, JSON dialect only, names itself),
 * always available, answering the same comparison prompts differently.
 */
export const REPLAY_PERSONA_IDS: readonly string[] = REPLAY_PERSONA_NAMES.map((name) => `replay:${name}`);

/** How the personas' models wait and chunk; the rest of their options is their own. */
export type ReplayPersonaTiming = Pick<ReplayModelOptions, "sleep" | "timeScale" | "seed">;

/** The providers a model id may name. */
export const ModelProviderSchema = z.enum(["replay", "openai", "anthropic", "compatible"]);

/** A model id: a provider, a colon, the provider's model name. */
export const ModelIdSchema = z.string().regex(/^(replay|openai|anthropic|compatible):[^\s]{1,128}$/);

/** A model provider. */
export type ModelProvider = z.infer<typeof ModelProviderSchema>;

/** One entry of the model picker. */
export type ModelEntry = {
  id: string;
  provider: ModelProvider;
  /** The provider's own model name. */
  modelName: string;
  /** What the picker shows. */
  displayName: string;
  /** One line for a tooltip. */
  description: string;
  /** The model reads images attached to a prompt (absent: it reads their names only). */
  acceptsImages?: boolean;
  /** The model gets the compact system prompt (a small local model; absent: the full one). */
  compactPrompt?: boolean;
};

/** Why a model id cannot be used; codes follow the app's `kind:surface` error identities. */
export type ModelLookupError = {
  code: "not_found:model" | "offline:model";
  message: string;
};

/** The result of {@link ModelRegistry.getModel}. */
export type ModelLookup =
  | { ok: true; model: LanguageModelV3; entry: ModelEntry }
  | { ok: false; error: ModelLookupError };

/** Options of {@link createModelRegistry}. */
export type ModelRegistryOptions = {
  /** Where provider settings and `DEFAULT_MODEL`/`REPLAY_*` are read (default `process.env`). */
  environment?: Record<string, string | undefined>;
  /** The replay model to serve, or options for a new one. */
  replay?: ReplayLanguageModel | ReplayModelOptions;
  /** The fetch real providers use (tests pass one that fails, to prove nothing connects). */
  fetch?: FetchFunction;
  /** The replay personas to offer after the replay model (default: those under `fixtures/replay-personas/`); `[]` offers none. */
  personas?: readonly ReplayPersona[];
  /**
   * How the personas wait, their speed and seed (default: the `sleep`,
   * `timeScale` and `seed` of `replay` when it is options; `REPLAY_TIME_SCALE`
   * and `REPLAY_SEED` apply underneath, as for the replay model).
   */
  personaTiming?: ReplayPersonaTiming;
};

/** The models of one environment. */
export type ModelRegistry = {
  /** Every available model: the replay model, its personas, then real providers. */
  list(): ModelEntry[];
  /** The model for `id`, or why there is none. */
  getModel(id: string): ModelLookup;
  /** The id a new chat starts with: `DEFAULT_MODEL` when it names an available model, else the replay model. */
  defaultModelId: string;
  /** The replay model, for tests that queue expectations on its session. */
  replayModel: ReplayLanguageModel;
  /** Provider settings that were present but unusable. */
  problems: readonly string[];
};

/** Builds the registry for an environment. Creating it never touches the network. */
export function createModelRegistry(options: ModelRegistryOptions = {}): ModelRegistry {
  const environment = options.environment ?? process.env;
  const { providers, problems } = readProviderConfiguration(environment);
  const replayModel =
    options.replay instanceof ReplayLanguageModel ? options.replay : createReplayModel(replayOptions(environment, options.replay));

  const replayEntry: ModelEntry = {
    id: REPLAY_MODEL_ID,
    provider: "replay",
    modelName: "default",
    displayName: "Replay (recorded replies)",
    description: "Plays recorded replies; needs no API key. Send anything to see what it can show.",
  };
  const entries: ModelEntry[] = [replayEntry];
  const factories = new Map<string, () => LanguageModelV3>();
  factories.set(REPLAY_MODEL_ID, () => replayModel);
  const personaTiming = options.personaTiming ?? (options.replay instanceof ReplayLanguageModel ? {} : pickTiming(options.replay));
  for (const persona of options.personas ?? loadReplayPersonas()) {
    if (factories.has(persona.id)) continue;
    entries.push({
      id: persona.id,
      provider: "replay",
      modelName: persona.modelName,
      displayName: persona.displayName,
      description: persona.description,
    });
    // Created on first use, so a persona's recordings are read only when someone picks it.
    factories.set(persona.id, () =>
      createReplayModel({
        ...replayOptions(environment, personaTiming),
        library: persona.library(),
        modelId: persona.modelName,
        fallbackRecordingId: persona.fallbackRecordingId,
        ...(persona.pace ? { pace: persona.pace } : {}),
      }),
    );
  }
  for (const configuration of providers) {
    for (const modelName of configuration.models) {
      const entry = describe(configuration, modelName);
      if (factories.has(entry.id)) continue;
      entries.push(entry);
      factories.set(entry.id, () => createProviderModel({ configuration, modelName, fetch: options.fetch }));
    }
  }
  const cache = new Map<string, LanguageModelV3>();

  const getModel = (id: string): ModelLookup => {
    if (!ModelIdSchema.safeParse(id).success) {
      return { ok: false, error: { code: "not_found:model", message: `"${id.slice(0, 80)}" is not a model id.` } };
    }
    const entry = entries.find((candidate) => candidate.id === id);
    const factory = factories.get(id);
    if (!entry || !factory) {
      const provider = id.slice(0, id.indexOf(":"));
      const configured = provider === "replay" || providers.some((configuration) => configuration.provider === provider);
      return configured
        ? { ok: false, error: { code: "not_found:model", message: `The model ${id} is not offered on this server.` } }
        : {
            ok: false,
            error: { code: "offline:model", message: `The ${provider} provider is not configured on this server.` },
          };
    }
    let model = cache.get(id);
    if (!model) {
      model = factory();
      cache.set(id, model);
    }
    return { ok: true, model, entry };
  };

  const requestedDefault = environment.DEFAULT_MODEL?.trim();
  const defaultModelId = requestedDefault && factories.has(requestedDefault) ? requestedDefault : REPLAY_MODEL_ID;
  if (requestedDefault && defaultModelId !== requestedDefault) {
    problems.push(`DEFAULT_MODEL "${requestedDefault.slice(0, 80)}" is not an available model; using ${REPLAY_MODEL_ID}`);
  }
  return { list: () => entries.map((entry) => ({ ...entry })), getModel, defaultModelId, replayModel, problems };
}

let defaultRegistry: ModelRegistry | null = null;

/** The registry of this server process (built from `process.env` on first use). */
export function modelRegistry(): ModelRegistry {
  defaultRegistry ??= createModelRegistry();
  return defaultRegistry;
}

/** The model for `id` in this server's registry, or why there is none. */
export function getModel(id: string): ModelLookup {
  return modelRegistry().getModel(id);
}

/** The models this server offers, for the picker. */
export function listModels(): ModelEntry[] {
  return modelRegistry().list();
}

/**
 * `REPLAY_TIME_SCALE` speeds the replay up for browser tests (0.1 = ten
 * times faster, 0 = no waiting); `REPLAY_SEED` changes its chunking.
 */
function replayOptions(environment: Record<string, string | undefined>, overrides: ReplayModelOptions = {}): ReplayModelOptions {
  const timeScale = Number(environment.REPLAY_TIME_SCALE);
  const seed = Number(environment.REPLAY_SEED);
  return {
    ...(environment.REPLAY_TIME_SCALE && Number.isFinite(timeScale) && timeScale >= 0 ? { timeScale } : {}),
    ...(environment.REPLAY_SEED && Number.isInteger(seed) ? { seed } : {}),
    ...overrides,
  };
}

function pickTiming(options: ReplayModelOptions | undefined): ReplayPersonaTiming {
  if (!options) return {};
  const { sleep, timeScale, seed } = options;
  return { ...(sleep ? { sleep } : {}), ...(timeScale !== undefined ? { timeScale } : {}), ...(seed !== undefined ? { seed } : {}) };
}

function describe(configuration: ProviderConfiguration, modelName: string): ModelEntry {
  switch (configuration.provider) {
    case "openai":
      return {
        id: `openai:${modelName}`,
        provider: "openai",
        modelName,
        displayName: `OpenAI · ${modelName}`,
        description: `${modelName} through the OpenAI API.`,
        acceptsImages: true,
      };
    case "anthropic":
      return {
        id: `anthropic:${modelName}`,
        provider: "anthropic",
        modelName,
        displayName: `Anthropic · ${modelName}`,
        description: `${modelName} through the Anthropic API.`,
        acceptsImages: true,
      };
    case "compatible":
      return {
        id: `compatible:${modelName}`,
        provider: "compatible",
        modelName,
        displayName: `${configuration.label} · ${modelName}`,
        description: `${modelName} on the OpenAI-compatible server at ${configuration.label}.`,
        ...(configuration.acceptsImages ? { acceptsImages: true } : {}),
        ...(configuration.compactPrompt ? { compactPrompt: true } : {}),
      };
  }
}

function createProviderModel({
  configuration,
  modelName,
  fetch,
}: {
  configuration: ProviderConfiguration;
  modelName: string;
  fetch: FetchFunction | undefined;
}): LanguageModelV3 {
  const shared = fetch ? { fetch } : {};
  switch (configuration.provider) {
    case "openai":
      return createOpenAI({
        apiKey: configuration.apiKey,
        ...(configuration.baseURL ? { baseURL: configuration.baseURL } : {}),
        ...shared,
      })(modelName);
    case "anthropic":
      return createAnthropic({
        apiKey: configuration.apiKey,
        ...(configuration.baseURL ? { baseURL: configuration.baseURL } : {}),
        ...shared,
      })(modelName);
    case "compatible":
      return createOpenAICompatible({
        name: "compatible",
        baseURL: configuration.baseURL,
        ...(configuration.apiKey ? { apiKey: configuration.apiKey } : {}),
        // Local servers report token usage only when asked to.
        includeUsage: true,
        ...shared,
      }).chatModel(modelName);
  }
}
