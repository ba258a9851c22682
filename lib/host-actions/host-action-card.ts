/**
 * What a reply keeps of a host action call: one line saying what was done
 * ("Re-ran 3 failed tests — run #1843: 2 passed, 1 failed"), or what was
 * refused and why, drawn where the call happened in the text. Stored with
 * the reply like every tool card, so a reload shows it. Shared by server and
 * browser (zod only); `lib/chat/wire.ts` makes it one of a reply's tool cards.
 */
import { z } from "zod";
import { HostActionNameSchema, isHostActionName, type HostActionName } from "./host-action-definitions";

/** Characters of a card's line: a sentence, never a report. */
export const CARD_LINE_LENGTH = 300;

/** Why an action did nothing. */
export const HOST_ACTION_ERROR_CODES = ["bad_input", "not_found", "forbidden", "nothing_to_do", "too_many", "unavailable"] as const;
/** Why an action did nothing. */
export const HostActionErrorCodeSchema = z.enum(HOST_ACTION_ERROR_CODES);
/** Why an action did nothing. */
export type HostActionErrorCode = z.infer<typeof HostActionErrorCodeSchema>;

/** A host action call and what came of it. */
export const HostActionCardSchema = z.object({
  /** The tool call id. */
  id: z.string().max(200),
  name: HostActionNameSchema,
  /** Length of the reply text when the call was made: the record is drawn at that point. */
  textOffset: z.number().int().nonnegative(),
  /** True when the action was performed (now, or by an earlier call for the same request). */
  ok: z.boolean(),
  /** What was done, or what was refused, in one sentence. */
  line: z.string().max(CARD_LINE_LENGTH),
  /** True when an earlier call for the same request had already performed it: nothing new happened. */
  replayed: z.boolean().optional(),
  /** Why nothing was done, when `ok` is false. */
  code: HostActionErrorCodeSchema.optional(),
});
/** A host action call and what came of it. */
export type HostActionCard = z.infer<typeof HostActionCardSchema>;

/** What `rerun_tests` did (stored as the attempt's result, read again for a repeat). */
export const RerunTestsRecordSchema = z.object({
  branch: z.string(),
  /** The run re-run and the run it added. */
  previousRun: z.number().int(),
  runNumber: z.number().int(),
  /** The tests re-run, with their new results. */
  tests: z.array(z.object({ name: z.string(), failed: z.boolean(), ms: z.number() })),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
/** What `rerun_tests` did. */
export type RerunTestsRecord = z.infer<typeof RerunTestsRecordSchema>;

/** What `file_issue` did. */
export const FileIssueRecordSchema = z.object({ number: z.number().int().positive(), title: z.string(), labels: z.array(z.string()) });
/** What `file_issue` did. */
export type FileIssueRecord = z.infer<typeof FileIssueRecordSchema>;

/** What a host action returns to the AI SDK (and, through `toModelOutput`, what the model reads). */
export type HostActionResult =
  | { ok: true; action: HostActionName; replayed: boolean; line: string; record: RerunTestsRecord | FileIssueRecord }
  | { ok: false; action: HostActionName; code: HostActionErrorCode; message: string };

function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** The card of a finished call. */
export function hostActionCardOf(input: { id: string; textOffset: number; result: HostActionResult }): HostActionCard {
  const { result } = input;
  const base = { id: input.id, name: result.action, textOffset: input.textOffset };
  if (result.ok) return { ...base, ok: true, line: cut(result.line, CARD_LINE_LENGTH), ...(result.replayed ? { replayed: true } : {}) };
  return { ...base, ok: false, line: cut(result.message, CARD_LINE_LENGTH), code: result.code };
}

/** The parts of an AI SDK `tool-result` or `tool-error` stream part a card is made from. */
export type HostActionToolPart =
  | { type: "tool-result"; toolCallId: string; toolName: string; output: unknown }
  | { type: "tool-error"; toolCallId: string; toolName: string; error: unknown };

/** What a card says when the AI SDK refused a call before it reached the host (its input was not JSON). */
export const UNREADABLE_CALL_LINE = "The call could not be read, so nothing was done.";

/** The record of a host action's stream part, or null when the part is another tool's. */
export function hostActionCardOfPart(part: HostActionToolPart, textOffset: number): HostActionCard | null {
  if (!isHostActionName(part.toolName)) return null;
  if (part.type === "tool-result") return hostActionCardOf({ id: part.toolCallId, textOffset, result: part.output as HostActionResult });
  return { id: part.toolCallId, name: part.toolName, textOffset, ok: false, line: UNREADABLE_CALL_LINE, code: "bad_input" };
}
