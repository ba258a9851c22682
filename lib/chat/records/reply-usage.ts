/**
 * What a stored reply cost: its token counts as the provider reported them
 * (an estimate from characters when it did not, marked so) and how long the
 * server spent compiling it (previews and the final compile).
 */
import { z } from "zod";

/** A reply's usage as stored and sent on the wire. */
export const ReplyUsageSchema = z.object({
  inputTokens: z.number().int().nonnegative().nullable(),
  outputTokens: z.number().int().nonnegative().nullable(),
  /** False when the counts are the host's estimate (about four characters a token), not the provider's. */
  reported: z.boolean(),
  /** Milliseconds of compiling on the server that generated the reply. */
  compileMs: z.number().nonnegative(),
});

/** A reply's usage. */
export type ReplyUsage = z.infer<typeof ReplyUsageSchema>;

/** Characters per token of the host's estimate. */
const CHARACTERS_PER_TOKEN = 4;

/** The usage of a reply from what the provider reported (either count may be missing), estimating what is missing from the text. */
export function replyUsage(input: {
  reported: { inputTokens: number | undefined; outputTokens: number | undefined } | null;
  promptCharacters: number;
  text: string;
  compileMs: number;
}): ReplyUsage {
  const inputTokens = input.reported?.inputTokens;
  const outputTokens = input.reported?.outputTokens;
  const reported = inputTokens !== undefined && outputTokens !== undefined;
  return {
    inputTokens: inputTokens ?? Math.ceil(input.promptCharacters / CHARACTERS_PER_TOKEN),
    outputTokens: outputTokens ?? Math.ceil(input.text.length / CHARACTERS_PER_TOKEN),
    reported,
    compileMs: Math.round(input.compileMs * 100) / 100,
  };
}

/** The usage a stored column holds, or null. */
export function readReplyUsage(stored: unknown): ReplyUsage | null {
  const parsed = ReplyUsageSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
