/**
 * What the comparison pages send, validated with zod before anything is
 * read: a new run, a pane to stop or retry, a vote, a share.
 */
import { z } from "zod";
import { SYSTEM_ADDITION_MAX_CHARACTERS } from "@/lib/chat/core/chat-settings";
import { PROMPT_MAX_LENGTH } from "@/lib/chat/wire";
import { AppError } from "@/lib/errors";

/** Fewest and most model slots of a run. */
export const COMPARE_SLOTS_MIN = 2;
export const COMPARE_SLOTS_MAX = 6;
/** Most samples per slot; a run holds at most `COMPARE_SLOTS_MAX × COMPARE_SAMPLES_MAX` panes. */
export const COMPARE_SAMPLES_MAX = 5;
/** Longest tag: a word or two for the leaderboard's filter. */
export const COMPARE_TAG_MAX_LENGTH = 40;

const IdSchema = z.string().min(1).max(200);

/** A new run: the prompt, its settings, the model of each slot and the samples per slot. */
export const StartCompareRunInputSchema = z.strictObject({
  prompt: z
    .string()
    .max(PROMPT_MAX_LENGTH, `A prompt can be at most ${PROMPT_MAX_LENGTH} characters long.`)
    .refine((prompt) => prompt.trim().length > 0, "Write a prompt first."),
  systemAddition: z.string().max(SYSTEM_ADDITION_MAX_CHARACTERS, `The system prompt addition can be at most ${SYSTEM_ADDITION_MAX_CHARACTERS} characters long.`).optional(),
  temperature: z.number().min(0, "Temperature is between 0 and 2.").max(2, "Temperature is between 0 and 2.").optional(),
  seed: z.number().int("The seed is a whole number.").min(0, "The seed is a whole number from 0.").max(2_147_483_647).optional(),
  models: z
    .array(z.string().min(1).max(200))
    .min(COMPARE_SLOTS_MIN, `Pick at least ${COMPARE_SLOTS_MIN} models.`)
    .max(COMPARE_SLOTS_MAX, `Pick at most ${COMPARE_SLOTS_MAX} models.`),
  samples: z.number().int().min(1, "At least one sample per model.").max(COMPARE_SAMPLES_MAX, `At most ${COMPARE_SAMPLES_MAX} samples per model.`).default(1),
  blind: z.boolean().default(true),
  tag: z
    .string()
    .trim()
    .toLowerCase()
    .max(COMPARE_TAG_MAX_LENGTH, `A tag can be at most ${COMPARE_TAG_MAX_LENGTH} characters long.`)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, "A tag is letters, digits, spaces, dashes.")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
/** A new run. */
export type StartCompareRunInput = z.infer<typeof StartCompareRunInputSchema>;

/** A run. */
export const CompareRunReferenceSchema = z.strictObject({ runId: IdSchema });

/** One pane of a run. */
export const ComparePaneReferenceSchema = z.strictObject({ runId: IdSchema, paneId: IdSchema });

/** A vote on a run: the best pane, every pane ranked best first, a tie, or all bad. */
export const CompareVoteInputSchema = z.discriminatedUnion("kind", [
  z.strictObject({ runId: IdSchema, kind: z.literal("best"), best: IdSchema }),
  z.strictObject({ runId: IdSchema, kind: z.literal("rank"), ranking: z.array(IdSchema).min(2).max(COMPARE_SLOTS_MAX * COMPARE_SAMPLES_MAX) }),
  z.strictObject({ runId: IdSchema, kind: z.literal("tie") }),
  z.strictObject({ runId: IdSchema, kind: z.literal("all-bad") }),
]);
/** A vote on a run. */
export type CompareVoteInput = z.infer<typeof CompareVoteInputSchema>;

/** Sharing a run with a person by their email. */
export const CompareShareInputSchema = z.strictObject({ runId: IdSchema, email: z.string().trim().min(3, "Enter the person's email.").max(320).email("Enter a valid email.") });

/** Taking a share back. */
export const CompareRevokeInputSchema = z.strictObject({ runId: IdSchema, userId: IdSchema });

/** The leaderboard's filter. */
export const LeaderboardInputSchema = z.strictObject({ tag: z.string().trim().toLowerCase().max(COMPARE_TAG_MAX_LENGTH).optional() });

/** Parses an input or throws `bad_request:compare` with the first problem's words. */
export function parseCompareInput<Schema extends z.ZodType>(schema: Schema, raw: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("bad_request:compare", { message: issue?.message && !issue.message.startsWith("Invalid") ? issue.message : "The comparison request is not valid.", detail: parsed.error.message.slice(0, 500) });
  }
  return parsed.data;
}
