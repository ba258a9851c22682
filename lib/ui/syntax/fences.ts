/**
 * Finds UI fences in a Markdown reply, the way CommonMark finds fenced code
 * blocks: an opening line of at least three backticks or tildes indented by at
 * most three spaces, then everything up to a closing line of the same
 * character, at least as long, followed by nothing but spaces. A fence whose
 * info string's first word is `UI_FENCE_LANGUAGE` is a UI fence; a UI fence
 * shown inside another code fence (a ```markdown example) is only text of that
 * fence. Only top-level fences count: a fence inside a block quote or a list
 * item is not a UI block.
 *
 * The scanner is resumable: it keeps its place at the start of the first line
 * it has not scanned, so a streamed reply is scanned once, line by line, as
 * it grows — inside an open fence too. It is also lazy: it scans only as far
 * as the caller asks for fences, so a caller that stops at a refused fence
 * never splits the rest of the reply into lines.
 */
import { UI_FENCE_LANGUAGE } from "../catalog/catalog";
import type { UiRange } from "../envelope/schema";

/** Character codes the scanner looks at. */
const enum Code {
  /** `\t` */
  Tab = 9,
  /** `\n`: the only line terminator the scanner splits on (`\r\n` ends a line with a trailing `\r`). */
  LineFeed = 10,
  /** `\r` */
  CarriageReturn = 13,
  /** ` ` */
  Space = 32,
  /** `` ` `` */
  Backtick = 96,
  /** `~` */
  Tilde = 126,
}

/** CommonMark: a fence may be indented by up to three spaces; four make an indented code line. */
const MAXIMUM_FENCE_INDENT = 3;

/** CommonMark: a fence is at least three backticks or tildes. */
const MINIMUM_FENCE_LENGTH = 3;

/** One UI fence of a reply, as it stands in the text scanned so far. */
export type UiFence = {
  /** Its position among the reply's UI fences (0 for the first). */
  index: number;
  /** From the start of the opening line to the end of the closing line (its line break excluded), or to the end of the text while unfinished. */
  range: UiRange;
  /** The body: from the line after the opening line to the start of the closing line (or the end of the text). */
  body: UiRange;
  /** The info string after the fence characters, trimmed (`ui id=build`). */
  info: string;
  /** Where the info string stands. */
  infoRange: UiRange;
  /** True once the closing line has arrived (or the text is final and ends with it). */
  closed: boolean;
};

/** A fence opening line, UI or not, whose closing line has not been seen. */
type OpenFence = {
  marker: Code.Backtick | Code.Tilde;
  length: number;
  /** The UI fence it is, or null for any other code fence (whose lines are skipped). */
  record: FenceRecord | null;
};

/** What the scanner knows of one UI fence; `closeStart` is -1 until its closing line is seen. */
type FenceRecord = {
  start: number;
  info: string;
  infoRange: UiRange;
  bodyStart: number;
  closeStart: number;
  closeEnd: number;
  /** The view of the fence once it is closed. */
  closed: UiFence | null;
};

/** Scans a reply for UI fences, resumably and lazily (see the file comment). */
export class UiFenceScanner {
  private source = "";
  /** Start of the first line not yet scanned. */
  private position = 0;
  private open: OpenFence | null = null;
  private readonly records: FenceRecord[] = [];
  private finished = false;

  /** Starts scanning `text`; nothing is scanned until fences are asked for. */
  constructor(text = "") {
    this.source = text;
  }

  /** The text being scanned. */
  get text(): string {
    return this.source;
  }

  /** How far the text has been scanned: the start of the first line not yet read. */
  get scanned(): number {
    return this.position;
  }

  /** True once `finish` has been called. */
  get final(): boolean {
    return this.finished;
  }

  /**
   * Continues with a longer text whose beginning is the current text (the
   * caller checks that). Returns false, changing nothing, when the scanner
   * was finished or the text is shorter.
   */
  extend(text: string): boolean {
    if (this.finished || text.length < this.source.length) return false;
    this.source = text;
    return true;
  }

  /** Declares the text complete: its last line counts even without a line break, and nothing may be appended. */
  finish(): void {
    this.finished = true;
  }

  /**
   * The UI fence at `index`, scanning as far as needed to find it and its
   * closing line; undefined when the text holds no such fence (yet). An
   * unfinished opening line (no line break yet, text not final) is not a fence
   * yet: its info string may still grow.
   */
  fence(index: number): UiFence | undefined {
    while (this.records.length <= index) if (!this.scanLine()) return undefined;
    const record = this.records[index] as FenceRecord;
    while (record.closeStart < 0 && this.scanLine()) {
      // Scanning the open fence's lines until its closing line or the end of the text.
    }
    return this.view(index, record);
  }

  /** The fence as it stands; an open fence is the last one and every complete line has been scanned. */
  private view(index: number, record: FenceRecord): UiFence {
    // A closed fence never changes: its view is made once.
    if (record.closed) return record.closed;
    const fence: UiFence = {
      index,
      range: { start: record.start, end: this.source.length },
      body: { start: record.bodyStart, end: this.source.length },
      info: record.info,
      infoRange: record.infoRange,
      closed: record.closeStart >= 0,
    };
    if (record.closeStart >= 0) {
      fence.range.end = record.closeEnd;
      fence.body.end = record.closeStart;
      record.closed = fence;
    } else if (!this.finished && this.open && this.couldStillClose(this.position, this.open)) {
      // The last, unfinished line may yet become the closing line: keep it out
      // of the body, so the body never shows a stray "``" and only ever grows.
      fence.body.end = this.position;
    }
    if (fence.body.end < fence.body.start) fence.body.end = fence.body.start;
    return fence;
  }

  /** Scans one complete line (or the last line of a finished text); false when none is left. */
  private scanLine(): boolean {
    const text = this.source;
    const start = this.position;
    if (start >= text.length) return false;
    const lineFeed = text.indexOf("\n", start);
    let end: number;
    let next: number;
    if (lineFeed < 0) {
      if (!this.finished) return false;
      end = text.length;
      next = text.length;
    } else {
      end = lineFeed;
      next = lineFeed + 1;
    }
    if (end > start && text.charCodeAt(end - 1) === Code.CarriageReturn) end--;
    if (this.open) {
      if (isClosingLine(text, start, end, this.open)) {
        if (this.open.record) {
          this.open.record.closeStart = start;
          this.open.record.closeEnd = end;
        }
        this.open = null;
      }
    } else {
      this.open = this.openingLine(text, start, end, next);
    }
    this.position = next;
    return true;
  }

  /** The fence a line opens, or null; a UI fence is recorded. */
  private openingLine(text: string, start: number, end: number, next: number): OpenFence | null {
    let cursor = start;
    while (cursor < end && cursor - start <= MAXIMUM_FENCE_INDENT && text.charCodeAt(cursor) === Code.Space) cursor++;
    if (cursor - start > MAXIMUM_FENCE_INDENT) return null;
    const marker = text.charCodeAt(cursor);
    if (marker !== Code.Backtick && marker !== Code.Tilde) return null;
    const markerStart = cursor;
    while (cursor < end && text.charCodeAt(cursor) === marker) cursor++;
    const length = cursor - markerStart;
    if (length < MINIMUM_FENCE_LENGTH) return null;
    // CommonMark: a backtick fence's info string may not contain a backtick
    // (that line is inline code in a paragraph instead).
    if (marker === Code.Backtick) for (let index = cursor; index < end; index++) if (text.charCodeAt(index) === Code.Backtick) return null;
    let infoStart = cursor;
    let infoEnd = end;
    while (infoStart < infoEnd && isSpaceOrTab(text.charCodeAt(infoStart))) infoStart++;
    while (infoEnd > infoStart && isSpaceOrTab(text.charCodeAt(infoEnd - 1))) infoEnd--;
    const info = text.slice(infoStart, infoEnd);
    let record: FenceRecord | null = null;
    if (firstWord(info) === UI_FENCE_LANGUAGE) {
      record = {
        start,
        info,
        infoRange: { start: infoStart, end: infoEnd },
        bodyStart: next,
        closeStart: -1,
        closeEnd: -1,
        closed: null,
      };
      this.records.push(record);
    }
    return { marker, length, record };
  }

  /**
   * True when the unfinished line from `start` to the end of the text is a
   * beginning of a closing line: up to three spaces, then only marker
   * characters, then (once there are enough of them) only spaces. This set
   * of lines is closed under taking prefixes, so a body that leaves such a
   * line out only grows as the line does.
   */
  private couldStillClose(start: number, open: OpenFence): boolean {
    const text = this.source;
    const end = text.length;
    let cursor = start;
    while (cursor < end && cursor - start <= MAXIMUM_FENCE_INDENT && text.charCodeAt(cursor) === Code.Space) cursor++;
    if (cursor - start > MAXIMUM_FENCE_INDENT) return false;
    const markerStart = cursor;
    while (cursor < end && text.charCodeAt(cursor) === open.marker) cursor++;
    if (cursor === end) return true;
    if (cursor - markerStart < open.length) return false;
    while (cursor < end && isTrailingSpace(text.charCodeAt(cursor))) cursor++;
    return cursor === end;
  }
}

/** True when the line `[start, end)` closes `open`. */
function isClosingLine(text: string, start: number, end: number, open: OpenFence): boolean {
  let cursor = start;
  while (cursor < end && cursor - start <= MAXIMUM_FENCE_INDENT && text.charCodeAt(cursor) === Code.Space) cursor++;
  if (cursor - start > MAXIMUM_FENCE_INDENT || text.charCodeAt(cursor) !== open.marker) return false;
  const markerStart = cursor;
  while (cursor < end && text.charCodeAt(cursor) === open.marker) cursor++;
  if (cursor - markerStart < open.length) return false;
  while (cursor < end && isSpaceOrTab(text.charCodeAt(cursor))) cursor++;
  return cursor === end;
}

function isSpaceOrTab(code: number): boolean {
  return code === Code.Space || code === Code.Tab;
}

/** Spaces allowed after a closing fence, including a `\r` whose `\n` has not arrived yet. */
function isTrailingSpace(code: number): boolean {
  return code === Code.Space || code === Code.Tab || code === Code.CarriageReturn;
}

/** The info string's first word (its language). */
function firstWord(info: string): string {
  let end = 0;
  while (end < info.length && !isSpaceOrTab(info.charCodeAt(end))) end++;
  return info.slice(0, end);
}

/** Every UI fence of a complete text, in order (a convenience over `UiFenceScanner`). */
export function scanUiFences(text: string, options: { final?: boolean } = {}): UiFence[] {
  const scanner = new UiFenceScanner(text);
  if (options.final) scanner.finish();
  const fences: UiFence[] = [];
  for (let fence = scanner.fence(0); fence; fence = scanner.fence(fences.length)) fences.push(fence);
  return fences;
}
