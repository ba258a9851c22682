import { describe, expect, it } from "vitest";
import { COMMON_SELF_NAMES, identityNames } from "./identity-names";

const entries = [
  { id: "replay:default", provider: "replay", modelName: "default", displayName: "Replay (recorded replies)" },
  { id: "openai:gpt-4o-mini", provider: "openai", modelName: "gpt-4o-mini", displayName: "OpenAI · gpt-4o-mini" },
  { id: "compatible:qwen2.5:7b", provider: "compatible", modelName: "qwen2.5:7b", displayName: "Ollama (local) · qwen2.5:7b" },
  { id: "replay:clean", provider: "replay", modelName: "clean", displayName: "Replay · Clean blocks" },
];

describe("identityNames", () => {
  const names = identityNames(entries);

  it("takes ids, model names, display names, providers and their pieces", () => {
    for (const name of [
      "replay:default",
      "Replay (recorded replies)",
      "recorded replies",
      "replay",
      "openai:gpt-4o-mini",
      "gpt-4o-mini",
      "OpenAI · gpt-4o-mini",
      "compatible:qwen2.5:7b",
      "qwen2.5",
      "Ollama (local) · qwen2.5:7b",
      "Clean blocks",
    ]) {
      expect(names.map((candidate) => candidate.toLowerCase())).toContain(name.toLowerCase());
    }
  });

  it("includes the common self-names", () => {
    for (const name of ["ChatGPT", "Claude", "Gemini", "Llama", "Meta AI", "Mistral", "DeepSeek", "Grok", "Command R"]) {
      expect(COMMON_SELF_NAMES).toContain(name);
      expect(names).toContain(name);
    }
  });

  it("drops short pieces, digits-only pieces and risky common words", () => {
    const lower = names.map((name) => name.toLowerCase());
    for (const dropped of ["7b", "default", "clean", "local", "compatible", "mini", "meta", "blocks"]) {
      expect(lower).not.toContain(dropped);
    }
  });

  it("is deduplicated case-insensitively and sorted longest first", () => {
    const lower = names.map((name) => name.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
    for (let index = 1; index < names.length; index += 1) {
      expect(names[index - 1]!.length).toBeGreaterThanOrEqual(names[index]!.length);
    }
  });
});
