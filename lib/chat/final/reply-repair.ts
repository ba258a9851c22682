/**
 * What a reply's repair round did (lib/chat/turn/repair-round.ts), as the
 * `repair` column keeps it and the inspector shows it: on a repaired
 * version, the reply it repairs and, per broken block, its source and
 * diagnostics before and whether the model's rewrite replaced it; on an
 * original whose repair failed, why, and the blocks it was asked about.
 * A diagnostic found by evaluating the block against data rather than by
 * compiling it names the check (`check`, lib/chat/turn/block-data-check.ts);
 * records stored before the checks existed have none, and read the same.
 */
import { z } from "zod";

/** Longest block source kept in a record: a block past it is quoted cut (the reply's text keeps it whole). */
export const REPAIR_SOURCE_MAX_CHARACTERS = 20_000;

/** Diagnostics kept per block: the inspector lists them; a block with more is beyond a summary anyway. */
export const REPAIR_DIAGNOSTICS_MAX = 50;

/**
 * Which data check found an evaluation diagnostic: the block evaluated
 * against the first reading of its queries (`real data`), or with every
 * query answered by no rows (`empty data`). A diagnostic without one is the
 * compiler's.
 */
export const DataCheckSchema = z.enum(["real data", "empty data"]);
/** Which data check found a diagnostic. */
export type DataCheck = z.infer<typeof DataCheckSchema>;

/** One diagnostic of a broken block, as the repair round saw it. */
export const RepairDiagnosticSchema = z.object({
  code: z.string().max(64),
  message: z.string().max(2_000),
  /** The data check that found it; absent for a compile diagnostic. */
  check: DataCheckSchema.optional(),
});

/** One block the repair round asked the model to rewrite. */
export const RepairedBlockSchema = z.object({
  dialect: z.enum(["ui", "octo-ui"]),
  /** Its place among the reply's blocks of its dialect, from 1 (`UI block 2`, `JSON panel 1`). */
  position: z.number().int().positive(),
  /** The whole fence as the model first wrote it. */
  before: z.string().max(REPAIR_SOURCE_MAX_CHARACTERS),
  /** Its error diagnostics then. */
  diagnostics: z.array(RepairDiagnosticSchema).max(REPAIR_DIAGNOSTICS_MAX),
  /** The rewrite that replaced it; absent when it was kept as it was. */
  after: z.string().max(REPAIR_SOURCE_MAX_CHARACTERS).optional(),
  /** Its error diagnostics after the rewrite (only with `after`): fewer than before, often none. */
  diagnosticsAfter: z.array(RepairDiagnosticSchema).max(REPAIR_DIAGNOSTICS_MAX).optional(),
  /** Why a rewrite was not taken (absent when it was). */
  rejected: z.string().max(300).optional(),
});

/** A reply's repair round. */
export const ReplyRepairSchema = z.discriminatedUnion("status", [
  z.object({
    /** This reply is the repaired version of `of`: only the blocks with `after` differ from it. */
    status: z.literal("repaired"),
    of: z.string().max(100),
    blocks: z.array(RepairedBlockSchema).max(64),
  }),
  z.object({
    /** The repair of this reply failed: it is shown as it was written. */
    status: z.literal("failed"),
    reason: z.string().max(500),
    blocks: z.array(RepairedBlockSchema).max(64),
  }),
]);

/** A reply's repair round. */
export type ReplyRepair = z.infer<typeof ReplyRepairSchema>;
/** One block of a repair round. */
export type RepairedBlock = z.infer<typeof RepairedBlockSchema>;

/** The repair record a stored column holds; null when there is none or it does not parse. */
export function readReplyRepair(stored: unknown): ReplyRepair | null {
  if (stored === null || stored === undefined) return null;
  const parsed = ReplyRepairSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
