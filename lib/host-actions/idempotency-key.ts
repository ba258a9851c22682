/**
 * The idempotency key of a host action call, derived by the host — never
 * taken from the model, which could repeat or invent one. A call is "the
 * same request" when it is the same action with the same (normalised)
 * arguments, in the same chat, answering the same thing:
 *
 * - a picked ```ui `Choice`: the choice itself (reply, block, choice id), so
 *   the same choice sent from two tabs — two turns — applies once;
 * - any other turn: the user message the reply answers, so a retried or
 *   regenerated reply (another child of the same message) applies once,
 *   while a new or edited prompt is a new request.
 *
 * Two calls in one reply with the same arguments are one request too.
 */
import { createHash } from "node:crypto";
import type { ChoicePick } from "@/lib/chat/wire";
import type { HostActionName } from "./host-action-definitions";

/** What a reply answers, as far as idempotency goes. */
export type HostActionOrigin = { kind: "choice"; chosen: ChoicePick } | { kind: "message"; messageId: string };

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The origin's part of a key. */
function originText(origin: HostActionOrigin): string {
  return origin.kind === "choice" ? canonicalJson(["choice", origin.chosen.messageId, origin.chosen.blockId, origin.chosen.choiceId]) : canonicalJson(["message", origin.messageId]);
}

/** The key (hex SHA-256) of `action` with normalised `input` in chat `chatId`, answering `origin`. */
export function hostActionKey(input: { chatId: string; origin: HostActionOrigin; action: HostActionName; input: unknown }): string {
  return createHash("sha256").update(canonicalJson([input.chatId, originText(input.origin), input.action, input.input])).digest("hex");
}
