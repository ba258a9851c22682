/**
 * A change one tab made to a panel's interaction state. A tab saves what it
 * changed, not its whole state, so two tabs editing one panel never undo each
 * other's edits: per section of the state (a GenUI panel's `fields`, `tabs`
 * and `folds`; a ```ui block's `values`), the entries it set and the keys it
 * removed. The server merges a patch into the stored state under the panel
 * row's lock (db/queries/panels.ts `updatePanelState`), so the last write of
 * each entry wins. The browser builds patches (`panelStatePatch`,
 * `combinePanelStatePatches`), the server applies them
 * (`applyPanelStatePatch`), from this one file.
 */
import { z } from "zod";
import type { UiDialect } from "../wire";
import { PANEL_STATE_MAX_BYTES, parsePanelState, readGenuiPanelState, readUiPanelState } from "./panel-state";

/** The sections of a GenUI panel's state (`GenuiPanelStateSchema`). */
const GENUI_SECTIONS = ["fields", "tabs", "folds"] as const;

/** The one section of a ```ui block's state (`UiStateSnapshotSchema`). */
const UI_SECTIONS = ["values"] as const;

const PanelStateSectionSchema = z.enum([...GENUI_SECTIONS, ...UI_SECTIONS]);

/** A section of a panel's state. */
export type PanelStateSection = z.infer<typeof PanelStateSectionSchema>;

const SECTIONS: readonly PanelStateSection[] = PanelStateSectionSchema.options;

/**
 * A change to a panel's state: `set` gives entries their new values, `unset`
 * removes keys (a GenUI field cleared); `unset` applies first. Values are
 * checked once merged, against the panel's dialect.
 */
export const PanelStatePatchSchema = z.strictObject({
  set: z.partialRecord(PanelStateSectionSchema, z.record(z.string(), z.unknown())).optional(),
  unset: z.partialRecord(PanelStateSectionSchema, z.array(z.string())).optional(),
});

/** A change to a panel's state. */
export type PanelStatePatch = z.infer<typeof PanelStatePatchSchema>;

type Entries = Record<string, unknown>;

/** A state's section as a record, or undefined when the state has none. */
function sectionOf(state: unknown, section: PanelStateSection): Entries | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const value = (state as Record<string, unknown>)[section];
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Entries) : undefined;
}

/** Whether two JSON values are the same (a ```ui value may be an array or a record). */
function sameJson(left: unknown, right: unknown): boolean {
  return left === right || JSON.stringify(left) === JSON.stringify(right);
}

/** A patch from its sections' entries; null when it changes nothing. Records are built from entries, so a `__proto__` key stays a plain key. */
function patchOf(set: Map<PanelStateSection, [string, unknown][]>, unset: Map<PanelStateSection, string[]>): PanelStatePatch | null {
  const patch: PanelStatePatch = {};
  const kept = [...set].filter(([, entries]) => entries.length > 0);
  const removed = [...unset].filter(([, keys]) => keys.length > 0);
  if (kept.length > 0) patch.set = Object.fromEntries(kept.map(([section, entries]) => [section, Object.fromEntries(entries)]));
  if (removed.length > 0) patch.unset = Object.fromEntries(removed);
  return kept.length > 0 || removed.length > 0 ? patch : null;
}

/**
 * The patch that turns `previous` into `next` — two states of one panel as a
 * tab drew them, before and after an edit; null when nothing changed.
 */
export function panelStatePatch(previous: unknown, next: unknown): PanelStatePatch | null {
  const set = new Map<PanelStateSection, [string, unknown][]>();
  const unset = new Map<PanelStateSection, string[]>();
  for (const section of SECTIONS) {
    const before = sectionOf(previous, section) ?? {};
    const after = sectionOf(next, section) ?? {};
    set.set(section, Object.entries(after).filter(([key, value]) => !Object.hasOwn(before, key) || !sameJson(before[key], value)));
    unset.set(section, Object.keys(before).filter((key) => !Object.hasOwn(after, key)));
  }
  return patchOf(set, unset);
}

/** One patch doing what `older` then `newer` do (a tab's edits pending together). */
export function combinePanelStatePatches(older: PanelStatePatch | null, newer: PanelStatePatch | null): PanelStatePatch | null {
  if (older === null) return newer;
  if (newer === null) return older;
  const set = new Map<PanelStateSection, [string, unknown][]>();
  const unset = new Map<PanelStateSection, string[]>();
  for (const section of SECTIONS) {
    const newerSet = newer.set?.[section] ?? {};
    const newerUnset = new Set(newer.unset?.[section] ?? []);
    const olderSet = Object.entries(older.set?.[section] ?? {}).filter(([key]) => !newerUnset.has(key) && !Object.hasOwn(newerSet, key));
    set.set(section, [...olderSet, ...Object.entries(newerSet)]);
    const olderUnset = (older.unset?.[section] ?? []).filter((key) => !Object.hasOwn(newerSet, key) && !newerUnset.has(key));
    unset.set(section, [...olderUnset, ...newerUnset]);
  }
  return patchOf(set, unset);
}

/** The sections a patch touches. */
function touchedSections(patch: PanelStatePatch): PanelStateSection[] {
  return SECTIONS.filter((section) => patch.set?.[section] !== undefined || patch.unset?.[section] !== undefined);
}

/** Which state shape a patch is merged into: the panel's dialect, else the stored state's, else the one its sections name. */
function shapeFor(dialect: UiDialect | null, base: unknown, patch: PanelStatePatch): "genui" | "ui" | null {
  if (dialect === "ui") return "ui";
  if (dialect !== null) return "genui";
  const touched = touchedSections(patch);
  if (sectionOf(base, "values") !== undefined || (touched.length > 0 && touched.every((section) => (UI_SECTIONS as readonly string[]).includes(section)))) return "ui";
  if (touched.every((section) => (GENUI_SECTIONS as readonly string[]).includes(section))) return "genui";
  return null;
}

/**
 * `base` (a stored state; anything that is not a state of the panel's shape
 * counts as untouched) with `patch` applied, checked as a stored state must
 * be (`parsePanelState`: the dialect's schema and `PANEL_STATE_MAX_BYTES`),
 * or why it cannot be. A patch naming a section the panel's state does not
 * have is refused whole.
 */
export function applyPanelStatePatch(
  dialect: UiDialect | null,
  base: unknown,
  patch: PanelStatePatch,
): ReturnType<typeof parsePanelState> {
  // A patch larger than the largest state could never leave a state that fits.
  if (new TextEncoder().encode(JSON.stringify(patch)).length > PANEL_STATE_MAX_BYTES) {
    return { ok: false, problem: `The panel state change is larger than ${PANEL_STATE_MAX_BYTES} bytes.` };
  }
  const shape = shapeFor(dialect, base, patch);
  const sections: readonly PanelStateSection[] = shape === "ui" ? UI_SECTIONS : GENUI_SECTIONS;
  if (shape === null || touchedSections(patch).some((section) => !sections.includes(section))) {
    return { ok: false, problem: "The panel state change does not fit the panel." };
  }
  const start: Record<string, Entries> = shape === "ui" ? readUiPanelState(base) : readGenuiPanelState(base);
  const merged: Record<string, Entries> = {};
  for (const section of sections) {
    const set = patch.set?.[section] ?? {};
    const unset = new Set(patch.unset?.[section] ?? []);
    const kept = Object.entries(start[section] ?? {}).filter(([key]) => !unset.has(key) && !Object.hasOwn(set, key));
    merged[section] = Object.fromEntries([...kept, ...Object.entries(set)]);
  }
  return parsePanelState(shape === "ui" ? "ui" : (dialect ?? "octo-ui"), merged);
}
