/**
 * The idempotency key of a host action call, derived by the host from the
 * person's request and the call's place in the reply — never from the
 * model's arguments, which a regenerated reply may change by one trailing
 * space, and never taken from the model, which could repeat or invent one:
 *
 * - the request: a picked ```ui `Choice` is the choice itself (reply, block,
 *   choice id), so the same choice sent from two tabs — two turns — is one
 *   request; any other turn is the user message the reply answers, so a
 *   retried or regenerated reply (another child of the same message) is the
 *   same request, while a new or edited prompt is a new one;
 * - the place: the action and the call's position among the reply's readable
 *   calls of that action (the first `file_issue` of the reply is 0, the
 *   second 1), so a reply asking for two issues asks for two, and its
 *   regenerated version's first issue is the first one again.
 */
import { createHash } from "node:crypto";
import type { ChoicePick } from "@/lib/chat/wire";
import type { HostActionName } from "./host-action-definitions";

/** The values the person saw on a picked choice, by their control's label (the turn's stored summary). */
export type ChoiceField = { label: string; value: string };

/** What a reply answers, as far as idempotency and consent go. */
export type HostActionOrigin = { kind: "choice"; chosen: ChoicePick; fields: readonly ChoiceField[] } | { kind: "message"; messageId: string };

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

/** The origin's part of a key: the request, never what the person typed into it. */
function originText(origin: HostActionOrigin): string {
  return origin.kind === "choice" ? canonicalJson(["choice", origin.chosen.messageId, origin.chosen.blockId, origin.chosen.choiceId]) : canonicalJson(["message", origin.messageId]);
}

/** The key (hex SHA-256) of the `position`th call of `action` in a reply of chat `chatId` answering `origin`. */
export function hostActionKey(input: { chatId: string; origin: HostActionOrigin; action: HostActionName; position: number }): string {
  return createHash("sha256").update(canonicalJson([input.chatId, originText(input.origin), input.action, input.position])).digest("hex");
}
