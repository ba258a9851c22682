/**
 * Reads an `[octo-ui-action]` envelope from a user turn, for matching only.
 * The replay model must recognise the envelopes the app sends; it accepts
 * exactly the guide's shape and treats anything else as an ordinary prompt.
 */
import { z } from "zod";

/** The literal prefix of an action turn (the GenUI guide's convention). */
export const ACTION_ENVELOPE_PREFIX = "[octo-ui-action]";

/** The JSON after the prefix. */
export const ReplayActionEnvelopeSchema = z.object({
  panel: z.string().min(1).optional(),
  action: z.string().min(1),
  fields: z.record(z.string(), z.unknown()).default({}),
  payload: z.record(z.string(), z.unknown()).default({}),
});

/** An action envelope as the replay model sees it. */
export type ReplayActionEnvelope = z.infer<typeof ReplayActionEnvelopeSchema>;

/** Returns the envelope when `text` is one, else `null`. */
export function readActionEnvelope(text: string): ReplayActionEnvelope | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith(ACTION_ENVELOPE_PREFIX)) return null;
  try {
    const parsed = ReplayActionEnvelopeSchema.safeParse(JSON.parse(trimmed.slice(ACTION_ENVELOPE_PREFIX.length)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
