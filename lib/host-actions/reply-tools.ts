/**
 * The host actions as AI SDK tools for one reply. The model sees each
 * action's JSON schema, but the AI SDK lets any input through: the host
 * checks it (`runHostAction`) and answers a bad one with a typed result the
 * model can act on, as it answers a refusal — never a thrown error. A call
 * the person did not ask for by their own click is not performed: it answers
 * "proposed; waiting for the person's confirmation", so the model does not
 * retry, and its card asks the person (`callHostAction`).
 * A reply's calls run one after another, in the order the model made them,
 * and only the first few are looked at (`HOST_ACTION_CALLS_PER_REPLY`).
 */
import "server-only";
import { jsonSchema, tool, type Tool } from "ai";
import { z } from "zod";
import type { Message } from "@/db/schema";
import { ActionSummarySchema } from "@/lib/chat/wire";
import { isProposalResult, type HostActionResult } from "./host-action-card";
import { HOST_ACTION_DEFINITIONS, HOST_ACTION_NAMES, type HostActionName } from "./host-action-definitions";
import type { HostActionOrigin } from "./idempotency-key";
import { callHostAction, refuseHostAction, type HostActionScope } from "./run-host-action";

/**
 * Host action calls one reply may make: a request needs one or two (re-run,
 * then file what still fails); a reply calling more is a model looping or
 * a hostile one filing issues in bulk, and the rest are refused.
 */
export const HOST_ACTION_CALLS_PER_REPLY = 4;

/** What a call past that share is told. */
export const TOO_MANY_CALLS_MESSAGE = `This reply already asked the host for ${HOST_ACTION_CALLS_PER_REPLY} actions, the most one reply may; nothing was done. Ask the person before doing more.`;

/** What the tools act for: the chat, the reply being written, and the thread up to the message it answers. */
export type HostActionReplyInput = { userId: string; chatId: string; messageId: string; replyTo: string; thread: readonly Message[] };

/** What the reply answers (see `idempotency-key.ts`): the choice a choice turn carries, with the values the person saw on it, or the message. */
export function originOf(input: { replyTo: string; thread: readonly Message[] }): HostActionOrigin {
  const message = input.thread.find((candidate) => candidate.id === input.replyTo);
  if (message?.role === "user" && message.kind === "choice") {
    const summary = ActionSummarySchema.safeParse(message.action);
    if (summary.success && summary.data.chosen) return { kind: "choice", chosen: summary.data.chosen, fields: summary.data.fields };
  }
  return { kind: "message", messageId: input.replyTo };
}

/** What the model reads of a proposal: nothing was done, the person decides, and it must not call again. */
export function proposalModelText(line: string): string {
  return `Proposed; waiting for the person's confirmation: ${line}. Nothing has been done yet. The person confirms or dismisses it on the card shown in your reply; do not call it again, and do not say it was done.`;
}

/** What the model reads of a result. */
export function hostActionModelOutput({ output }: { output: HostActionResult }): { type: "text" | "error-text"; value: string } {
  if (isProposalResult(output)) return { type: "text", value: proposalModelText(output.line) };
  if (!output.ok) return { type: "error-text", value: output.message };
  const repeat = output.replayed ? " (This request had already been performed; nothing new happened — this is the first call's result.)" : "";
  if ("runNumber" in output.record) {
    const tests = output.record.tests.map((test) => `- ${test.name}: ${test.failed ? "failed" : "passed"} (${test.ms} ms)`).join("\n");
    return { type: "text", value: `${output.line}.${repeat} Run #${output.record.runNumber} on ${output.record.branch} is now the newest; the \`tests\` source reads it.\n${tests}` };
  }
  return { type: "text", value: `${output.line}.${repeat}` };
}

/** Runs the tasks given to it one after another, in the order they were given. */
function inOrder(): (task: () => Promise<HostActionResult>) => Promise<HostActionResult> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => {});
    return run;
  };
}

/** Each action's open schema, converted to JSON Schema once per process rather than for every reply. */
const openSchemas: Partial<Record<HostActionName, ReturnType<typeof jsonSchema<unknown>>>> = {};

/** The JSON schema the model sees; validation is the host's (see the file comment). */
function openSchema(name: HostActionName) {
  return (openSchemas[name] ??= jsonSchema<unknown>(z.toJSONSchema(HOST_ACTION_DEFINITIONS[name].inputSchema) as Parameters<typeof jsonSchema>[0], {
    validate: (value) => ({ success: true, value }),
  }));
}

/** The tools for one reply; spread them into `streamText`'s tools beside `render_ui`. */
export function hostActionReplyTools(input: HostActionReplyInput): Record<HostActionName, Tool<unknown, HostActionResult>> {
  const scope: HostActionScope = { userId: input.userId, chatId: input.chatId, messageId: input.messageId, origin: originOf(input) };
  const queue = inOrder();
  let calls = 0;
  // The reply's readable calls so far, per action: a call's place in its key.
  const positions = new Map<HostActionName, number>();
  const run = (name: HostActionName, raw: unknown) => {
    calls += 1;
    return calls > HOST_ACTION_CALLS_PER_REPLY ? refuseHostAction(scope, name, raw, { code: "too_many", message: TOO_MANY_CALLS_MESSAGE }) : callHostAction(scope, name, raw, positions);
  };
  const entries = HOST_ACTION_NAMES.map((name) => [
    name,
    tool({
      description: HOST_ACTION_DEFINITIONS[name].description,
      inputSchema: openSchema(name),
      execute: (raw: unknown) => queue(() => run(name, raw)),
      toModelOutput: hostActionModelOutput,
    }),
  ]);
  return Object.fromEntries(entries) as Record<HostActionName, Tool<unknown, HostActionResult>>;
}
