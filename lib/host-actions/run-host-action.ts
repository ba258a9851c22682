/**
 * Runs one host action for one reply, as the chat's user: the input checked
 * against the action's schema, the chat authorized through the policy module
 * (`authorizeChat`: another user's chat is not found) and its project
 * through the project policy (`authorizeProject`: members only), the
 * idempotency key derived by the host (`idempotency-key.ts`), and the action
 * applied at most once per key with its audit row (`applyHostActionOnce`).
 * Every attempt is recorded — performed, replayed, refused or failed — and
 * every outcome is a `HostActionResult` the model reads: nothing here throws.
 */
import "server-only";
import type { z } from "zod";
import { applyHostActionOnce, recordHostActionAttempt, type HostActionAttempt } from "@/db/queries/host-actions";
import { getUser } from "@/db/queries/users";
import type { JsonValue } from "@/db/schema";
import { authorizeChat, type Actor } from "@/lib/auth/policy";
import { isAppError } from "@/lib/errors";
import { authorizeProject } from "@/lib/project/authorize-project";
import type { FileIssueRecord, HostActionErrorCode, HostActionResult, RerunTestsRecord } from "./host-action-card";
import type { HostActionName } from "./host-action-definitions";
import { hostActionKey, type HostActionOrigin } from "./idempotency-key";
import { hostActionOf } from "./registry";

/** Whose chat, which reply, answering what. */
export type HostActionScope = { userId: string; chatId: string; messageId: string; origin: HostActionOrigin };

/** Characters of a model's input an audit row keeps: the schemas bound real inputs far below this. */
const STORED_INPUT_LENGTH = 20_000;

/** What the model is told when the store failed (the cause is logged, never shown). */
export const HOST_ACTION_UNAVAILABLE = "The host could not do this right now: its database did not answer. Nothing was changed; try again in a later reply.";

/** What the model is told for a chat or project it may not act on. */
const REFUSALS: Record<"not_found" | "forbidden", string> = {
  not_found: "This chat does not exist, or it is not yours; nothing was done.",
  forbidden: "The chat's user is not a member of its project; nothing was done.",
};

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

/** Runs `name` with the model's `rawInput` (see the file comment). */
export async function runHostAction(scope: HostActionScope, name: HostActionName, rawInput: unknown, options: { now?: Date } = {}): Promise<HostActionResult> {
  const action = hostActionOf(name);
  const attempt = attemptOf(scope, name, rawInput);
  const refuse = async (code: HostActionErrorCode, message: string, status: "refused" | "failed" = "refused"): Promise<HostActionResult> => {
    await recordHostActionAttempt({ attempt, status, errorCode: code });
    return refusal(name, code, message);
  };
  try {
    const parsed = action.definition.inputSchema.safeParse(rawInput ?? {});
    if (!parsed.success) return await refuse("bad_input", `The ${name} input does not fit its schema (${firstIssue(parsed.error)}); nothing was done.`);
    const actor = await actorOf(scope.userId);
    if (!actor) return await refuse("not_found", REFUSALS.not_found);
    attempt.actorName = actor.name;
    let project;
    try {
      const chat = await authorizeChat(actor, scope.chatId, "write");
      attempt.projectId = chat.projectId;
      project = await authorizeProject(actor, chat.projectId);
    } catch (caught) {
      if (!isAppError(caught) || (!caught.code.startsWith("not_found:") && caught.code !== "forbidden:project")) throw caught;
      const code = caught.code === "forbidden:project" ? "forbidden" : "not_found";
      return await refuse(code, REFUSALS[code]);
    }
    const input = parsed.data as unknown;
    const idempotencyKey = hostActionKey({ chatId: scope.chatId, origin: scope.origin, action: name, input: action.normalize(project, input) });
    attempt.idempotencyKey = idempotencyKey;
    const now = options.now ?? new Date();
    const applied = await applyHostActionOnce({
      attempt: { ...attempt, projectId: project.id, idempotencyKey },
      apply: async (database) => (await action.perform({ database, project, input, userId: actor.userId, chatId: scope.chatId, now })) as JsonValue,
    });
    if (applied.kind === "declined") return await refuse(applied.code === "nothing_to_do" ? "nothing_to_do" : "bad_input", applied.message);
    const record = action.recordSchema.safeParse(applied.result);
    if (!record.success) throw new Error(`the stored result of ${name} does not fit its record`);
    return { ok: true, action: name, replayed: applied.replayed, line: action.line(record.data), record: record.data as FileIssueRecord | RerunTestsRecord };
  } catch (caught) {
    console.error(`host actions: ${name} failed`, caught);
    try {
      return await refuse("unavailable", HOST_ACTION_UNAVAILABLE, "failed");
    } catch (recording) {
      console.error(`host actions: recording the failure of ${name} failed too`, recording);
      return refusal(name, "unavailable", HOST_ACTION_UNAVAILABLE);
    }
  }
}
