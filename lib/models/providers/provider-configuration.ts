/**
 * Which real providers the server may use, read from its environment. Only
 * names and settings are read here; nothing connects anywhere until a reply
 * is requested, so listing models never costs a network call.
 */
import { z } from "zod";

/** Used when `OPENAI_MODELS` is not set: a capable model and a cheap one. */
export const OPENAI_DEFAULT_MODELS = ["gpt-5", "gpt-5-mini"] as const;

/** Used when `ANTHROPIC_MODELS` is not set: a capable model and a cheap one. */
export const ANTHROPIC_DEFAULT_MODELS = ["claude-sonnet-4-5", "claude-haiku-4-5"] as const;

/**
 * Used when `OPENAI_COMPATIBLE_MODELS` is not set. llama.cpp's server answers
 * whatever model name it is sent; Ollama and vLLM need the real names.
 */
export const COMPATIBLE_DEFAULT_MODEL = "default";

/** A picker with hundreds of entries is unusable, and an environment variable that long is a mistake. */
export const PROVIDER_MODEL_LIST_LIMIT = 32;

/** A model name as providers spell them (`gpt-5-mini`, `llama3.2:3b`, `Qwen/Qwen2.5-7B-Instruct`). */
export const ModelNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:/@-]{0,127}$/);

/** A provider endpoint: http or https only (a local Ollama is plain http). */
export const HttpUrlSchema = z.url({ protocol: /^https?$/ });

/** The environment variables this module reads; every one is optional. */
export const ProviderEnvironmentSchema = z.object({
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: HttpUrlSchema.optional(),
  OPENAI_MODEL: z.string().optional(),
  OPENAI_MODELS: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: HttpUrlSchema.optional(),
  ANTHROPIC_MODEL: z.string().optional(),
  ANTHROPIC_MODELS: z.string().optional(),
  OPENAI_COMPATIBLE_BASE_URL: HttpUrlSchema.optional(),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  OPENAI_COMPATIBLE_MODEL: z.string().optional(),
  OPENAI_COMPATIBLE_MODELS: z.string().optional(),
  OPENAI_COMPATIBLE_NAME: z.string().optional(),
  /** `1` or `true`: the server's models read images (a vision model); otherwise they get attached images' names only, as many local models refuse image parts. */
  OPENAI_COMPATIBLE_IMAGES: z.string().optional(),
  /** `compact`: the server's models get the compact system prompt (under 3,000 tokens), for a small local model's context window. */
  OPENAI_COMPATIBLE_PROMPT: z.enum(["full", "compact"]).optional(),
});

/** One configured provider. */
export type ProviderConfiguration =
  | { provider: "openai"; apiKey: string; baseURL?: string; models: string[] }
  | { provider: "anthropic"; apiKey: string; baseURL?: string; models: string[] }
  | { provider: "compatible"; baseURL: string; apiKey?: string; models: string[]; label: string; acceptsImages: boolean; compactPrompt: boolean };

/** The providers an environment configures, and what was wrong with the rest. */
export type ProviderConfigurationResult = {
  providers: ProviderConfiguration[];
  /** Settings that were present but unusable (say which variable and why); shown in logs, never to users. */
  problems: string[];
};

/** Reads the provider settings from `environment` (default `process.env`). */
export function readProviderConfiguration(
  environment: Record<string, string | undefined> = process.env,
): ProviderConfigurationResult {
  const problems: string[] = [];
  // Empty variables are treated as unset: `OPENAI_API_KEY=` in a .env file means "off".
  const cleaned = Object.fromEntries(
    Object.keys(ProviderEnvironmentSchema.shape).flatMap((name) => {
      const value = environment[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = ProviderEnvironmentSchema.safeParse(cleaned);
  const settings: z.infer<typeof ProviderEnvironmentSchema> = {};
  if (parsed.success) {
    Object.assign(settings, parsed.data);
  } else {
    // Keep every valid variable; drop and report the invalid ones.
    const invalid = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    for (const name of invalid) problems.push(`${name} is not valid and was ignored`);
    Object.assign(settings, Object.fromEntries(Object.entries(cleaned).filter(([name]) => !invalid.has(name))));
  }

  const providers: ProviderConfiguration[] = [];
  if (settings.OPENAI_API_KEY) {
    providers.push({
      provider: "openai",
      apiKey: settings.OPENAI_API_KEY,
      ...(settings.OPENAI_BASE_URL ? { baseURL: settings.OPENAI_BASE_URL } : {}),
      models: modelList({
        variable: "OPENAI_MODELS",
        value: settings.OPENAI_MODELS ?? settings.OPENAI_MODEL,
        defaults: OPENAI_DEFAULT_MODELS,
        problems,
      }),
    });
  }
  if (settings.ANTHROPIC_API_KEY) {
    providers.push({
      provider: "anthropic",
      apiKey: settings.ANTHROPIC_API_KEY,
      ...(settings.ANTHROPIC_BASE_URL ? { baseURL: settings.ANTHROPIC_BASE_URL } : {}),
      models: modelList({
        variable: "ANTHROPIC_MODELS",
        value: settings.ANTHROPIC_MODELS ?? settings.ANTHROPIC_MODEL,
        defaults: ANTHROPIC_DEFAULT_MODELS,
        problems,
      }),
    });
  }
  if (settings.OPENAI_COMPATIBLE_BASE_URL) {
    providers.push({
      provider: "compatible",
      baseURL: settings.OPENAI_COMPATIBLE_BASE_URL,
      ...(settings.OPENAI_COMPATIBLE_API_KEY ? { apiKey: settings.OPENAI_COMPATIBLE_API_KEY } : {}),
      models: modelList({
        variable: "OPENAI_COMPATIBLE_MODELS",
        value: settings.OPENAI_COMPATIBLE_MODELS ?? settings.OPENAI_COMPATIBLE_MODEL,
        defaults: [COMPATIBLE_DEFAULT_MODEL],
        problems,
      }),
      label: settings.OPENAI_COMPATIBLE_NAME ?? new URL(settings.OPENAI_COMPATIBLE_BASE_URL).host,
      acceptsImages: /^(1|true)$/i.test(settings.OPENAI_COMPATIBLE_IMAGES ?? ""),
      compactPrompt: settings.OPENAI_COMPATIBLE_PROMPT === "compact",
    });
  }
  return { providers, problems };
}

// A comma-separated list; invalid names are dropped and reported, an empty result falls back to the defaults.
function modelList({
  variable,
  value,
  defaults,
  problems,
}: {
  variable: string;
  value: string | undefined;
  defaults: readonly string[];
  problems: string[];
}): string[] {
  if (value === undefined) return [...defaults];
  const names: string[] = [];
  for (const name of value.split(",").map((part) => part.trim()).filter(Boolean)) {
    if (!ModelNameSchema.safeParse(name).success) {
      problems.push(`${variable}: "${name.slice(0, 40)}" is not a model name and was ignored`);
    } else if (!names.includes(name)) {
      names.push(name);
    }
  }
  if (names.length > PROVIDER_MODEL_LIST_LIMIT) {
    problems.push(`${variable}: only the first ${PROVIDER_MODEL_LIST_LIMIT} models are offered`);
    names.length = PROVIDER_MODEL_LIST_LIMIT;
  }
  return names.length > 0 ? names : [...defaults];
}
