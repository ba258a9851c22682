/**
 * The on-disk format of a replay persona: a replay model with a character of
 * its own, so the comparison playground has different models to compare
 * without an API key. One folder per persona under
 * `fixtures/replay-personas/<name>/`: a `persona.json` (this schema) and a
 * `recordings/` folder in the format of `fixtures/replays/`.
 */
import { z } from "zod";
import { RecordingIdSchema, RecordingPaceSchema } from "./recording-schema";

/**
 * What a persona is there to show. Tests check each character: `clean`,
 * `slow`, `json-only` and `self-naming` replies compile without a diagnostic,
 * `malformed` ones must produce diagnostics, `slow` ones start and stream
 * slowly, `json-only` ones use only the JSON dialect, `self-naming` ones name
 * the persona in their text.
 */
export const ReplayPersonaCharacterSchema = z.enum(["clean", "malformed", "slow", "json-only", "self-naming"]);

/** The contents of `persona.json`. */
export const ReplayPersonaFileSchema = z
  .object({
    /**
     * The persona's distinctive name, as its replies write it ("Kestrel"); its
     * folder, its model name and its id (`replay:kestrel`) are the lower-case
     * form. Not an everyday word, so blind masking can hide it without
     * hiding ordinary text.
     */
    name: z.string().regex(/^[A-Z][a-z]{3,31}$/, "a persona name is one capitalised word of letters"),
    /** What the model picker shows. */
    displayName: z.string().min(1).max(80),
    /** One line for a tooltip. */
    description: z.string().min(1).max(300),
    character: ReplayPersonaCharacterSchema,
    /**
     * Every name the persona calls itself in its replies (its own and the
     * common ones it borrows, like "GPT-4o"), for the masking tests.
     */
    selfNames: z.array(z.string().min(1)).default([]),
    /** Default speed of its recordings (a recording's own `pace` wins). */
    pace: RecordingPaceSchema.optional(),
    /** The recording that answers a prompt none of the others matches, in character. */
    fallback: RecordingIdSchema,
  })
  .strict();

/** What a persona is there to show. */
export type ReplayPersonaCharacter = z.infer<typeof ReplayPersonaCharacterSchema>;
/** Parsed `persona.json`. */
export type ReplayPersonaFile = z.infer<typeof ReplayPersonaFileSchema>;
