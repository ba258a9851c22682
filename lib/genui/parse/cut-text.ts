/** Cutting a string to a cap without keeping the original alive or splitting a character. */

const HIGH_SURROGATE_FIRST = 0xd800;
const HIGH_SURROGATE_LAST = 0xdbff;
const LOW_SURROGATE_FIRST = 0xdc00;
const LOW_SURROGATE_LAST = 0xdfff;

/** Code units copied per `String.fromCharCode` call, well under any engine's argument limit. */
const COPY_CHUNK = 4_096;

/**
 * The first `max` UTF-16 units of `value` as a fresh string (a plain `slice`
 * would keep the whole original in memory behind the short result), one unit
 * shorter when the cut would split a surrogate pair.
 */
export function cutText(value: string, max: number): string {
  let end = Math.max(0, Math.min(max, value.length));
  if (end > 0 && end < value.length) {
    const last = value.charCodeAt(end - 1);
    const next = value.charCodeAt(end);
    if (last >= HIGH_SURROGATE_FIRST && last <= HIGH_SURROGATE_LAST && next >= LOW_SURROGATE_FIRST && next <= LOW_SURROGATE_LAST) end -= 1;
  }
  let copy = "";
  const units: number[] = [];
  for (let start = 0; start < end; start += COPY_CHUNK) {
    units.length = 0;
    const stop = Math.min(end, start + COPY_CHUNK);
    for (let index = start; index < stop; index += 1) units.push(value.charCodeAt(index));
    copy += String.fromCharCode(...units);
  }
  return copy;
}
