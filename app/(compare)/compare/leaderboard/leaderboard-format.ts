/**
 * How the leaderboard page writes its figures: ratings, intervals, the
 * separation from the next model, the UI record, and where an interval sits
 * on the bar drawn beside it. Pure, so the server page and its tests agree.
 */
import type { LeaderboardRow } from "@/lib/compare/ratings/leaderboard";

/** What a missing figure reads as. */
export const MISSING_FIGURE = "—";

/** A rating rounded to a whole point (the bootstrap cannot tell fractions apart). */
export function ratingText(rating: number): string {
  return Number.isFinite(rating) ? String(Math.round(rating)) : MISSING_FIGURE;
}

/** "962–1038". */
export function intervalText(row: Pick<LeaderboardRow, "lower" | "upper">): string {
  if (!Number.isFinite(row.lower) || !Number.isFinite(row.upper)) return MISSING_FIGURE;
  return `${Math.round(row.lower)}–${Math.round(row.upper)}`;
}

/** How a row stands against the next one down, in words. */
export function separationText(separation: LeaderboardRow["separation"]): string {
  switch (separation.above) {
    case "separated":
      return "ranks above the next";
    case "no-model-below":
      return "no model below";
    case "not-yet-separable":
      if (separation.votesNeeded === null) return "not yet separable";
      return `not yet separable — about ${separation.votesNeeded.toLocaleString("en-US")} more ${separation.votesNeeded === 1 ? "vote" : "votes"}`;
  }
}

/** "3 / 1 / 2" wins, ties, losses. */
export function recordText(row: Pick<LeaderboardRow, "wins" | "ties" | "losses">): string {
  return `${row.wins} / ${row.ties} / ${row.losses}`;
}

/** A median count with at most one decimal (a median of an even count may be a half). */
export function medianCountText(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return MISSING_FIGURE;
  return String(Math.round(value * 10) / 10);
}

/** A 0–1 share as a whole percentage. */
export function shareText(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return MISSING_FIGURE;
  return `${Math.round(share * 100)}%`;
}

/** Milliseconds under a second as "850 ms", longer as "1.3 s". */
export function millisecondsText(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return MISSING_FIGURE;
  return value < 1000 ? `${Math.round(value)} ms` : `${Number((value / 1000).toFixed(1))} s`;
}

/** The span every interval bar shares, so bars of different rows can be compared by eye. */
export type IntervalScale = { min: number; max: number };

/** The smallest lower bound and largest upper bound of the rows (finite ones only); null when none is. */
export function intervalScale(rows: readonly Pick<LeaderboardRow, "lower" | "upper">[]): IntervalScale | null {
  const ends = rows.flatMap((row) => [row.lower, row.upper]).filter(Number.isFinite);
  if (ends.length === 0) return null;
  return { min: Math.min(...ends), max: Math.max(...ends) };
}

/** Where a row's interval and rating sit on the shared bar, in percent of its width; null when they cannot be drawn. */
export function intervalPosition(row: Pick<LeaderboardRow, "rating" | "lower" | "upper">, scale: IntervalScale | null): { left: number; width: number; at: number } | null {
  if (scale === null || ![row.rating, row.lower, row.upper].every(Number.isFinite)) return null;
  const span = scale.max - scale.min;
  // One model, or every interval a single point: draw each at the middle.
  const place = (value: number) => (span > 0 ? ((value - scale.min) / span) * 100 : 50);
  const clamp = (value: number) => Math.min(100, Math.max(0, value));
  const left = clamp(place(row.lower));
  const right = clamp(place(row.upper));
  return { left, width: Math.max(0, right - left), at: clamp(place(row.rating)) };
}
