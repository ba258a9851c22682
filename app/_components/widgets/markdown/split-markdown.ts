/**
 * The pre-scan of a Markdown text: one linear pass over its lines that
 * splits it into chunks the renderer formats one by one, and measures each
 * block before any parser sees it (quote and list nesting per line, brackets
 * and emphasis held open per paragraph, an estimate of its nodes, its
 * length). A block past a limit becomes a chunk of its own, shown as plain
 * text; the blocks around it are formatted as usual.
 *
 * A text is split only where nothing Markdown means can span the cut: at a
 * blank line followed by a line starting in the first column, outside a code
 * fence or raw HTML block, and not between two items of a list written with
 * blank lines between them. A reply shorter than `MARKDOWN_CHUNK_CHARACTERS`
 * is one chunk. What a split does change: a link reference definition or a
 * footnote applies within its own chunk only.
 */
import {
  MARKDOWN_CHUNK_CHARACTERS,
  MARKDOWN_CHUNK_MAX_CHARACTERS,
  MARKDOWN_MAX_BLOCK_CHARACTERS,
  MARKDOWN_MAX_CHARACTERS,
  MARKDOWN_MAX_CONTAINER_NESTING,
  MARKDOWN_MAX_INLINE_MARKERS,
  MARKDOWN_MAX_INLINE_NESTING,
  MARKDOWN_MAX_NODES,
  type MarkdownLimit,
} from "./markdown-limits";

/** A piece of a Markdown text formatted (or shown as plain text) on its own. */
export type MarkdownChunk = {
  /** Where it starts in the text; earlier chunks keep their place while a streaming text grows, so this keys it. */
  start: number;
  /** Where it ends (exclusive). */
  end: number;
  text: string;
  /** The limit it passed, when it is shown as plain text instead of formatted. */
  limit: MarkdownLimit | null;
  /** Where each of its blocks starts, from the chunk's start: a chunk whose tree passes a limit is formatted again block by block. */
  blockStarts: readonly number[];
};

/** Character codes the scan looks at. */
const enum Code {
  Tab = 9,
  CarriageReturn = 13,
  Space = 32,
  Bang = 33,
  Ampersand = 38,
  RightParenthesis = 41,
  Asterisk = 42,
  Plus = 43,
  Dash = 45,
  Dot = 46,
  Digit0 = 48,
  Digit9 = 57,
  LessThan = 60,
  GreaterThan = 62,
  QuestionMark = 63,
  LeftBracket = 91,
  Backslash = 92,
  RightBracket = 93,
  Underscore = 95,
  Backtick = 96,
  VerticalBar = 124,
  Tilde = 126,
  NumberSign = 35,
}

/** Where the scan is. */
const enum ScanState {
  /**
   * Ordinary Markdown: lines are measured, and a blank line may end a block.
   *
   *     > Quoted *text* with a [link](https://example.com)
   *     ^
   */
  Flow,
  /**
   * Inside a code fence: nothing is measured or split until its closing line.
   *
   *     ```ts
   *     const a = "**not emphasis**";
   *     ^
   */
  Fence,
  /**
   * Inside a raw HTML block that may span blank lines (a comment, `<script>`, `<pre>`…);
   * the renderer drops it, so nothing in it is measured or split.
   *
   *     <!-- a comment
   *     ^
   */
  RawHtml,
}

/** Digits an ordered list marker may have (CommonMark). */
const LIST_MARKER_MAX_DIGITS = 9;

/** Raw HTML blocks that end at a marker rather than at a blank line (CommonMark types 1–5), with their end markers. */
const RAW_HTML_BLOCKS: readonly { start: RegExp; end: string }[] = [
  { start: /^<script(?:[\s>]|$)/i, end: "</script>" },
  { start: /^<pre(?:[\s>]|$)/i, end: "</pre>" },
  { start: /^<style(?:[\s>]|$)/i, end: "</style>" },
  { start: /^<textarea(?:[\s>]|$)/i, end: "</textarea>" },
  { start: /^<!--/, end: "-->" },
  { start: /^<\?/, end: "?>" },
  { start: /^<!\[CDATA\[/, end: "]]>" },
  { start: /^<![A-Za-z]/, end: ">" },
];

/** What one block (the text between two split points) measured. */
type BlockMeasure = {
  start: number;
  containerNesting: number;
  inlineNesting: number;
  /** The most brackets and delimiter runs one paragraph held. */
  inlineMarkers: number;
  nodes: number;
  /** Its first line starts a list item: a following item after a blank line belongs to the same list. */
  startsList: boolean;
};

/** Brackets and emphasis delimiters open in the current paragraph, and how many it held in all. */
type InlineState = { brackets: number; emphasis: number; markers: number };

/** A code fence being skipped. */
type OpenFence = {
  marker: number;
  length: number;
  /** Opened in the first column outside any container: only its closing line ends it. */
  topLevel: boolean;
};

/** A raw HTML block being skipped. */
type OpenRawHtml = { end: string; topLevel: boolean };

/** The line's quote and list markers, and where its content starts. */
type ContainerPrefix = { depth: number; listItem: boolean; contentStart: number };

function isSpaceOrTab(code: number): boolean {
  return code === Code.Space || code === Code.Tab;
}

function isWhitespace(code: number): boolean {
  return code === Code.Space || code === Code.Tab || code === Code.CarriageReturn || code === 10 || code === 12 || Number.isNaN(code);
}

function isDigit(code: number): boolean {
  return code >= Code.Digit0 && code <= Code.Digit9;
}

function isAlphanumeric(code: number): boolean {
  return isDigit(code) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code > 127;
}

/** True when `[from, to)` is a thematic break (`---`, `* * *`, `___`). */
function isThematicBreak(text: string, from: number, to: number): boolean {
  const marker = text.charCodeAt(from);
  let count = 0;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code === marker) count += 1;
    else if (!isSpaceOrTab(code)) return false;
  }
  return count >= 3;
}

/** The line's container markers: `>` and list markers, any whitespace between them. */
function containerPrefix(text: string, from: number, to: number): ContainerPrefix {
  let index = from;
  let depth = 0;
  let listItem = false;
  for (;;) {
    while (index < to && isSpaceOrTab(text.charCodeAt(index))) index += 1;
    if (index >= to) break;
    const code = text.charCodeAt(index);
    if (code === Code.GreaterThan) {
      depth += 1;
      index += 1;
      continue;
    }
    if ((code === Code.Dash || code === Code.Asterisk || code === Code.Plus) && (index + 1 >= to || isSpaceOrTab(text.charCodeAt(index + 1)))) {
      if (code !== Code.Plus && isThematicBreak(text, index, to)) break;
      depth += 1;
      listItem = true;
      index += 1;
      continue;
    }
    if (isDigit(code)) {
      let end = index;
      while (end < to && end - index < LIST_MARKER_MAX_DIGITS && isDigit(text.charCodeAt(end))) end += 1;
      const delimiter = text.charCodeAt(end);
      if ((delimiter === Code.Dot || delimiter === Code.RightParenthesis) && (end + 1 >= to || isSpaceOrTab(text.charCodeAt(end + 1)))) {
        depth += 1;
        listItem = true;
        index = end + 1;
        continue;
      }
    }
    break;
  }
  return { depth, listItem, contentStart: index };
}

/** A fence opening at `from` (three or more backticks or tildes; a backtick fence's info has no backtick). */
function fenceOpening(text: string, from: number, to: number): { marker: number; length: number } | null {
  const marker = text.charCodeAt(from);
  if (marker !== Code.Backtick && marker !== Code.Tilde) return null;
  let end = from;
  while (end < to && text.charCodeAt(end) === marker) end += 1;
  if (end - from < 3) return null;
  if (marker === Code.Backtick && text.slice(end, to).includes("`")) return null;
  return { marker, length: end - from };
}

/** True when `[from, to)`, past its indentation, closes `fence`. */
function closesFence(text: string, from: number, to: number, fence: OpenFence): boolean {
  let index = from;
  while (index < to && isSpaceOrTab(text.charCodeAt(index))) index += 1;
  if (fence.topLevel && index - from > 3) return false;
  const runStart = index;
  while (index < to && text.charCodeAt(index) === fence.marker) index += 1;
  if (index - runStart < fence.length) return false;
  while (index < to && isSpaceOrTab(text.charCodeAt(index))) index += 1;
  return index === to;
}

/** The raw HTML block opening at `from`, if one that may span blank lines does. */
function rawHtmlOpening(text: string, from: number, to: number): string | null {
  if (text.charCodeAt(from) !== Code.LessThan) return null;
  const head = text.slice(from, Math.min(to, from + 12));
  return RAW_HTML_BLOCKS.find((block) => block.start.test(head))?.end ?? null;
}

function containsEndMarker(text: string, from: number, to: number, end: string): boolean {
  const line = text.slice(from, to);
  return /^[a-z<]/i.test(end) ? line.toLowerCase().includes(end) : line.includes(end);
}

/**
 * Measures the inline markup of `[from, to)` into `state` and `block`:
 * brackets open, and emphasis delimiters open (a run that can only open
 * adds its length; one that can only close, or can do both while something
 * is open, takes its length away).
 */
function measureInline(text: string, from: number, to: number, state: InlineState, block: BlockMeasure): void {
  let index = from;
  while (index < to) {
    const code = text.charCodeAt(index);
    if (code === Code.Backslash) {
      index += 2;
      continue;
    }
    if (code === Code.LeftBracket) {
      state.brackets += 1;
      state.markers += 1;
      block.nodes += 1;
      if (state.brackets > block.inlineNesting) block.inlineNesting = state.brackets;
    } else if (code === Code.RightBracket) {
      if (state.brackets > 0) state.brackets -= 1;
      state.markers += 1;
      block.nodes += 1;
    } else if (code === Code.Asterisk || code === Code.Underscore || code === Code.Tilde) {
      let end = index + 1;
      while (end < to && text.charCodeAt(end) === code) end += 1;
      const before = index === from ? Number.NaN : text.charCodeAt(index - 1);
      const after = end === to ? Number.NaN : text.charCodeAt(end);
      const canOpen = !isWhitespace(after);
      const canClose = !isWhitespace(before);
      const length = end - index;
      const intraword = code === Code.Underscore && isAlphanumeric(before) && isAlphanumeric(after);
      // GitHub's strikethrough takes one or two tildes; a longer run is plain text.
      const literal = code === Code.Tilde && length > 2;
      if (!intraword && !literal && (canOpen || canClose)) {
        if (canOpen && (!canClose || state.emphasis === 0)) state.emphasis += length;
        else state.emphasis = Math.max(0, state.emphasis - length);
        if (state.emphasis > block.inlineNesting) block.inlineNesting = state.emphasis;
        state.markers += 1;
        block.nodes += 2;
      }
      index = end;
      continue;
    } else if (code === Code.VerticalBar || code === Code.Backtick || code === Code.LessThan || code === Code.Bang || code === Code.Ampersand) {
      block.nodes += 2;
    }
    index += 1;
  }
  if (state.markers > block.inlineMarkers) block.inlineMarkers = state.markers;
}

/** A new paragraph (or cell) begins: nothing is open in it yet. */
function resetInline(state: InlineState): void {
  state.brackets = 0;
  state.emphasis = 0;
  state.markers = 0;
}

/**
 * Whether the text is split before a line in the first column: after a
 * blank line, unless the line is the next item of a list written with blank
 * lines between its items (kept together up to a bound); without one, only
 * before an item of a list too long for one chunk, into lists that read as
 * one.
 */
function splitsBefore(prefix: ContainerPrefix, block: BlockMeasure, afterBlank: boolean, chunkLength: number): boolean {
  const nextItem = prefix.listItem && block.startsList;
  if (afterBlank) return !nextItem || chunkLength >= MARKDOWN_CHUNK_MAX_CHARACTERS;
  return nextItem && chunkLength >= MARKDOWN_CHUNK_MAX_CHARACTERS;
}

/** The limit a measured block passes, if any. */
function blockLimit(block: BlockMeasure, end: number): MarkdownLimit | null {
  if (end - block.start > MARKDOWN_MAX_BLOCK_CHARACTERS) return "length";
  if (block.containerNesting > MARKDOWN_MAX_CONTAINER_NESTING || block.inlineNesting > MARKDOWN_MAX_INLINE_NESTING) return "nesting";
  if (block.nodes > MARKDOWN_MAX_NODES || block.inlineMarkers > MARKDOWN_MAX_INLINE_MARKERS) return "nodes";
  return null;
}

function newBlock(start: number): BlockMeasure {
  return { start, containerNesting: 0, inlineNesting: 0, inlineMarkers: 0, nodes: 0, startsList: false };
}

/** Where the formatted part of a text ends: the last line break within `MARKDOWN_MAX_CHARACTERS`. */
function formattedEnd(text: string): number {
  if (text.length <= MARKDOWN_MAX_CHARACTERS) return text.length;
  const lineBreak = text.lastIndexOf("\n", MARKDOWN_MAX_CHARACTERS);
  return lineBreak > 0 ? lineBreak + 1 : MARKDOWN_MAX_CHARACTERS;
}

/**
 * Collects measured blocks into chunks: blocks join the open chunk until it
 * reaches `MARKDOWN_CHUNK_CHARACTERS`; a block past a limit closes it and
 * stands alone.
 */
class ChunkCollector {
  readonly chunks: MarkdownChunk[] = [];
  private open: { start: number; end: number; nodes: number; blockStarts: number[] } | null = null;

  constructor(private readonly text: string) {}

  /** Characters from the start of the open chunk (or of `blockStart`, when none is open) to `at`. */
  lengthTo(blockStart: number, at: number): number {
    return at - (this.open?.start ?? blockStart);
  }

  finishBlock(block: BlockMeasure, end: number): void {
    if (end <= block.start) return;
    const limit = blockLimit(block, end);
    if (limit !== null) {
      this.flush();
      this.chunks.push({ start: block.start, end, text: this.text.slice(block.start, end), limit, blockStarts: [0] });
      return;
    }
    if (this.open !== null && this.open.nodes + block.nodes > MARKDOWN_MAX_NODES) this.flush();
    if (this.open === null) this.open = { start: block.start, end, nodes: block.nodes, blockStarts: [0] };
    else {
      this.open.blockStarts.push(block.start - this.open.start);
      this.open.end = end;
      this.open.nodes += block.nodes;
    }
    if (this.open.end - this.open.start >= MARKDOWN_CHUNK_CHARACTERS) this.flush();
  }

  flush(): void {
    const open = this.open;
    if (open !== null && open.end > open.start) {
      this.chunks.push({ start: open.start, end: open.end, text: this.text.slice(open.start, open.end), limit: null, blockStarts: open.blockStarts });
    }
    this.open = null;
  }
}

/** Splits a Markdown text into chunks and marks each block past a limit; see the module comment. */
export function splitMarkdown(text: string): MarkdownChunk[] {
  const collector = new ChunkCollector(text);
  const scanEnd = formattedEnd(text);
  let state = ScanState.Flow;
  let fence: OpenFence | null = null;
  let rawHtml: OpenRawHtml | null = null;
  let block = newBlock(0);
  const inline: InlineState = { brackets: 0, emphasis: 0, markers: 0 };
  let afterBlank = false;
  let lineStart = 0;
  while (lineStart < scanEnd) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 || newline >= scanEnd ? scanEnd : newline;
    const contentEnd = lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === Code.CarriageReturn ? lineEnd - 1 : lineEnd;
    const next = newline === -1 ? scanEnd : newline + 1;
    const firstCode = text.charCodeAt(lineStart);
    const blank = isBlank(text, lineStart, contentEnd);
    const firstColumn = lineStart < contentEnd && !isSpaceOrTab(firstCode);

    if (state === ScanState.Fence && fence !== null) {
      if (closesFence(text, lineStart, contentEnd, fence)) {
        state = ScanState.Flow;
        fence = null;
        lineStart = next;
        continue;
      }
      // A fence inside a list item ends with the item: at a line in the first column.
      if (fence.topLevel || blank || !firstColumn) {
        lineStart = next;
        continue;
      }
      state = ScanState.Flow;
      fence = null;
    }
    if (state === ScanState.RawHtml && rawHtml !== null) {
      if (containsEndMarker(text, lineStart, contentEnd, rawHtml.end)) {
        state = ScanState.Flow;
        rawHtml = null;
        lineStart = next;
        continue;
      }
      if (rawHtml.topLevel || blank || !firstColumn) {
        lineStart = next;
        continue;
      }
      state = ScanState.Flow;
      rawHtml = null;
    }

    if (blank) {
      afterBlank = true;
      resetInline(inline);
      lineStart = next;
      continue;
    }

    const prefix = containerPrefix(text, lineStart, contentEnd);
    if (firstColumn && splitsBefore(prefix, block, afterBlank, collector.lengthTo(block.start, lineStart))) {
      collector.finishBlock(block, lineStart);
      block = newBlock(lineStart);
    }
    if (block.nodes === 0) block.startsList = prefix.listItem;
    afterBlank = false;
    block.nodes += 1;
    if (prefix.depth > block.containerNesting) block.containerNesting = prefix.depth;

    const indent = prefix.contentStart - lineStart;
    const opening = indent <= 3 || prefix.depth > 0 ? fenceOpening(text, prefix.contentStart, contentEnd) : null;
    if (opening !== null) {
      state = ScanState.Fence;
      fence = { ...opening, topLevel: prefix.depth === 0 && indent === 0 };
      lineStart = next;
      continue;
    }
    const htmlEnd = prefix.depth === 0 && indent <= 3 ? rawHtmlOpening(text, prefix.contentStart, contentEnd) : null;
    if (htmlEnd !== null) {
      if (!containsEndMarker(text, prefix.contentStart + 1, contentEnd, htmlEnd)) {
        state = ScanState.RawHtml;
        rawHtml = { end: htmlEnd, topLevel: indent === 0 };
      }
      lineStart = next;
      continue;
    }

    // A list item, a heading and a table row each start a paragraph (or cell) of their own.
    const contentCode = text.charCodeAt(prefix.contentStart);
    if (prefix.listItem || contentCode === Code.NumberSign || contentCode === Code.VerticalBar) {
      resetInline(inline);
    }
    measureInline(text, prefix.contentStart, contentEnd, inline, block);
    if (contentCode === Code.NumberSign) {
      resetInline(inline);
    }
    lineStart = next;
  }
  collector.finishBlock(block, scanEnd);
  collector.flush();
  const chunks = collector.chunks;
  if (scanEnd < text.length) chunks.push({ start: scanEnd, end: text.length, text: text.slice(scanEnd), limit: "length", blockStarts: [0] });
  return chunks;
}

/** True when `[from, to)` holds only spaces and tabs. */
function isBlank(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    if (!isSpaceOrTab(text.charCodeAt(index))) return false;
  }
  return true;
}

/** The first limit any part of `text` passes, or `null` when all of it can be formatted. */
export function markdownLimitOf(text: string): MarkdownLimit | null {
  for (const chunk of splitMarkdown(text)) if (chunk.limit !== null) return chunk.limit;
  return null;
}
