/**
 * Summaries of a slot's samples: with several samples a slot shows the
 * median and the spread (min–max), which stay honest for the handful of
 * samples a run has (a mean and standard deviation of three numbers would not).
 */

/** The median of the values (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((first, second) => first - second);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? null;
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The smallest and largest value; null for none. */
export function spread(values: readonly number[]): { min: number; max: number } | null {
  if (values.length === 0) return null;
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** Median, spread and count of the values that are present (nulls and non-finite numbers are left out). */
export function summarize(values: readonly (number | null)[]): { median: number; min: number; max: number; count: number } | null {
  const present = values.filter((value): value is number => value !== null && Number.isFinite(value));
  const middle = median(present);
  const range = spread(present);
  if (middle === null || range === null) return null;
  return { median: middle, min: range.min, max: range.max, count: present.length };
}
