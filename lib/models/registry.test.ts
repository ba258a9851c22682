import type { LanguageModelV3 } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { readProviderConfiguration } from "./providers/provider-configuration";
import { REPLAY_MODEL_ID, REPLAY_PERSONA_IDS, createModelRegistry } from "./registry";
import { createReplayLibrary } from "./replay/load-recordings";
import type { ReplayPersona } from "./replay/load-replay-personas";
import { createReplayModel, ReplayLanguageModel } from "./replay/replay-language-model";
import { instantSleep } from "./replay/replay-sleep";

// Any request a real provider makes fails the test: building the registry and
// its models must never touch the network.
const requests: string[] = [];
const refusingFetch = async (input: RequestInfo | URL): Promise<Response> => {
  requests.push(String(input));
  throw new Error("no network in tests");
};

const FULL_ENVIRONMENT = {
  OPENAI_API_KEY: "sk-test",
  OPENAI_MODELS: "gpt-5-mini, gpt-4.1",
  ANTHROPIC_API_KEY: "sk-ant-test",
  OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1",
  OPENAI_COMPATIBLE_MODELS: "llama3.2,qwen2.5:7b",
  OPENAI_COMPATIBLE_NAME: "Ollama",
};

describe("createModelRegistry", () => {
  it("offers only the replay model and its personas when no provider is configured", () => {
    const registry = createModelRegistry({ environment: {}, fetch: refusingFetch });
    expect(registry.list().map((entry) => entry.id)).toEqual([REPLAY_MODEL_ID, ...REPLAY_PERSONA_IDS]);
    expect(registry.defaultModelId).toBe(REPLAY_MODEL_ID);
    const lookup = registry.getModel(REPLAY_MODEL_ID);
    expect(lookup.ok && lookup.model).toBe(registry.replayModel);
    expect(lookup.ok && lookup.entry.displayName).toMatch(/Replay/);
  });

  it("refuses a provider that is not configured, and an id that is not a model id", () => {
    const registry = createModelRegistry({ environment: {}, fetch: refusingFetch });
    expect(registry.getModel("openai:gpt-5-mini")).toEqual({
      ok: false,
      error: { code: "offline:model", message: "The openai provider is not configured on this server." },
    });
    for (const id of ["", "gpt-5", "mystery:model", "openai:", "openai:two words"]) {
      const lookup = registry.getModel(id);
      expect(lookup.ok ? null : lookup.error.code, id).toBe("not_found:model");
    }
  });

  it("lists every configured provider's models with display names, replay and its personas first", () => {
    const registry = createModelRegistry({ environment: FULL_ENVIRONMENT, fetch: refusingFetch });
    expect(registry.list().map((entry) => [entry.id, entry.displayName])).toEqual([
      [REPLAY_MODEL_ID, "Replay (recorded replies)"],
      ["replay:quokka", "Quokka (replay, clean blocks)"],
      ["replay:marmot", "Marmot (replay, malformed blocks)"],
      ["replay:pangolin", "Pangolin (replay, slow)"],
      ["replay:axolotl", "Axolotl (replay, JSON dialect only)"],
      ["replay:kestrel", "Kestrel (replay, names itself)"],
      ["openai:gpt-5-mini", "OpenAI · gpt-5-mini"],
      ["openai:gpt-4.1", "OpenAI · gpt-4.1"],
      ["anthropic:claude-sonnet-4-5", "Anthropic · claude-sonnet-4-5"],
      ["anthropic:claude-haiku-4-5", "Anthropic · claude-haiku-4-5"],
      ["compatible:llama3.2", "Ollama · llama3.2"],
      ["compatible:qwen2.5:7b", "Ollama · qwen2.5:7b"],
    ]);
    expect(registry.problems).toEqual([]);
  });

  it("returns AI SDK models of the right provider without a network call", () => {
    const registry = createModelRegistry({ environment: FULL_ENVIRONMENT, fetch: refusingFetch });
    const expected: Record<string, RegExp> = {
      "openai:gpt-5-mini": /^openai\./,
      "anthropic:claude-haiku-4-5": /^anthropic\./,
      "compatible:qwen2.5:7b": /^compatible\./,
    };
    for (const [id, provider] of Object.entries(expected)) {
      const lookup = registry.getModel(id);
      if (!lookup.ok) throw new Error(`${id}: ${lookup.error.message}`);
      expect(lookup.model.specificationVersion).toBe("v3");
      expect(lookup.model.provider).toMatch(provider);
      expect(lookup.model.modelId).toBe(id.slice(id.indexOf(":") + 1));
      // The same instance every time: a model is cheap, but identity keeps caches warm.
      expect(registry.getModel(id).ok && registry.getModel(id)).toMatchObject({ model: lookup.model });
    }
    expect(requests).toEqual([]);
  });

  it("refuses a model the configured provider does not offer", () => {
    const registry = createModelRegistry({ environment: FULL_ENVIRONMENT, fetch: refusingFetch });
    const lookup = registry.getModel("openai:o3");
    expect(lookup.ok ? null : lookup.error.code).toBe("not_found:model");
  });

  it("starts new chats on DEFAULT_MODEL when it is available, else on the replay model", () => {
    const configured = createModelRegistry({
      environment: { ...FULL_ENVIRONMENT, DEFAULT_MODEL: "anthropic:claude-sonnet-4-5" },
      fetch: refusingFetch,
    });
    expect(configured.defaultModelId).toBe("anthropic:claude-sonnet-4-5");
    const missing = createModelRegistry({ environment: { DEFAULT_MODEL: "openai:gpt-5" }, fetch: refusingFetch });
    expect(missing.defaultModelId).toBe(REPLAY_MODEL_ID);
    expect(missing.problems.join()).toContain("DEFAULT_MODEL");
  });

  it("serves the replay model it is given, so a test can queue expectations on it", () => {
    const replay = createReplayModel({ sleep: instantSleep });
    const registry = createModelRegistry({ environment: {}, replay });
    expect(registry.replayModel).toBe(replay);
  });

  it("reads the replay speed from REPLAY_TIME_SCALE", async () => {
    const waits: number[] = [];
    const registry = createModelRegistry({
      environment: { REPLAY_TIME_SCALE: "0.5" },
      replay: { sleep: async (milliseconds) => void waits.push(milliseconds) },
    });
    const { stream } = await registry.replayModel.doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "Show me the build status" }] }],
    });
    const reader = stream.getReader();
    while (!(await reader.read()).done) {
      // read to the end
    }
    expect(waits[0]).toBe(175);
  });
});

describe("replay personas in the registry", () => {
  /** A persona of one recording, counting how often its recordings are loaded. */
  function testPersona(loads: { count: number }): ReplayPersona {
    const library = createReplayLibrary([
      {
        id: "hello",
        title: "Hello",
        description: "Says hello.",
        dialects: [],
        examplePrompt: "hello",
        match: { keywords: ["hello"], patterns: [] },
        priority: 0,
        listed: true,
        steps: [{ text: "Hello from Wombat.", toolCalls: [] }],
      },
    ]);
    return {
      id: "replay:wombat",
      modelName: "wombat",
      name: "Wombat",
      displayName: "Wombat (replay, test)",
      description: "A test persona.",
      character: "clean",
      selfNames: [],
      pace: { firstTokenMs: 1_000 },
      fallbackRecordingId: "hello",
      library: () => {
        loads.count += 1;
        return library;
      },
    };
  }

  async function firstWait(model: LanguageModelV3, waits: number[], prompt = "Show the build status"): Promise<number | undefined> {
    const { stream } = await model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: prompt }] }] });
    const reader = stream.getReader();
    while (!(await reader.read()).done) {
      // read to the end
    }
    return waits[0];
  }

  it("serves each persona as its own replay model, named after the persona, the same instance every time", () => {
    const registry = createModelRegistry({ environment: {}, fetch: refusingFetch });
    const models = new Set<LanguageModelV3>();
    for (const id of REPLAY_PERSONA_IDS) {
      const lookup = registry.getModel(id);
      if (!lookup.ok) throw new Error(`${id}: ${lookup.error.message}`);
      const modelName = id.slice("replay:".length);
      expect(lookup.entry).toMatchObject({ id, provider: "replay", modelName });
      expect(lookup.entry.displayName.toLowerCase()).toContain(modelName);
      expect(lookup.model).toBeInstanceOf(ReplayLanguageModel);
      expect(lookup.model.modelId).toBe(modelName);
      expect(lookup.model).not.toBe(registry.replayModel);
      expect(registry.getModel(id).ok && registry.getModel(id)).toMatchObject({ model: lookup.model });
      models.add(lookup.model);
    }
    expect(models.size).toBe(REPLAY_PERSONA_IDS.length);
    expect(registry.getModel("replay:platypus").ok ? null : registry.getModel("replay:platypus")).toMatchObject({ ok: false, error: { code: "not_found:model" } });
  });

  it("answers from each persona's own recordings, not the replay model's", () => {
    const registry = createModelRegistry({ environment: {}, fetch: refusingFetch });
    const kestrel = registry.getModel("replay:kestrel");
    if (!kestrel.ok || !(kestrel.model instanceof ReplayLanguageModel)) throw new Error("no Kestrel");
    const selection = kestrel.model.select("Show the build status");
    expect("recording" in selection && selection.recording.steps[0]?.text).toContain("Kestrel");
    expect(kestrel.model.select("Show me some malformed UI").kind).toBe("fallback");
  });

  it("offers the personas it is given, or none, and loads a persona's recordings only when it is first asked for", () => {
    const loads = { count: 0 };
    const registry = createModelRegistry({ environment: {}, personas: [testPersona(loads)] });
    expect(registry.list().map((entry) => entry.id)).toEqual([REPLAY_MODEL_ID, "replay:wombat"]);
    expect(loads.count).toBe(0);
    expect(registry.getModel("replay:wombat").ok).toBe(true);
    registry.getModel("replay:wombat");
    expect(loads.count).toBe(1);
    expect(createModelRegistry({ environment: {}, personas: [] }).list().map((entry) => entry.id)).toEqual([REPLAY_MODEL_ID]);
  });

  it("times the personas like the replay model: REPLAY_TIME_SCALE and the replay options' sleep apply, over the persona's own pace", async () => {
    const waits: number[] = [];
    const registry = createModelRegistry({
      environment: { REPLAY_TIME_SCALE: "0.5" },
      replay: { sleep: async (milliseconds) => void waits.push(milliseconds) },
      personas: [testPersona({ count: 0 })],
    });
    const lookup = registry.getModel("replay:wombat");
    if (!lookup.ok) throw new Error(lookup.error.message);
    expect(await firstWait(lookup.model, waits, "Anything at all")).toBe(500);
  });

  it("takes the personas' timing from personaTiming when the replay model is given as an instance", async () => {
    const waits: number[] = [];
    const registry = createModelRegistry({
      environment: {},
      replay: createReplayModel({ sleep: instantSleep }),
      personaTiming: { sleep: async (milliseconds) => void waits.push(milliseconds), timeScale: 0.25 },
    });
    const lookup = registry.getModel("replay:pangolin");
    if (!lookup.ok) throw new Error(lookup.error.message);
    expect(await firstWait(lookup.model, waits)).toBe(500);
  });
});

describe("readProviderConfiguration", () => {
  it("treats empty variables as unset", () => {
    expect(readProviderConfiguration({ OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "  " }).providers).toEqual([]);
  });

  it("uses defaults for missing model lists and accepts the singular variable", () => {
    const { providers } = readProviderConfiguration({
      OPENAI_API_KEY: "k",
      ANTHROPIC_API_KEY: "k",
      ANTHROPIC_MODEL: "claude-opus-4-5",
      OPENAI_COMPATIBLE_BASE_URL: "http://localhost:8080/v1",
    });
    expect(providers.map((provider) => [provider.provider, provider.models])).toEqual([
      ["openai", ["gpt-5", "gpt-5-mini"]],
      ["anthropic", ["claude-opus-4-5"]],
      ["compatible", ["default"]],
    ]);
    expect(providers[2]?.provider === "compatible" && providers[2].label).toBe("localhost:8080");
  });

  it("drops and reports invalid settings but keeps the valid ones", () => {
    const { providers, problems } = readProviderConfiguration({
      OPENAI_API_KEY: "k",
      OPENAI_MODELS: "gpt-5, bad name!, gpt-5",
      OPENAI_COMPATIBLE_BASE_URL: "file:///etc/passwd",
    });
    expect(providers).toEqual([{ provider: "openai", apiKey: "k", models: ["gpt-5"] }]);
    expect(problems).toHaveLength(2);
    expect(problems.join("\n")).toMatch(/OPENAI_COMPATIBLE_BASE_URL is not valid/);
    expect(problems.join("\n")).toMatch(/"bad name!" is not a model name/);
  });
});
