/**
 * Reading an `[octo-ui-action]` message back. Strict: anything malformed —
 * a missing prefix, bad JSON, an unknown key, a prototype key, a value of the
 * wrong kind, a payload past its caps — gives `null`, so a user cannot craft
 * an envelope the app would not have sent.
 */
import { GenuiPath } from "../diagnostics/path";
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";
import { ABSENT, isRawRecord, readOwn } from "../parse/raw";
import { readPayload } from "../parse/read-payload";
import { isFieldName } from "../parse/read-values";
import { SpecWalk } from "../parse/spec-walk";
import type { GenuiFieldValues } from "../schema/condition";
import { GENUI_PANEL_ID_PATTERN } from "../schema/spec";
import { UI_ACTION_PREFIX, UiActionSchema, type UiAction } from "./ui-action";

const ENVELOPE_KEYS: ReadonlySet<string> = new Set(["panel", "action", "fields", "payload"]);

function readFields(raw: unknown): GenuiFieldValues | null {
  if (!isRawRecord(raw)) return null;
  const keys = Object.keys(raw);
  // A fence has at most one field per node.
  if (keys.length > GENUI_LIMITS.nodes) return null;
  const fields: GenuiFieldValues = {};
  for (const key of keys) {
    const value = readOwn(raw, key);
    if (!isFieldName(key)) return null;
    if (typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) fields[key] = value;
    else return null;
  }
  return fields;
}

/** The envelope of an `[octo-ui-action]` message, or `null` for anything malformed. */
export function parseUiAction(text: string): UiAction | null {
  if (typeof text !== "string" || text.length > GENUI_BUDGETS.actionEnvelopeLength || !text.startsWith(UI_ACTION_PREFIX)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text.slice(UI_ACTION_PREFIX.length));
  } catch {
    return null;
  }
  if (!isRawRecord(raw) || Object.keys(raw).some((key) => !ENVELOPE_KEYS.has(key))) return null;
  const action = readOwn(raw, "action");
  const panel = readOwn(raw, "panel");
  const fields = readFields(readOwn(raw, "fields"));
  if (typeof action !== "string" || fields === null) return null;
  const envelope: UiAction = { action, fields, payload: {} };
  if (panel !== ABSENT) {
    if (typeof panel !== "string" || !GENUI_PANEL_ID_PATTERN.test(panel)) return null;
    envelope.panel = panel;
  }
  const payload = readOwn(raw, "payload");
  if (payload !== ABSENT) {
    // The payload obeys the button's caps; any trim or refusal makes the envelope malformed.
    const walk = new SpecWalk("fence");
    const copied = readPayload(walk, payload, GenuiPath.root.child("payload"));
    if (copied === undefined || walk.diagnostics.finish().length > 0) return null;
    envelope.payload = copied;
  }
  return UiActionSchema.safeParse(envelope).success ? envelope : null;
}
