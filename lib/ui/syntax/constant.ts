/**
 * A fast path for constant expressions: the data literals models write in
 * bulk (`$runs = [{name: "a", ms: 12}, …]`, `rows={[…]}`) read straight into
 * their value, without building a syntax tree and evaluating it. Most of a
 * data-heavy reply's bytes are such literals, so this is what keeps a full
 * compile fast.
 *
 * It reads exactly the literal forms of the expression language — numbers,
 * strings, `true`/`false`/`null`, lists, records with name or string keys,
 * trailing commas, a minus sign before a number — and gives up (returns
 * null) on anything else, including everything the language refuses
 * (duplicate or forbidden keys, an escape it does not know, a number out of
 * range) and anything near a budget. Giving up costs nothing but speed: the
 * caller then parses and evaluates the expression the ordinary way, which
 * reports the problem. So wherever this path returns a value, the ordinary
 * path returns the same one (a property test checks it).
 */
import type { UiLimitName } from "../limits";
import type { UiRecord, UiValue } from "../expression/value";
import { safeKey } from "../expression/value";

/** Character codes of the literal forms. */
const enum Code {
  Tab = 9,
  LineFeed = 10,
  CarriageReturn = 13,
  Space = 32,
  /** `"` */
  DoubleQuote = 34,
  /** `'` */
  SingleQuote = 39,
  /** `+` */
  Plus = 43,
  /** `,` */
  Comma = 44,
  /** `-` */
  Minus = 45,
  /** `.` */
  Dot = 46,
  /** `/` */
  Slash = 47,
  Digit0 = 48,
  Digit9 = 57,
  /** `:` */
  Colon = 58,
  UpperA = 65,
  UpperE = 69,
  UpperZ = 90,
  /** `[` */
  OpenBracket = 91,
  /** `\` */
  Backslash = 92,
  /** `]` */
  CloseBracket = 93,
  /** `_` */
  Underscore = 95,
  LowerA = 97,
  LowerB = 98,
  LowerE = 101,
  LowerF = 102,
  LowerN = 110,
  LowerR = 114,
  LowerT = 116,
  LowerZ = 122,
  /** `{` */
  OpenBrace = 123,
  /** `}` */
  CloseBrace = 125,
}

/** Digits of a whole number read without `Number()`: 15 decimal digits are always exact in a double. */
const MAXIMUM_EXACT_DIGITS = 15;

/** Thrown inside the reader to give up; never leaves this file. */
const GIVE_UP: unique symbol = Symbol("give up");

/** Reads one constant expression; null when `source` is anything but a literal the ordinary path would accept. */
export function readUiConstant(source: string, limits: Readonly<Record<UiLimitName, number>>): { value: UiValue } | null {
  const reader = new ConstantReader(source, limits);
  try {
    const value = reader.read();
    return { value };
  } catch (caught) {
    if (caught === GIVE_UP) return null;
    throw caught;
  }
}

/**
 * Reads the literal that starts at `start` (after blanks) and stops after it;
 * null when there is none the ordinary path would read the same way. Used by
 * the parser to read a data literal while finding where it ends.
 */
export function readUiConstantAt(source: string, start: number, limits: Readonly<Record<UiLimitName, number>>): { value: UiValue; end: number } | null {
  const reader = new ConstantReader(source, limits);
  try {
    return reader.readAt(start);
  } catch (caught) {
    if (caught === GIVE_UP) return null;
    throw caught;
  }
}

class ConstantReader {
  private position = 0;
  /** Values read: the ordinary path charges a step per token and per value, and refuses past `limits.steps`. */
  private work = 0;
  private readonly maximumWork: number;
  /** Lists and records may nest one level less than `limits.nesting`, so the syntax tree would fit it too. */
  private readonly maximumDepth: number;
  /** The keys of the record read last, in order. */
  private lastKeys: readonly string[] = [];

  constructor(
    private readonly source: string,
    private readonly limits: Readonly<Record<UiLimitName, number>>,
  ) {
    this.maximumWork = Math.floor(limits.steps / 4);
    this.maximumDepth = limits.nesting - 2;
  }

  read(): UiValue {
    this.skipBlank();
    const value = this.value(0);
    this.skipBlank();
    if (this.position !== this.source.length) throw GIVE_UP;
    return value;
  }

  readAt(start: number): { value: UiValue; end: number } {
    this.position = start;
    this.skipBlank();
    const value = this.value(0);
    return { value, end: this.position };
  }

  private skipBlank(): void {
    const source = this.source;
    let position = this.position;
    // Most values follow their separator directly, or after one space.
    if (source.charCodeAt(position) > Code.Space) return;
    for (;;) {
      const code = source.charCodeAt(position);
      if (code === Code.Space || code === Code.LineFeed || code === Code.Tab || code === Code.CarriageReturn) position++;
      else break;
    }
    this.position = position;
  }

  private value(depth: number): UiValue {
    if (++this.work > this.maximumWork) throw GIVE_UP;
    const code = this.source.charCodeAt(this.position);
    if (code === Code.OpenBrace) return this.record(depth + 1, null);
    if (code === Code.OpenBracket) return this.list(depth + 1);
    if (code === Code.DoubleQuote || code === Code.SingleQuote) return this.string(code);
    if (code === Code.Minus) {
      this.position++;
      this.skipBlank();
      if (!isDigit(this.source.charCodeAt(this.position))) throw GIVE_UP;
      const number = -this.number();
      // The evaluator turns a negative zero into 0.
      return number === 0 ? 0 : number;
    }
    if (isDigit(code)) return this.number();
    if (isNameStart(code)) {
      const name = this.name();
      if (name === "true") return true;
      if (name === "false") return false;
      if (name === "null") return null;
    }
    throw GIVE_UP;
  }

  private list(depth: number): UiValue[] {
    if (depth > this.maximumDepth) throw GIVE_UP;
    const source = this.source;
    this.position++;
    const items: UiValue[] = [];
    // Records in a list mostly share their keys, in order: the previous one's
    // keys are the hint for the next.
    let hint: readonly string[] | null = null;
    for (;;) {
      this.skipBlank();
      const start = source.charCodeAt(this.position);
      if (start === Code.CloseBracket) break;
      if (start === Code.OpenBrace) {
        if (++this.work > this.maximumWork) throw GIVE_UP;
        items.push(this.record(depth + 1, hint));
        hint = this.lastKeys;
      } else items.push(this.value(depth));
      this.skipBlank();
      const code = source.charCodeAt(this.position);
      if (code === Code.Comma) {
        this.position++;
        continue;
      }
      if (code === Code.CloseBracket) break;
      throw GIVE_UP;
    }
    this.position++;
    return items;
  }

  /**
   * A record. While its keys are those of `hint` (the record before it in
   * the same list) in the same order, each is the hinted string itself,
   * already known to be safe and distinct from the ones before it; from the
   * first other key on, keys are read and checked. Its keys are left in
   * `lastKeys` (none when one was quoted: hints are names only).
   */
  private record(depth: number, hint: readonly string[] | null): UiRecord {
    if (depth > this.maximumDepth) throw GIVE_UP;
    const source = this.source;
    this.position++;
    const record: UiRecord = {};
    let count = 0;
    let own: string[] | null = hint === null ? [] : null;
    let quoted = false;
    for (;;) {
      this.skipBlank();
      const code = source.charCodeAt(this.position);
      if (code === Code.CloseBrace) break;
      let key: string;
      const hinted = own === null ? (hint as readonly string[])[count] : undefined;
      if (hinted !== undefined && matchesName(source, this.position, hinted)) {
        key = hinted;
        this.position += hinted.length;
      } else {
        if (own === null) own = (hint as readonly string[]).slice(0, count);
        if (code === Code.DoubleQuote || code === Code.SingleQuote) {
          key = this.string(code);
          // A quoted key may hold what a name may not: it is never a hint.
          quoted = true;
        } else if (isNameStart(code)) key = this.name();
        else throw GIVE_UP;
        if (!safeKey(key) || Object.hasOwn(record, key)) throw GIVE_UP;
        own.push(key);
      }
      count++;
      if (source.charCodeAt(this.position) !== Code.Colon) {
        this.skipBlank();
        if (source.charCodeAt(this.position) !== Code.Colon) throw GIVE_UP;
      }
      this.position++;
      this.skipBlank();
      record[key] = this.value(depth);
      this.skipBlank();
      const next = source.charCodeAt(this.position);
      if (next === Code.Comma) {
        this.position++;
        continue;
      }
      if (next === Code.CloseBrace) break;
      throw GIVE_UP;
    }
    this.position++;
    this.lastKeys = quoted ? [] : own ?? (count === (hint as readonly string[]).length ? (hint as readonly string[]) : (hint as readonly string[]).slice(0, count));
    return record;
  }

  /** `[A-Za-z_][A-Za-z0-9_]*` */
  private name(): string {
    const source = this.source;
    const start = this.position;
    let position = start + 1;
    while (isNamePart(source.charCodeAt(position))) position++;
    this.position = position;
    return source.slice(start, position);
  }

  /** `digits(.digits)?([eE][+-]?digits)?`, not running into a name, finite. */
  private number(): number {
    const source = this.source;
    const start = this.position;
    let position = start;
    let whole = 0;
    for (let code = source.charCodeAt(position); isDigit(code); code = source.charCodeAt(++position)) whole = whole * 10 + (code - Code.Digit0);
    let code = source.charCodeAt(position);
    // A short whole number is its digits' value (exact below 2^53); anything else goes through Number().
    if (code !== Code.Dot && code !== Code.LowerE && code !== Code.UpperE && position - start <= MAXIMUM_EXACT_DIGITS) {
      if (isNamePart(code)) throw GIVE_UP;
      this.position = position;
      return whole;
    }
    if (code === Code.Dot) {
      position++;
      if (!isDigit(source.charCodeAt(position))) throw GIVE_UP;
      while (isDigit(source.charCodeAt(position))) position++;
    }
    code = source.charCodeAt(position);
    if (code === Code.LowerE || code === Code.UpperE) {
      position++;
      code = source.charCodeAt(position);
      if (code === Code.Plus || code === Code.Minus) position++;
      if (!isDigit(source.charCodeAt(position))) throw GIVE_UP;
      while (isDigit(source.charCodeAt(position))) position++;
    }
    if (isNamePart(source.charCodeAt(position))) throw GIVE_UP;
    const number = Number(source.slice(start, position));
    if (!Number.isFinite(number)) throw GIVE_UP;
    this.position = position;
    return number;
  }

  /** A quoted string with the escapes of the language, except `\u`, which the ordinary path handles. */
  private string(quote: number): string {
    const source = this.source;
    let position = this.position + 1;
    let chunkStart = position;
    let value = "";
    for (;;) {
      const code = source.charCodeAt(position);
      if (code === quote) break;
      if (code !== code || code === Code.LineFeed || code === Code.CarriageReturn) throw GIVE_UP;
      if (code === Code.Backslash) {
        value += source.slice(chunkStart, position);
        value += escaped(source.charCodeAt(position + 1));
        position += 2;
        chunkStart = position;
        continue;
      }
      position++;
    }
    value += source.slice(chunkStart, position);
    if (value.length > this.limits.stringLength) throw GIVE_UP;
    this.position = position + 1;
    return value;
  }
}

/** The character an escape stands for; gives up on `\u` and on escapes the language refuses. */
function escaped(code: number): string {
  switch (code) {
    case Code.DoubleQuote:
      return '"';
    case Code.SingleQuote:
      return "'";
    case Code.Backslash:
      return "\\";
    case Code.Slash:
      return "/";
    case Code.LowerN:
      return "\n";
    case Code.LowerT:
      return "\t";
    case Code.LowerR:
      return "\r";
    case Code.LowerB:
      return "\b";
    case Code.LowerF:
      return "\f";
    default:
      throw GIVE_UP;
  }
}

/** True when the name `name` stands at `position` (and does not run on). */
function matchesName(source: string, position: number, name: string): boolean {
  const length = name.length;
  for (let index = 0; index < length; index++) if (source.charCodeAt(position + index) !== name.charCodeAt(index)) return false;
  return !isNamePart(source.charCodeAt(position + length));
}

function isDigit(code: number): boolean {
  return code >= Code.Digit0 && code <= Code.Digit9;
}

function isNameStart(code: number): boolean {
  return (code >= Code.LowerA && code <= Code.LowerZ) || (code >= Code.UpperA && code <= Code.UpperZ) || code === Code.Underscore;
}

function isNamePart(code: number): boolean {
  return isNameStart(code) || isDigit(code);
}
