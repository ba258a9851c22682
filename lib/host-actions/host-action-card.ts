/**
 * What a reply keeps of a host action call: one line saying what will be
 * done and as whom, waiting for the person ("File issue 'Login test is
 * flaky' on project Demo as Ana Souza"), what was done ("Re-ran 3 failed
 * tests — run #1843: 2 passed, 1 failed"), that the person dismissed it, or
 * what was refused and why — drawn where the call happened in the text.
 * Stored with the reply like every tool card, so a reload shows it; a
 * proposal's card is rewritten in the stored reply when it is settled
 * (`settle-proposal.ts`). Shared by server and browser (zod only);
 * `lib/chat/wire.ts` makes it one of a reply's tool cards.
 */
import { z } from "zod";
import { HostActionNameSchema, isHostActionName, type HostActionName } from "./host-action-definitions";

/** Characters of a card's line: a sentence, never a report. */
export const CARD_LINE_LENGTH = 300;

/**
 * Why an action did nothing. `guest` and `viewer`: the chat's user may read
 * the project but not act on it (a guest account never may; a project
 * member must be a maintainer).
 */
export const HOST_ACTION_ERROR_CODES = ["bad_input", "not_found", "forbidden", "guest", "viewer", "nothing_to_do", "too_many", "unavailable"] as const;
/** Why an action did nothing. */
export const HostActionErrorCodeSchema = z.enum(HOST_ACTION_ERROR_CODES);
/** Why an action did nothing. */
export type HostActionErrorCode = z.infer<typeof HostActionErrorCodeSchema>;

/** Where a host action stands: waiting for the person, done, dismissed by them, or refused. */
export const HOST_ACTION_CARD_STATES = ["proposed", "done", "dismissed", "refused"] as const;
/** Where a host action stands. */
export type HostActionCardState = (typeof HOST_ACTION_CARD_STATES)[number];

/** Longest id a tool card keeps: a longer tool-call id is replaced by its digest (lib/chat/turn/tool-card-id.ts). */
export const TOOL_CARD_ID_LENGTH = 200;

/** A host action call and what came of it. */
export const HostActionCardSchema = z.object({
  /** The tool call id. */
  id: z.string().max(TOOL_CARD_ID_LENGTH),
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
  /** Where it stands (absent on cards stored before proposals: done when `ok`, else refused). */
  state: z.enum(HOST_ACTION_CARD_STATES).optional(),
  /** The proposal the person confirms or dismisses (the `proposed` audit row's id). */
  proposalId: z.string().max(100).optional(),
  /** What was proposed, kept once the proposal is settled and `line` says what came of it. */
  proposal: z.string().max(CARD_LINE_LENGTH).optional(),
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
  | { ok: false; action: HostActionName; code: HostActionErrorCode; message: string }
  | HostActionProposalResult;

/** A call that became a proposal: nothing was done; the person confirms or dismisses it on its card. */
export type HostActionProposalResult = { ok: false; action: HostActionName; proposed: true; proposalId: string; line: string };

/** True for a call that became a proposal. */
export function isProposalResult(result: HostActionResult): result is HostActionProposalResult {
  return !result.ok && "proposed" in result;
}

/** Where a card stands, for cards stored before proposals too. */
export function hostActionCardState(card: HostActionCard): HostActionCardState {
  return card.state ?? (card.ok ? "done" : "refused");
}

/** `text` cut to `length` characters, an ellipsis marking the cut. */
export function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/** The card of a finished call. */
export function hostActionCardOf(input: { id: string; textOffset: number; result: HostActionResult }): HostActionCard {
  const { result } = input;
  const base = { id: input.id, name: result.action, textOffset: input.textOffset };
  if (result.ok) return { ...base, ok: true, state: "done", line: cut(result.line, CARD_LINE_LENGTH), ...(result.replayed ? { replayed: true } : {}) };
  if (isProposalResult(result)) return { ...base, ok: false, state: "proposed", line: cut(result.line, CARD_LINE_LENGTH), proposalId: result.proposalId };
  return { ...base, ok: false, state: "refused", line: cut(result.message, CARD_LINE_LENGTH), code: result.code };
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
  return { id: part.toolCallId, name: part.toolName, textOffset, ok: false, state: "refused", line: UNREADABLE_CALL_LINE, code: "bad_input" };
}
