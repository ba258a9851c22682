/**
 * The names a model might identify itself by, masked in blind comparison
 * panes: what the registry calls each model (ids, model names, display names
 * and their pieces, provider names) plus the names assistants commonly call
 * themselves, whatever model is really behind the pane.
 */

/** Names assistants and their makers commonly go by; masked in every blind pane. */
export const COMMON_SELF_NAMES: readonly string[] = [
  "ChatGPT",
  "GPT-4o",
  "GPT-4",
  "GPT-5",
  "GPT",
  "OpenAI",
  "Claude",
  "Anthropic",
  "Gemini",
  "Google DeepMind",
  "DeepMind",
  "Bard",
  "PaLM",
  "Llama",
  "LLaMA",
  "Meta AI",
  "Mistral",
  "Mistral AI",
  "Mixtral",
  "Codestral",
  "Qwen",
  "Alibaba Cloud",
  "Tongyi",
  "DeepSeek",
  "Grok",
  "xAI",
  "Phi",
  "Copilot",
  "Gemma",
  "Command R+",
  "Command R",
  "Cohere",
  "01.AI",
  "Kimi",
  "Moonshot AI",
  "GLM",
  "Zhipu",
  "ChatGLM",
  "Nemotron",
  "Vicuna",
  "Ollama",
  "vLLM",
];

/** Shortest piece kept: two letters match inside too many words. Common self-names are kept whatever their length. */
const PIECE_MIN_LENGTH = 3;

/**
 * Words that may be a piece of a model's name but are ordinary English or
 * common descriptors; masking them would blank ordinary sentences ("a clean
 * layout", "the latest data"). Compared lowercased.
 */
const RISKY_WORDS = new Set([
  "the", "and", "for", "with", "model", "models", "chat", "assistant", "default", "recorded", "replies", "reply",
  "mini", "nano", "micro", "small", "medium", "large", "big", "huge", "tiny", "pro", "plus", "max", "ultra", "lite",
  "light", "turbo", "fast", "slow", "quick", "instant", "flash", "preview", "latest", "stable", "beta", "alpha",
  "experimental", "exp", "new", "old", "base", "instruct", "online", "local", "server", "open", "free", "test",
  "clean", "broken", "malformed", "json", "text", "code", "vision", "reasoning", "thinking", "think", "deep",
  "high", "low", "standard", "basic", "simple", "tools", "tool", "api", "compatible", "meta", "command", "google",
  "sonnet", "haiku", "opus", "ask", "chatbot", "bot", "ai", "llm", "one", "two", "three", "next", "first", "last",
  "good", "bad", "best", "edition", "version", "release", "general", "plain", "only", "blocks", "block", "ui",
]);

/** A model as the registry lists it. */
export type IdentityEntry = { id: string; provider: string; modelName: string; displayName: string };

/**
 * Every name to mask for these registry entries, plus {@link COMMON_SELF_NAMES}:
 * ids, model names, display names, provider names, and the pieces of each
 * split on " · ", "(", ")", "/", ":" — pieces shorter than three characters and
 * risky common words dropped. Deduplicated case-insensitively, longest first
 * (so a longer name is masked whole rather than around a shorter one).
 */
export function identityNames(entries: readonly IdentityEntry[]): string[] {
  const names = new Map<string, string>();
  const add = (candidate: string, keepShort = false) => {
    const name = candidate.trim().replace(/\s+/g, " ");
    if (name.length === 0) return;
    if (!keepShort && name.length < PIECE_MIN_LENGTH) return;
    if (RISKY_WORDS.has(name.toLowerCase())) return;
    // A piece that is only digits and punctuation ("4", "2024-07-18") names nothing.
    if (!/\p{L}/u.test(name)) return;
    const key = name.toLowerCase();
    if (!names.has(key)) names.set(key, name);
  };
  for (const name of COMMON_SELF_NAMES) add(name, true);
  for (const entry of entries) {
    for (const whole of [entry.id, entry.modelName, entry.displayName, entry.provider]) {
      add(whole);
      for (const piece of whole.split(/ · |[():/]/)) add(piece);
    }
  }
  return [...names.values()].sort((first, second) => second.length - first.length || first.localeCompare(second));
}
