/**
 * Reading an array that has a cap: only the first `cap` entries are ever
 * looked at (a 100k-row table costs 500 rows of work), the rest are reported
 * in one diagnostic, and an entry that cannot be read is dropped on its own.
 */
import type { GenuiPath } from "../diagnostics/path";
import { listLength } from "./raw";
import { INVALID, readElement } from "./read-values";
import type { SpecWalk } from "./spec-walk";

/** How `readCapped` counts and names what it reads. */
export type CappedListOptions = {
  /** The most entries kept. */
  cap: number;
  /** What an entry is called in the trim message ("rows", "options"). */
  noun: string;
  /** True when each entry also spends the spec-wide entries budget. */
  spendsEntries: boolean;
};

/** Reads the first `cap` entries of an array with `readEntry`, dropping (and reporting) the ones it refuses. */
export function readCapped<Entry>(
  walk: SpecWalk,
  list: readonly unknown[],
  path: GenuiPath,
  options: CappedListOptions,
  readEntry: (walk: SpecWalk, value: unknown, path: GenuiPath) => Entry | typeof INVALID,
): Entry[] {
  const length = listLength(list);
  let considered = Math.min(length, options.cap);
  if (length > options.cap) walk.diagnostics.report("entries_trimmed", path, `kept the first ${options.cap} ${options.noun}`);
  if (options.spendsEntries) considered = walk.takeEntries(considered, path);
  const kept: Entry[] = [];
  for (let index = 0; index < considered; index += 1) {
    const entryPath = path.child(index);
    const entry = readEntry(walk, readElement(walk, list, index, path), entryPath);
    if (entry === INVALID) walk.diagnostics.report("invalid_entry", entryPath);
    else kept.push(entry);
  }
  return kept;
}
