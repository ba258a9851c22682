/**
 * One host action call of a reply, as the chat's user: the input checked
 * against the action's schema, the chat authorized through the policy module
 * (`authorizeChat`: another user's chat is not found), its project through
 * the project policy (`authorizeProject`: members only), and the user's
 * standing in it (`refusalToAct`: a guest account never acts, a member must
 * be a maintainer — a viewer reads). The idempotency key is derived by the
 * host from the request and the call's place (`idempotency-key.ts`).
 *
 * A call the person's own click asked for (`choice-consent.ts`) is applied
 * at once (`runHostAction`); any other becomes a proposal the person
 * confirms or dismisses on its card (`callHostAction`, then
 * `settle-proposal.ts`) — unless its key was already performed, when the
 * first result answers. Every attempt is recorded — proposed, performed,
 * replayed, refused or failed — and every outcome is a `HostActionResult`
 * the model reads: nothing here throws.
 */
import "server-only";
import type { z } from "zod";
import { applyHostActionOnce, proposeHostActionOnce, recordHostActionAttempt, type HostActionAttempt } from "@/db/queries/host-actions";
import { getProjectMembership } from "@/db/queries/projects";
import { getUser } from "@/db/queries/users";
import type { JsonValue, Project } from "@/db/schema";
import { authorizeChat, type Actor } from "@/lib/auth/policy";
import { isAppError } from "@/lib/errors";
import { authorizeProject } from "@/lib/project/authorize-project";
import { choiceAsksFor } from "./choice-consent";
import type { FileIssueRecord, HostActionErrorCode, HostActionResult, RerunTestsRecord } from "./host-action-card";
import type { HostActionName } from "./host-action-definitions";
import { hostActionKey, type HostActionOrigin } from "./idempotency-key";
import { hostActionOf, type HostAction } from "./registry";

/** Whose chat, which reply, answering what. */
export type HostActionScope = { userId: string; chatId: string; messageId: string; origin: HostActionOrigin };

/** Characters of a model's input an audit row keeps: the schemas bound real inputs far below this. */
const STORED_INPUT_LENGTH = 20_000;

/** What the model is told when the store failed (the cause is logged, never shown). */
export const HOST_ACTION_UNAVAILABLE = "The host could not do this right now: its database did not answer. Nothing was changed; try again in a later reply.";

/** What the model (and the card) is told for a chat or project it may not act on. */
export const HOST_ACTION_REFUSALS: Record<"not_found" | "forbidden" | "guest" | "viewer", string> = {
  not_found: "This chat does not exist, or it is not yours; nothing was done.",
  forbidden: "The chat's user is not a member of its project; nothing was done.",
  guest: "A guest may read this project but not act on it: only a signed-up maintainer of the project may. Nothing was done; do not ask again.",
  viewer: "The chat's user is a viewer of this project: only its maintainers may act on it. Nothing was done; do not ask again.",
};

/**
 * Why `actor` may not act on `project`, or null when they may: a guest
 * account never acts on a project (it is shared with everyone who opens the
 * app), and a member must be a maintainer — a viewer reads.
 */
export async function refusalToAct(actor: Actor, project: Project): Promise<"guest" | "viewer" | null> {
  if (actor.isGuest) return "guest";
  const membership = await getProjectMembership({ projectId: project.id, userId: actor.userId });
  return membership?.role === "maintainer" ? null : "viewer";
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  const where = issue.path.map(String).join(".");
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** The model's input as an audit row stores it: as sent, unless it is implausibly large. */
function storedInput(raw: unknown): JsonValue {
  const text = JSON.stringify(raw ?? null) ?? "null";
  return text.length <= STORED_INPUT_LENGTH ? (JSON.parse(text) as JsonValue) : { cut: text.slice(0, STORED_INPUT_LENGTH) };
}

/** The chat's user as the policy sees them. */
async function actorOf(userId: string): Promise<Actor | null> {
  const user = await getUser({ userId });
  return user ? { userId: user.id, role: user.role, isGuest: user.isAnonymous, name: user.name, emailVerified: user.emailVerified } : null;
}

function refusal(action: HostActionName, code: HostActionErrorCode, message: string): HostActionResult {
  return { ok: false, action, code, message };
}

/** The attempt's row before anything is known of the chat. */
function attemptOf(scope: HostActionScope, name: HostActionName, rawInput: unknown): HostActionAttempt {
  return {
    userId: scope.userId,
    actorName: "",
    chatId: scope.chatId,
    messageId: scope.messageId,
    projectId: null,
    action: name,
    idempotencyKey: null,
    input: storedInput(rawInput),
  };
}

/** Refuses a call without looking at it (a reply past its share of calls), recording the refusal. */
export async function refuseHostAction(scope: HostActionScope, name: HostActionName, rawInput: unknown, refused: { code: HostActionErrorCode; message: string }): Promise<HostActionResult> {
  try {
    await recordHostActionAttempt({ attempt: attemptOf(scope, name, rawInput), status: "refused", errorCode: refused.code });
  } catch (caught) {
    console.error(`host actions: recording a refused ${name} failed`, caught);
  }
  return refusal(name, refused.code, refused.message);
}

/** A call checked and authorized, ready to run or be proposed. */
type PreparedCall = { action: HostAction<unknown, unknown>; actor: Actor; project: Project; input: unknown; normalized: { [name: string]: JsonValue }; attempt: HostActionAttempt };

/** Options of a call: the clock of a re-run, and the call's place among the reply's readable calls of its action. */
export type HostActionCallOptions = { now?: Date; position?: number };

/**
 * Checks and authorizes a call (see the file comment), recording a refusal;
 * answers the prepared call or the refusal. Throws only when the store fails.
 */
async function prepareCall(scope: HostActionScope, name: HostActionName, rawInput: unknown): Promise<PreparedCall | HostActionResult> {
  const action = hostActionOf(name);
  const attempt = attemptOf(scope, name, rawInput);
  const refuse = async (code: HostActionErrorCode, message: string): Promise<HostActionResult> => {
    await recordHostActionAttempt({ attempt, status: "refused", errorCode: code });
    return refusal(name, code, message);
  };
  const parsed = action.definition.inputSchema.safeParse(rawInput ?? {});
  if (!parsed.success) return refuse("bad_input", `The ${name} input does not fit its schema (${firstIssue(parsed.error)}); nothing was done.`);
  const actor = await actorOf(scope.userId);
  if (!actor) return refuse("not_found", HOST_ACTION_REFUSALS.not_found);
  attempt.actorName = actor.name;
  let project: Project;
  try {
    const chat = await authorizeChat(actor, scope.chatId, "write");
    attempt.projectId = chat.projectId;
    project = await authorizeProject(actor, chat.projectId);
  } catch (caught) {
    if (!isAppError(caught) || (!caught.code.startsWith("not_found:") && caught.code !== "forbidden:project")) throw caught;
    const code = caught.code === "forbidden:project" ? "forbidden" : "not_found";
    return refuse(code, HOST_ACTION_REFUSALS[code]);
  }
  const standing = await refusalToAct(actor, project);
  if (standing !== null) return refuse(standing, HOST_ACTION_REFUSALS[standing]);
  const input = parsed.data as unknown;
  const normalized = action.normalize(project, input);
  return { action, actor, project, input, normalized, attempt: { ...attempt, projectId: project.id, input: normalized } };
}

/** What the store failing is answered with (the cause logged), recorded when the store takes even that. */
async function unavailable(scope: HostActionScope, name: HostActionName, rawInput: unknown, caught: unknown): Promise<HostActionResult> {
  console.error(`host actions: ${name} failed`, caught);
  try {
    await recordHostActionAttempt({ attempt: attemptOf(scope, name, rawInput), status: "failed", errorCode: "unavailable" });
  } catch (recording) {
    console.error(`host actions: recording the failure of ${name} failed too`, recording);
  }
  return refusal(name, "unavailable", HOST_ACTION_UNAVAILABLE);
}

/** Applies a prepared call once per key (the person asked for it). */
async function perform(scope: HostActionScope, name: HostActionName, call: PreparedCall, idempotencyKey: string, now: Date): Promise<HostActionResult> {
  const { action, project, input, actor } = call;
  const applied = await applyHostActionOnce({
    attempt: { ...call.attempt, projectId: project.id, idempotencyKey },
    apply: async (database) => (await action.perform({ database, project, input, userId: actor.userId, chatId: scope.chatId, now })) as JsonValue,
  });
  if (applied.kind === "declined") {
    const code = applied.code === "nothing_to_do" ? "nothing_to_do" : "bad_input";
    await recordHostActionAttempt({ attempt: { ...call.attempt, idempotencyKey }, status: "refused", errorCode: code });
    return refusal(name, code, applied.message);
  }
  return resultOf(name, action, applied.result, applied.replayed);
}

/** The result of a performed (or replayed) action, from its stored record. */
export function resultOf(name: HostActionName, action: HostAction<unknown, unknown>, stored: JsonValue, replayed: boolean): HostActionResult {
  const record = action.recordSchema.safeParse(stored);
  if (!record.success) throw new Error(`the stored result of ${name} does not fit its record`);
  return { ok: true, action: name, replayed, line: action.line(record.data), record: record.data as FileIssueRecord | RerunTestsRecord };
}

/**
 * Runs `name` with the model's `rawInput` now, as a call the person asked
 * for — their click (`callHostAction` decides) — applied once per key.
 */
export async function runHostAction(scope: HostActionScope, name: HostActionName, rawInput: unknown, options: HostActionCallOptions = {}): Promise<HostActionResult> {
  try {
    const call = await prepareCall(scope, name, rawInput);
    if (!("normalized" in call)) return call;
    const idempotencyKey = hostActionKey({ chatId: scope.chatId, origin: scope.origin, action: name, position: options.position ?? 0 });
    return await perform(scope, name, call, idempotencyKey, options.now ?? new Date());
  } catch (caught) {
    return unavailable(scope, name, rawInput, caught);
  }
}

/**
 * A reply's call of `name`: checked and authorized; run at once when the
 * person's click asked for exactly this (`choiceAsksFor`); otherwise
 * proposed — nothing is done until the person confirms its card — unless
 * its key was already performed, when that result answers. `positions`
 * counts the reply's readable calls per action (the key's place).
 */
export async function callHostAction(scope: HostActionScope, name: HostActionName, rawInput: unknown, positions: Map<HostActionName, number>, options: { now?: Date } = {}): Promise<HostActionResult> {
  try {
    const call = await prepareCall(scope, name, rawInput);
    if (!("normalized" in call)) return call;
    const position = positions.get(name) ?? 0;
    positions.set(name, position + 1);
    const idempotencyKey = hostActionKey({ chatId: scope.chatId, origin: scope.origin, action: name, position });
    if (choiceAsksFor({ origin: scope.origin, action: name, position, normalized: call.normalized, defaults: call.action.defaults(call.project) })) {
      return await perform(scope, name, call, idempotencyKey, options.now ?? new Date());
    }
    const proposed = await proposeHostActionOnce({ attempt: { ...call.attempt, projectId: call.project.id, idempotencyKey } });
    if (proposed.kind === "replayed") return resultOf(name, call.action, proposed.result, true);
    return { ok: false, action: name, proposed: true, proposalId: proposed.proposalId, line: call.action.proposal({ project: call.project, actorName: call.actor.name, input: call.input }) };
  } catch (caught) {
    return unavailable(scope, name, rawInput, caught);
  }
}
