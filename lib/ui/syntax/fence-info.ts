/**
 * The attributes of a UI fence's info string: ```` ```ui id=build catalog=1 ````.
 * `id` names a panel (a later reply's fence with the same id replaces it);
 * `catalog` names the catalog version the block was written for. Anything
 * else is reported and ignored, never fatal: the block still compiles.
 */
import type { UiDiagnosticCode } from "../diagnostics/codes";

/** A panel id: 1–64 letters, digits, `_` and `-` (short enough for URLs and logs, safe in ids and keys). */
const PANEL_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The longest catalog version kept (the envelope's `catalog` field is bounded at 32). */
const MAXIMUM_CATALOG_LENGTH = 32;

/** What a UI fence's info string says. */
export type UiFenceInfo = {
  /** The `id=` panel id, when given and valid. */
  id?: string;
  /** The `catalog=` version, when given (bounded in length). */
  catalog?: string;
  /** Problems with the attributes, with a detail naming the attribute. */
  problems: { code: UiDiagnosticCode; detail: string }[];
};

/** Reads the attributes after the language word of an info string (values may be quoted). */
export function parseUiFenceInfo(info: string): UiFenceInfo {
  const result: UiFenceInfo = { problems: [] };
  const words = info.split(/[ \t]+/).filter((word) => word.length > 0);
  const seen = new Set<string>();
  for (const word of words.slice(1)) {
    const equals = word.indexOf("=");
    const key = equals < 0 ? word : word.slice(0, equals);
    const value = equals < 0 ? "" : unquote(word.slice(equals + 1));
    const shown = word.length > 80 ? `${word.slice(0, 80)}…` : word;
    if ((key !== "id" && key !== "catalog") || equals < 0 || seen.has(key)) {
      result.problems.push({ code: "invalid_attribute", detail: shown });
      continue;
    }
    seen.add(key);
    if (key === "id") {
      if (PANEL_ID_PATTERN.test(value)) result.id = value;
      else result.problems.push({ code: "invalid_block_id", detail: shown });
    } else if (value.length === 0 || value.length > MAXIMUM_CATALOG_LENGTH) {
      result.problems.push({ code: "invalid_attribute", detail: shown });
    } else {
      result.catalog = value;
    }
  }
  return result;
}

/** `"x"` or `'x'` → `x`; anything else as it is. */
function unquote(value: string): string {
  if (value.length >= 2) {
    const first = value[0];
    if ((first === '"' || first === "'") && value[value.length - 1] === first) return value.slice(1, -1);
  }
  return value;
}
