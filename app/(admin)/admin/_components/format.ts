/** How the admin view writes times, sizes and values: the same on the server and in the browser (UTC, no locale). */

/** `2026-12-01 18:03` (UTC). */
export function formatTime(date: Date | string): string {
  const iso = typeof date === "string" ? new Date(date).toISOString() : date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** `812 B`, `12.4 kB`, `3.1 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1_000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Longest JSON preview of a changed value. */
const VALUE_PREVIEW_LENGTH = 160;

/** A value as a short JSON text (`—` for a missing one). */
export function previewValue(value: unknown): string {
  if (value === undefined) return "—";
  const text = JSON.stringify(value) ?? "—";
  return text.length > VALUE_PREVIEW_LENGTH ? `${text.slice(0, VALUE_PREVIEW_LENGTH - 1)}…` : text;
}
