/**
 * What a prop that evaluated to null means (the language reference's null
 * rules): a missing value, not a broken element. A prop whose schema takes
 * null keeps it (its renderer draws it). An optional prop is then
 * absent; a required prop that shows text or a figure shows
 * `UI_MISSING_VALUE` ("—"); a required tone is neutral; a required list (a
 * table's rows) is empty.
 * Anything else stays null and fails the component's schema as before.
 * Only props written as expressions are touched: a static `prop="…"` cannot
 * be null.
 */
import type { z } from "zod";
import type { UiCatalogEntry } from "../catalog/entry";
import type { UiRecord } from "../expression/value";
import { UI_UNKNOWN_TEXT } from "./display-text";

/** What a required display prop with no value shows: the mark text interpolation shows for an unknown value. */
export const UI_MISSING_VALUE = UI_UNKNOWN_TEXT;

const NO_ROWS: readonly never[] = Object.freeze([]);

/** The tone a required `tone` takes when it evaluates to null. */
const NEUTRAL_TONE = "neutral";

/**
 * Applies the null rules to `raw` in place, for the props in `expressionProps`.
 * Returns true when a host link's target (a `Commit`'s `sha`, a `File`'s
 * `path`) is missing: there is nothing to link, and the element stands as
 * the missing mark — the chip is the target's display.
 */
export function uiNullProps(entry: UiCatalogEntry, raw: UiRecord, expressionProps: ReadonlySet<string>): boolean {
  const shape = entry.schema.shape;
  let missingTarget = false;
  for (const prop of expressionProps) {
    if (raw[prop] !== null || !Object.hasOwn(shape, prop)) continue;
    const schema = shape[prop] as z.ZodType | undefined;
    if (!schema) continue;
    // A prop whose schema takes null draws it itself (a Stat's value shows —).
    if (schema.safeParse(null).success) continue;
    if (schema.safeParse(undefined).success) delete raw[prop];
    else if (schema.safeParse(UI_MISSING_VALUE).success) raw[prop] = UI_MISSING_VALUE;
    // A required tone computed from a missing value has no tone to say: neutral, never one chosen from nothing.
    else if (schema.safeParse(NEUTRAL_TONE).success) raw[prop] = NEUTRAL_TONE;
    else if (schema.safeParse(NO_ROWS).success) raw[prop] = [];
    else if (entry.group === "Host links") missingTarget = true;
  }
  return missingTarget;
}
