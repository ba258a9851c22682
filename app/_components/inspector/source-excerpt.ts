/**
 * A few lines of a block's source around a finding's range, with the range
 * as offsets inside each shown line, for the inspector to draw with a
 * `<mark>` (as text: the source is model output). Lines are numbered from 1
 * at the start of the source given (a block or fence body), as the receipt's
 * `line N` counts them.
 */

/** Lines shown before and after the marked ones: enough to recognize the place. */
export const EXCERPT_CONTEXT_LINES = 2;

/** Most marked lines shown: a range over a whole block says "here", not "all of this". */
export const EXCERPT_MARKED_LINES = 6;

/** Longest line shown, in UTF-16 units; a longer one is cut around its mark. */
export const EXCERPT_LINE_LENGTH = 160;

/** Characters kept before a mark when a long line is cut. */
const MARK_LEAD = 40;

/** One shown line: its text, and the marked part of it when it has one. */
export type ExcerptLine = {
  /** 1-based, in the source the excerpt was taken from. */
  number: number;
  text: string;
  /** Offsets in `text`; `start === end` marks a place with nothing in it (the end of a line). */
  mark?: { start: number; end: number };
  /** The line goes on before / after the shown text. */
  cutBefore: boolean;
  cutAfter: boolean;
};

/** The lines around a range. */
export type SourceExcerpt = {
  lines: ExcerptLine[];
  /** True when the range goes on past the last shown line. */
  markCut: boolean;
};

/** Takes excerpts of one source; its line starts are found once. */
export function sourceExcerpter(source: string): (range: { start: number; end: number }) => SourceExcerpt {
  const starts = [0];
  for (let index = source.indexOf("\n"); index !== -1; index = source.indexOf("\n", index + 1)) starts.push(index + 1);
  /** The 0-based line holding an offset. */
  const lineOf = (offset: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const lineEnd = (line: number): number => {
    const next = starts[line + 1];
    const end = next === undefined ? source.length : next - 1;
    return end > (starts[line] as number) && source.charCodeAt(end - 1) === 0x0d ? end - 1 : end;
  };
  return (range) => {
    const [start, end] = visibleRange(source, range);
    const first = lineOf(start);
    const last = end > start ? lineOf(end - 1) : first;
    const lastShownMarked = Math.min(last, first + EXCERPT_MARKED_LINES - 1);
    const from = Math.max(0, first - EXCERPT_CONTEXT_LINES);
    const to = lastShownMarked === last ? Math.min(starts.length - 1, last + EXCERPT_CONTEXT_LINES) : lastShownMarked;
    const lines: ExcerptLine[] = [];
    for (let line = from; line <= to; line += 1) {
      const lineStart = starts[line] as number;
      const text = source.slice(lineStart, lineEnd(line));
      const marked = line >= first && line <= lastShownMarked;
      const mark = marked ? { start: Math.max(start, lineStart) - lineStart, end: Math.min(end, lineStart + text.length) - lineStart } : undefined;
      lines.push(cutLine({ number: line + 1, text, mark }));
    }
    return { lines, markCut: lastShownMarked < last };
  };
}

/**
 * The range clamped to the source; an empty one covers the character at its
 * place when there is one on that line, else the one before it, so a mark is
 * never invisible when it can be seen.
 */
function visibleRange(source: string, range: { start: number; end: number }): [number, number] {
  const clamp = (value: number) => Math.min(Math.max(0, Math.trunc(value) || 0), source.length);
  const start = clamp(Math.min(range.start, range.end));
  const end = clamp(Math.max(range.start, range.end));
  if (end > start) return [start, end];
  if (start < source.length && source[start] !== "\n" && source[start] !== "\r") return [start, start + 1];
  if (start > 0 && source[start - 1] !== "\n") return [start - 1, start];
  return [start, start];
}

/** A line cut to `EXCERPT_LINE_LENGTH`, around its mark when it has one. */
function cutLine(line: { number: number; text: string; mark: { start: number; end: number } | undefined }): ExcerptLine {
  const { number, text, mark } = line;
  if (text.length <= EXCERPT_LINE_LENGTH) return { number, text, ...(mark ? { mark } : {}), cutBefore: false, cutAfter: false };
  const from = mark ? Math.min(Math.max(0, mark.start - MARK_LEAD), text.length - EXCERPT_LINE_LENGTH) : 0;
  const to = from + EXCERPT_LINE_LENGTH;
  const shown = mark ? { start: mark.start - from, end: Math.min(mark.end, to) - from } : undefined;
  return { number, text: text.slice(from, to), ...(shown ? { mark: shown } : {}), cutBefore: from > 0, cutAfter: to < text.length };
}
