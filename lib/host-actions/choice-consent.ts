/**
 * When a person's own click already asked for a host action, so the call
 * runs without a second confirmation. The click is a ```ui `Choice` picked
 * in a stored reply of the chat: its turn is written by the server from the
 * stored block (`sendChoice`), never typed, so a typed envelope or a label
 * cannot pass for one. Its stored meaning is that very action when:
 *
 * - the choice's id is the action's name (`<Choice id="rerun_tests" …/>`);
 * - the call is the reply's first readable call of that action (a click
 *   asks for one action, once; a second call is a proposal like any other);
 * - every argument the call names, normalised, is either the action's
 *   default (a re-run of the project's default branch) or a value the person
 *   saw on the choice: a field of the turn whose label is the argument's
 *   name ("Branch", "Title", "Body", "Labels" — compared without case) and
 *   whose value is the argument as written (a list: its items joined by ", ").
 *
 * So a "Re-run the failed tests" choice with id `rerun_tests` re-runs main's
 * failed tests at once, while a "File an issue" choice whose issue title the
 * person never saw becomes a proposal naming that title. The label is the
 * model's and the host cannot tell whether it describes the action; what
 * holds is that nothing runs but the action the choice's id names, with
 * arguments the person saw, once.
 */
import type { JsonValue } from "@/db/schema";
import type { HostActionName } from "./host-action-definitions";
import { canonicalJson, type ChoiceField, type HostActionOrigin } from "./idempotency-key";

/** How an argument reads in a choice's field. */
function asShown(value: JsonValue): string {
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? item : canonicalJson(item))).join(", ");
  return typeof value === "string" ? value : canonicalJson(value);
}

/** The field of `fields` labelled `name`, without case or surrounding space. */
function fieldNamed(fields: readonly ChoiceField[], name: string): ChoiceField | undefined {
  const wanted = name.toLowerCase();
  return fields.find((field) => field.label.trim().toLowerCase() === wanted);
}

/** True when the turn the reply answers is the person's click asking for exactly this call (see the file comment). */
export function choiceAsksFor(input: {
  origin: HostActionOrigin;
  action: HostActionName;
  /** The call's place among the reply's readable calls of this action. */
  position: number;
  /** The call's normalised arguments. */
  normalized: { [name: string]: JsonValue };
  /** The action's normalised arguments when none is named. */
  defaults: { [name: string]: JsonValue };
}): boolean {
  const { origin } = input;
  if (origin.kind !== "choice" || origin.chosen.choiceId !== input.action || input.position !== 0) return false;
  return Object.entries(input.normalized).every(([name, value]) => {
    const fallback = input.defaults[name];
    if (fallback !== undefined && canonicalJson(fallback) === canonicalJson(value)) return true;
    const field = fieldNamed(origin.fields, name);
    return field !== undefined && field.value.trim() === asShown(value).trim();
  });
}
