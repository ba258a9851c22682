/**
 * Whitespace of text children, normalised the way JSX does it, so a model's
 * indentation never shows: each line of a run is trimmed where it meets a
 * line break, lines left empty are dropped, and the rest are joined by one
 * space. A run on a single line keeps its spaces (`{$a} of {$b}`).
 */

/** Space, tab, `\r`: trimmed where a line meets a line break. */
function isLineSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 13;
}

/** The first offset in `[start, end)` that is not line space (or `end`). */
export function skipLineSpaceForward(source: string, start: number, end: number): number {
  let cursor = start;
  while (cursor < end && isLineSpace(source.charCodeAt(cursor))) cursor++;
  return cursor;
}

/** The offset after the last character of `[start, end)` that is not line space (or `start`). */
export function skipLineSpaceBackward(source: string, start: number, end: number): number {
  let cursor = end;
  while (cursor > start && isLineSpace(source.charCodeAt(cursor - 1))) cursor--;
  return cursor;
}

/**
 * The normalised text of one line of a run: `first` and `last` say whether
 * the line begins or ends the run (those sides are not next to a line break
 * and keep their spaces).
 */
export function uiTextLine(source: string, start: number, end: number, first: boolean, last: boolean): string {
  const from = first ? start : skipLineSpaceForward(source, start, end);
  const to = last ? end : skipLineSpaceBackward(source, from, end);
  return from < to ? source.slice(from, to) : "";
}

/** Appends a normalised line to the text so far (one space between non-empty lines). */
export function joinUiTextLine(text: string, line: string): string {
  if (line.length === 0) return text;
  return text.length === 0 ? line : `${text} ${line}`;
}

/** The normalised text of a whole run `[start, end)` (what the incremental parser builds line by line). */
export function normalizeUiText(source: string, start = 0, end = source.length): string {
  let text = "";
  let lineStart = start;
  let first = true;
  for (let lineFeed = source.indexOf("\n", lineStart); lineFeed >= 0 && lineFeed < end; lineFeed = source.indexOf("\n", lineStart)) {
    text = joinUiTextLine(text, uiTextLine(source, lineStart, lineFeed, first, false));
    lineStart = lineFeed + 1;
    first = false;
  }
  return joinUiTextLine(text, uiTextLine(source, lineStart, end, first, true));
}
