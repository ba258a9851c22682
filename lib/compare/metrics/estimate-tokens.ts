/**
 * A token estimate for metrics that need one where no provider count exists
 * (UI tokens per node, and tokens when a provider reports no usage): about
 * four characters a token, rounded up — the same rule the chat core's stored
 * usage uses (`lib/chat/records/reply-usage.ts`). It is rough for code and
 * non-Latin text, but it is the same rule for every pane, so panes compare
 * fairly; a real tokenizer is per model and not a dependency here.
 */

/** Characters (UTF-16 units) per estimated token. */
export const CHARACTERS_PER_TOKEN = 4;

/** Estimated tokens of `text`: ⌈length / 4⌉. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}
