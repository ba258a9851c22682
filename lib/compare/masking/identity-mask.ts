/**
 * Masks a model's names in text shown in a blind pane, in one piece
 * ({@link maskText}), as it streams ({@link IdentityMasker}), or deep in a
 * JSON value ({@link maskJson}).
 *
 * A name matches case-insensitively when it stands as a word: no letter or
 * digit right before it, no letter right after it. Whatever version suffix
 * follows is masked with it, so "GPT-4o-mini", "Qwen2.5-Coder", "claude.ai"
 * and "Llama 3.1" become one "[model]" rather than leaking "-mini" or "3.1":
 * digits right after the name, then any run of "-", "." or "_" followed by
 * letters or digits, or a space or tab followed by a digit. A space inside a
 * name matches one space, tab or no-break space. Names are tried longest
 * first, so "Meta AI" wins over "Meta".
 *
 * A match becomes "[model]", or with `keepLength` as many "▒" as it has
 * UTF-16 units, so offsets into the text (block and fence ranges, stream
 * positions) stay true after masking.
 */

/** What a masked name is replaced with. */
export const MASKED_NAME = "[model]";

/** The character a length-keeping mask repeats (one UTF-16 unit). */
export const MASK_CHARACTER = "\u2592";

/** How names are replaced. */
export type MaskOptions = {
  /** Replace each match with as many {@link MASK_CHARACTER} as it has UTF-16 units, instead of {@link MASKED_NAME}. */
  keepLength?: boolean;
};

function replacementFor(matched: string, options: MaskOptions): string {
  return options.keepLength === true ? MASK_CHARACTER.repeat(matched.length) : MASKED_NAME;
}

/** Letters or digits: what may not stand right before a name. */
const WORD_CHARACTER = String.raw`[\p{L}\p{N}]`;

/** The version suffix masked together with a name (see the file comment). */
const VERSION_SUFFIX = String.raw`(?:\p{N}[\p{L}\p{N}]*)?(?:[-._][\p{L}\p{N}]+|[ \t]\p{N}[\p{L}\p{N}]*)*`;

/**
 * Characters after a match that decide whether it extends: a version suffix
 * segment opens with a separator and one letter or digit, so two characters
 * settle it (and the letter check after a name needs one).
 */
const SUFFIX_LOOKAHEAD = 2;

/** Compiled patterns for one list of names. */
type MaskPatterns = {
  /** A name with its suffix. */
  match: RegExp;
  /** A non-empty prefix of a name running to the end of the text: where a name could still be starting. */
  partial: RegExp;
  /** Longest name, in UTF-16 units: a partial name starts no further back than this from the end. */
  longest: number;
};

const patternCache = new WeakMap<readonly string[], MaskPatterns | null>();

function compile(names: readonly string[]): MaskPatterns | null {
  const cached = patternCache.get(names);
  if (cached !== undefined) return cached;
  const usable = [...new Set(names.map((name) => name.trim()).filter((name) => name.length > 0))].sort(
    (first, second) => second.length - first.length,
  );
  let patterns: MaskPatterns | null = null;
  if (usable.length > 0) {
    const whole = usable.map((name) => boundaryBefore(name) + [...name].map(unit).join("") + boundaryAfter(name));
    const partial = usable.map((name) => boundaryBefore(name) + nestedPrefix([...name].map(unit)));
    patterns = {
      match: new RegExp(`(?:${whole.join("|")})${VERSION_SUFFIX}`, "giu"),
      partial: new RegExp(`(?:${partial.join("|")})$`, "giu"),
      longest: Math.max(...usable.map((name) => name.length)),
    };
  }
  patternCache.set(names, patterns);
  return patterns;
}

function boundaryBefore(name: string): string {
  return /^[\p{L}\p{N}]/u.test(name) ? `(?<!${WORD_CHARACTER})` : "";
}

function boundaryAfter(name: string): string {
  return /[\p{L}\p{N}]$/u.test(name) ? String.raw`(?!\p{L})` : "";
}

function unit(character: string): string {
  if (/\s/u.test(character)) return String.raw`[ \t\u00a0]`;
  return character.replace(/[\\^$.*+?()[\]{}|/]/g, (special) => `\\${special}`);
}

/** `a(?:b(?:c)?)?`: any non-empty prefix of the units. */
function nestedPrefix(units: string[]): string {
  let pattern = "";
  for (let index = units.length - 1; index >= 1; index -= 1) pattern = `(?:${units[index]}${pattern})?`;
  return `${units[0] ?? ""}${pattern}`;
}

/** Result of masking. */
export type MaskedText = { text: string; leaked: boolean };

/** Masks every name in `text` (see the file comment); `leaked` says whether any was found. */
export function maskText(text: string, names: readonly string[], options: MaskOptions = {}): MaskedText {
  const patterns = compile(names);
  if (patterns === null) return { text, leaked: false };
  // Most strings hold no name: one search says so without building a copy.
  patterns.match.lastIndex = 0;
  if (!patterns.match.test(text)) return { text, leaked: false };
  const scan = scanText({ work: text, start: 0, patterns, final: true, options });
  return { text: scan.output, leaked: scan.leaked };
}

type Scan = { output: string; leaked: boolean; rest: number };

/**
 * Masks `work` from `start` (what lies before is context for the boundary
 * check). When not final, stops at the first place a name could still be
 * forming or growing and reports it as `rest`: everything before it is
 * settled whatever comes next, because every match before it has enough
 * characters after it to be decided, and no name could start earlier.
 */
function scanText(options: { work: string; start: number; patterns: MaskPatterns; final: boolean; options: MaskOptions }): Scan {
  const { patterns, final } = options;
  // A high surrogate at the end is half of a character not yet arrived (a
  // letter the checks must see whole), so an unfinished scan stops before it.
  const last = options.work.charCodeAt(options.work.length - 1);
  const work = !final && last >= 0xd800 && last <= 0xdbff ? options.work.slice(0, -1) : options.work;
  let position = options.start;
  let output = "";
  let leaked = false;
  for (;;) {
    patterns.match.lastIndex = position;
    const found = patterns.match.exec(work);
    let holdFrom = Number.POSITIVE_INFINITY;
    if (!final) {
      patterns.partial.lastIndex = Math.max(position, work.length - patterns.longest);
      const partial = patterns.partial.exec(work);
      if (partial !== null) holdFrom = partial.index;
      if (found !== null && work.length - (found.index + found[0].length) < SUFFIX_LOOKAHEAD) {
        holdFrom = Math.min(holdFrom, found.index);
      }
    }
    if (found !== null && found.index < holdFrom) {
      output += work.slice(position, found.index) + replacementFor(found[0], options.options);
      leaked = true;
      position = found.index + found[0].length;
      continue;
    }
    const end = Math.max(position, Math.min(holdFrom, work.length));
    output += work.slice(position, end);
    return { output, leaked, rest: end };
  }
}

/**
 * Masks names in streamed text. `push` returns what is safe to show now and
 * holds back a tail that could still turn out to be (part of) a name;
 * `flush` releases it at the end. For any chunking of a text, the pushed
 * outputs joined with the flush equal {@link maskText} of the whole text.
 */
export class IdentityMasker {
  private readonly patterns: MaskPatterns | null;
  /** Text received but not yet emitted. */
  private pending = "";
  /** The last code point emitted: the boundary check before the pending text needs it. */
  private context = "";
  private anyLeaked = false;
  private readonly options: MaskOptions;

  constructor(names: readonly string[], options: MaskOptions = {}) {
    this.patterns = compile(names);
    this.options = options;
  }

  /** Takes the next piece of streamed text; returns the masked text that is settled. */
  push(delta: string): string {
    if (this.patterns === null) return delta;
    this.pending += delta;
    const work = this.context + this.pending;
    const scan = scanText({ work, start: this.context.length, patterns: this.patterns, final: false, options: this.options });
    this.settle(work, scan);
    return scan.output;
  }

  /** Ends the stream; returns the masked rest. */
  flush(): string {
    if (this.patterns === null) return "";
    const work = this.context + this.pending;
    const scan = scanText({ work, start: this.context.length, patterns: this.patterns, final: true, options: this.options });
    this.settle(work, scan);
    return scan.output;
  }

  /** Whether any name has been masked so far. */
  get leaked(): boolean {
    return this.anyLeaked;
  }

  private settle(work: string, scan: Scan): void {
    if (scan.leaked) this.anyLeaked = true;
    const emittedEnd = scan.rest;
    this.pending = work.slice(emittedEnd);
    if (emittedEnd > this.context.length) this.context = lastCodePoint(work.slice(0, emittedEnd));
  }
}

function lastCodePoint(text: string): string {
  const low = text.charCodeAt(text.length - 1);
  const high = text.charCodeAt(text.length - 2);
  if (low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff) return text.slice(-2);
  return text.slice(-1);
}

/** Result of masking a JSON value. */
export type MaskedJson<T> = { value: T; leaked: boolean };

/**
 * Masks every string deep in a JSON value (strings inside arrays and object
 * values; keys are left alone, they are the spec's structure, not its words).
 * The input is not changed; unchanged parts of the result may be shared with it.
 */
export function maskJson<T>(value: T, names: readonly string[], options: MaskOptions = {}): MaskedJson<T> {
  let leaked = false;
  // Copies only what changes: a preview's tree is mostly ids and words with no name in them.
  const visit = (node: unknown): unknown => {
    if (typeof node === "string") {
      const masked = maskText(node, names, options);
      if (!masked.leaked) return node;
      leaked = true;
      return masked.text;
    }
    if (Array.isArray(node)) {
      let copy: unknown[] | null = null;
      node.forEach((child: unknown, index) => {
        const visited = visit(child);
        if (visited !== child) (copy ??= node.slice())[index] = visited;
      });
      return copy ?? node;
    }
    if (node !== null && typeof node === "object") {
      let copy: Record<string, unknown> | null = null;
      for (const [key, child] of Object.entries(node)) {
        const visited = visit(child);
        if (visited !== child) (copy ??= { ...node })[key] = visited;
      }
      return copy ?? node;
    }
    return node;
  };
  const masked = visit(value) as T;
  return { value: masked, leaked };
}
