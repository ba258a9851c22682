/**
 * Copying a button's `payload`: any JSON object, on a budget of its own as
 * the guide says (depth 8 like the tree, 50 keys or entries per level, not
 * counted against the 200 nodes), plus `GENUI_BUDGETS.payloadValues` in all
 * so that 50 keys on each of 8 levels cannot multiply out.
 */
import type { GenuiPath } from "../diagnostics/path";
import { GENUI_BUDGETS, GENUI_LIMITS } from "../limits";
import { FORBIDDEN_KEYS } from "../schema/condition";
import type { GenuiJsonValue } from "../schema/nodes";
import { ABSENT, ACCESSOR, isRawList, isRawRecord, listLength, readKnownKey } from "./raw";
import { INVALID, readElement, readText } from "./read-values";
import type { SpecWalk } from "./spec-walk";

/** The state of one payload copy. */
type PayloadCopy = { walk: SpecWalk; values: number; trimmed: boolean };

function trim(copy: PayloadCopy, path: GenuiPath, detail: string): void {
  if (copy.trimmed) return;
  copy.trimmed = true;
  copy.walk.diagnostics.report("payload_trimmed", path, detail);
}

function takeValue(copy: PayloadCopy, path: GenuiPath): boolean {
  if (copy.values >= GENUI_BUDGETS.payloadValues) {
    trim(copy, path, `kept ${GENUI_BUDGETS.payloadValues} values`);
    return false;
  }
  if (copy.walk.takeEntries(1, path) === 0) return false;
  copy.values += 1;
  return true;
}

function copyValue(copy: PayloadCopy, value: unknown, path: GenuiPath, depth: number): GenuiJsonValue | typeof INVALID {
  // A hole, or an accessor already reported by the property reader.
  if (value === ABSENT) return INVALID;
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? (value === 0 ? 0 : value) : INVALID;
  if (typeof value === "string") {
    const text = readText(copy.walk, value, path, { coerce: false });
    return text === INVALID ? INVALID : text;
  }
  if (isRawList(value)) {
    if (depth > GENUI_LIMITS.payloadDepth) {
      trim(copy, path, `deeper than ${GENUI_LIMITS.payloadDepth}`);
      return INVALID;
    }
    const length = listLength(value);
    if (length > GENUI_LIMITS.payloadEntries) trim(copy, path, `kept ${GENUI_LIMITS.payloadEntries} entries`);
    const list: GenuiJsonValue[] = [];
    for (let index = 0; index < Math.min(length, GENUI_LIMITS.payloadEntries); index += 1) {
      const entryPath = path.child(index);
      if (!takeValue(copy, entryPath)) break;
      const entry = copyValue(copy, readElement(copy.walk, value, index, path), entryPath, depth + 1);
      // An array keeps its positions: an entry that cannot be copied becomes null.
      list.push(entry === INVALID ? null : entry);
    }
    return list;
  }
  if (isRawRecord(value)) return copyRecord(copy, value, path, depth);
  copy.walk.diagnostics.report("not_json", path);
  return INVALID;
}

function copyRecord(copy: PayloadCopy, record: object, path: GenuiPath, depth: number): { [key: string]: GenuiJsonValue } | typeof INVALID {
  if (depth > GENUI_LIMITS.payloadDepth) {
    trim(copy, path, `deeper than ${GENUI_LIMITS.payloadDepth}`);
    return INVALID;
  }
  const result: { [key: string]: GenuiJsonValue } = {};
  let kept = 0;
  for (const key of Object.keys(record)) {
    const entryPath = path.child(key);
    if (FORBIDDEN_KEYS.has(key)) {
      copy.walk.diagnostics.report("forbidden_key", entryPath);
      continue;
    }
    if (kept >= GENUI_LIMITS.payloadEntries) {
      trim(copy, path, `kept ${GENUI_LIMITS.payloadEntries} keys`);
      break;
    }
    // A key cut to the cap could collide with another key, so a long one is dropped whole.
    if (key.length > GENUI_LIMITS.stringLength) {
      copy.walk.diagnostics.report("invalid_entry", entryPath, "key too long");
      continue;
    }
    if (!takeValue(copy, entryPath)) break;
    const raw = readKnownKey(record, key);
    if (raw === ACCESSOR) copy.walk.diagnostics.report("not_json", entryPath);
    const entry = copyValue(copy, raw === ACCESSOR ? ABSENT : raw, entryPath, depth + 1);
    if (entry === INVALID) continue;
    result[key] = entry;
    kept += 1;
  }
  return result;
}

/** Copies a button payload; `undefined` (reported) when it is not a JSON object. */
export function readPayload(walk: SpecWalk, raw: unknown, path: GenuiPath): { [key: string]: GenuiJsonValue } | undefined {
  if (!isRawRecord(raw)) {
    walk.diagnostics.report("invalid_field", path, "an object");
    return undefined;
  }
  const copied = copyRecord({ walk, values: 0, trimmed: false }, raw, path, 1);
  return copied === INVALID ? undefined : copied;
}
