/**
 * The tokenizer of UI expressions: a state machine over UTF-16 code units that
 * hands the parser one token at a time. It never builds anything larger than
 * the source, reports every problem as a `UiFailure("syntax")` with the range
 * of the offending text, and charges the budget one step per token.
 */
import type { UiRange } from "../envelope/schema";
import { UiFailure } from "../failure";
import type { UiBudget } from "./budget";

/** The character codes the tokenizer tells apart. */
const enum Character {
  /** Not a character: the end of the source. */
  End = -1,
  Tab = 0x09,
  LineFeed = 0x0a,
  CarriageReturn = 0x0d,
  Space = 0x20,
  /** `!` */
  Exclamation = 0x21,
  /** `"` */
  DoubleQuote = 0x22,
  /** `$` starts a variable. */
  Dollar = 0x24,
  /** `%` */
  Percent = 0x25,
  /** `&` */
  Ampersand = 0x26,
  /** `'` */
  SingleQuote = 0x27,
  /** `(` */
  LeftParenthesis = 0x28,
  /** `)` */
  RightParenthesis = 0x29,
  /** `*` */
  Asterisk = 0x2a,
  /** `+` */
  Plus = 0x2b,
  /** `,` */
  Comma = 0x2c,
  /** `-` */
  Minus = 0x2d,
  /** `.` */
  Dot = 0x2e,
  /** `/` */
  Slash = 0x2f,
  Digit0 = 0x30,
  Digit9 = 0x39,
  /** `:` */
  Colon = 0x3a,
  /** `<` */
  LessThan = 0x3c,
  /** `=` */
  Equals = 0x3d,
  /** `>` */
  GreaterThan = 0x3e,
  /** `?` */
  Question = 0x3f,
  /** `@` starts a helper call. */
  At = 0x40,
  UpperA = 0x41,
  UpperE = 0x45,
  UpperF = 0x46,
  UpperZ = 0x5a,
  /** `[` */
  LeftBracket = 0x5b,
  /** `\` */
  Backslash = 0x5c,
  /** `]` */
  RightBracket = 0x5d,
  /** `_` */
  Underscore = 0x5f,
  /** `` ` `` would start a template string, which the language does not have. */
  Backtick = 0x60,
  LowerA = 0x61,
  LowerB = 0x62,
  LowerE = 0x65,
  LowerF = 0x66,
  LowerN = 0x6e,
  LowerR = 0x72,
  LowerT = 0x74,
  LowerU = 0x75,
  LowerZ = 0x7a,
  /** `{` */
  LeftBrace = 0x7b,
  /** `|` */
  VerticalBar = 0x7c,
  /** `}` */
  RightBrace = 0x7d,
}

/** What a token is. */
export const enum UiTokenKind {
  /** A finite number literal, unsigned (`-` is a punctuator). */
  Number,
  /** A string literal, escapes resolved. */
  String,
  /** `$name`; `text` is the name without `$`. */
  Variable,
  /** A bare name: a local, `true`, `false`, `null`, a field after `.` or an object key. */
  Name,
  /** `@Name`; `text` is the name without `@`. */
  Helper,
  /** An operator or bracket; `text` is its spelling. */
  Punctuator,
  /** The end of the source. */
  End,
}

/** One token; `text` is the resolved value for strings, the name for names, the spelling for punctuators. */
export type UiToken = {
  kind: UiTokenKind;
  text: string;
  /** The value of a number token. */
  number: number;
  start: number;
  end: number;
};

/** The tokenizer's states; each comment shows a sample with a caret at the character it handles. */
const enum State {
  /** Between tokens: `a + b` at `  ^` — skips blanks and picks the state of the next token. */
  BeforeToken,
  /** Inside a name: `$runs` at `  ^`. */
  InName,
  /** Integer digits: `125.5` at ` ^`. */
  InInteger,
  /** Right after a decimal point, a digit must follow: `1.5` at `  ^`. */
  AfterPoint,
  /** Fraction digits: `1.25` at `   ^`. */
  InFraction,
  /** Right after `e`: `1e-3` at `  ^` (a sign or a digit). */
  AfterExponent,
  /** Right after the exponent's sign, a digit must follow: `1e-3` at `   ^`. */
  AfterExponentSign,
  /** Exponent digits: `1e30` at `   ^`. */
  InExponent,
  /** Inside a quoted string: `"ab"` at ` ^`. */
  InString,
  /** After a backslash in a string: `"a\n"` at `   ^`. */
  InEscape,
}

/** The longest hexadecimal escape `\u{…}` (six digits reach U+10FFFF). */
const MAX_CODE_POINT_DIGITS = 6;

/** Punctuators of two or three characters, longest first for each first character. */
const LONG_PUNCTUATORS: readonly string[] = ["===", "!==", "==", "!=", "<=", ">=", "&&", "||", "?."];

/** The first characters of `LONG_PUNCTUATORS`, to skip the search for the rest. */
const LONG_PUNCTUATOR_STARTS = new Set(LONG_PUNCTUATORS.map((spelling) => spelling.charAt(0)));

/** Single-character punctuators. */
const SHORT_PUNCTUATORS = new Set("()[]{},:.?+-*/%!<>");

function isDigit(code: number): boolean {
  return code >= Character.Digit0 && code <= Character.Digit9;
}

function isNameStart(code: number): boolean {
  return (
    (code >= Character.LowerA && code <= Character.LowerZ) ||
    (code >= Character.UpperA && code <= Character.UpperZ) ||
    code === Character.Underscore
  );
}

function isNamePart(code: number): boolean {
  return isNameStart(code) || isDigit(code);
}

function isBlank(code: number): boolean {
  return (
    code === Character.Space ||
    code === Character.Tab ||
    code === Character.LineFeed ||
    code === Character.CarriageReturn
  );
}

function hexValue(code: number): number {
  if (isDigit(code)) return code - Character.Digit0;
  if (code >= Character.LowerA && code <= Character.LowerF) return code - Character.LowerA + 10;
  if (code >= Character.UpperA && code <= Character.UpperF) return code - Character.UpperA + 10;
  return -1;
}

/** A syntax failure over `[start, end)`. */
export function uiSyntaxFailure(detail: string, start: number, end: number): UiFailure {
  const range: UiRange = { start, end: Math.max(start, end) };
  return new UiFailure("syntax", detail, range);
}

/** Splits an expression's source into tokens, one `next()` at a time. */
export class UiExpressionTokenizer {
  private position = 0;

  constructor(
    private readonly source: string,
    private readonly budget: UiBudget,
  ) {}

  private at(offset: number): number {
    return offset < this.source.length ? this.source.charCodeAt(offset) : Character.End;
  }

  /** Scans and returns the next token; at the end of the source, an `End` token (repeatedly). */
  next(): UiToken {
    this.budget.step();
    const source = this.source;
    let state = State.BeforeToken;
    let start = this.position;
    let quote = 0;
    let value = "";
    let chunkStart = 0;
    let nameKind = UiTokenKind.Name;
    for (;;) {
      const code = this.at(this.position);
      switch (state) {
        case State.BeforeToken: {
          if (isBlank(code)) {
            this.position++;
            break;
          }
          start = this.position;
          if (code === Character.End) return this.token(UiTokenKind.End, "", start);
          if (isDigit(code)) {
            state = State.InInteger;
            this.position++;
            break;
          }
          if (isNameStart(code)) {
            nameKind = UiTokenKind.Name;
            state = State.InName;
            this.position++;
            break;
          }
          if (code === Character.Dollar || code === Character.At) {
            nameKind = code === Character.Dollar ? UiTokenKind.Variable : UiTokenKind.Helper;
            if (!isNameStart(this.at(start + 1))) {
              const what = code === Character.Dollar ? "a variable name after $" : "a helper name after @";
              throw uiSyntaxFailure(`expected ${what}`, start, start + 1);
            }
            state = State.InName;
            this.position += 2;
            break;
          }
          if (code === Character.DoubleQuote || code === Character.SingleQuote) {
            quote = code;
            state = State.InString;
            this.position++;
            chunkStart = this.position;
            break;
          }
          return this.punctuator(start);
        }
        case State.InName: {
          if (isNamePart(code)) {
            this.position++;
            break;
          }
          const nameStart = nameKind === UiTokenKind.Name ? start : start + 1;
          return this.token(nameKind, source.slice(nameStart, this.position), start);
        }
        case State.InInteger: {
          if (isDigit(code)) this.position++;
          else if (code === Character.Dot) {
            state = State.AfterPoint;
            this.position++;
          } else if (code === Character.LowerE || code === Character.UpperE) {
            state = State.AfterExponent;
            this.position++;
          } else return this.numberToken(start);
          break;
        }
        case State.AfterPoint: {
          if (!isDigit(code)) throw uiSyntaxFailure("expected a digit after the decimal point", start, this.position + 1);
          state = State.InFraction;
          this.position++;
          break;
        }
        case State.InFraction: {
          if (isDigit(code)) this.position++;
          else if (code === Character.LowerE || code === Character.UpperE) {
            state = State.AfterExponent;
            this.position++;
          } else return this.numberToken(start);
          break;
        }
        case State.AfterExponent: {
          if (code === Character.Plus || code === Character.Minus) {
            state = State.AfterExponentSign;
            this.position++;
          } else if (isDigit(code)) {
            state = State.InExponent;
            this.position++;
          } else throw uiSyntaxFailure("expected an exponent after e", start, this.position + 1);
          break;
        }
        case State.AfterExponentSign: {
          if (!isDigit(code)) throw uiSyntaxFailure("expected exponent digits", start, this.position + 1);
          state = State.InExponent;
          this.position++;
          break;
        }
        case State.InExponent: {
          if (isDigit(code)) this.position++;
          else return this.numberToken(start);
          break;
        }
        case State.InString: {
          if (code === quote) {
            value += source.slice(chunkStart, this.position);
            this.position++;
            this.budget.checkString(value.length, { start, end: this.position });
            return this.token(UiTokenKind.String, value, start);
          }
          if (code === Character.End || code === Character.LineFeed || code === Character.CarriageReturn) {
            throw uiSyntaxFailure("unterminated string", start, this.position);
          }
          if (code === Character.Backslash) {
            value += source.slice(chunkStart, this.position);
            state = State.InEscape;
          }
          this.position++;
          break;
        }
        case State.InEscape: {
          value += this.escape(code);
          chunkStart = this.position;
          state = State.InString;
          break;
        }
      }
    }
  }

  /**
   * Resolves one escape; the position is on the character after the backslash
   * and ends after the escape.
   */
  private escape(code: number): string {
    const backslash = this.position - 1;
    this.position++;
    switch (code) {
      case Character.DoubleQuote:
        return '"';
      case Character.SingleQuote:
        return "'";
      case Character.Backslash:
        return "\\";
      case Character.Slash:
        return "/";
      case Character.LowerN:
        return "\n";
      case Character.LowerT:
        return "\t";
      case Character.LowerR:
        return "\r";
      // JSON's remaining escapes, so a string copied from JSON reads the same.
      case Character.LowerB:
        return "\b";
      case Character.LowerF:
        return "\f";
      case Character.LowerU:
        return this.unicodeEscape(backslash);
      default:
        throw uiSyntaxFailure(
          "unknown escape; use \\\" \\' \\\\ \\n \\t or \\u{…}",
          backslash,
          Math.min(this.position, this.source.length),
        );
    }
  }

  /** `\u{1F600}` or `\u00e9`; the position is after the `u`. */
  private unicodeEscape(backslash: number): string {
    let codePoint = 0;
    if (this.at(this.position) === Character.LeftBrace) {
      this.position++;
      let digits = 0;
      for (;;) {
        const code = this.at(this.position);
        if (code === Character.RightBrace && digits > 0) break;
        const digit = hexValue(code);
        if (digit < 0 || digits === MAX_CODE_POINT_DIGITS) {
          throw uiSyntaxFailure("expected \\u{hex digits}", backslash, this.position + 1);
        }
        codePoint = codePoint * 16 + digit;
        digits++;
        this.position++;
      }
      this.position++;
      if (codePoint > 0x10ffff) throw uiSyntaxFailure("code point beyond U+10FFFF", backslash, this.position);
      return String.fromCodePoint(codePoint);
    }
    for (let index = 0; index < 4; index++) {
      const digit = hexValue(this.at(this.position));
      if (digit < 0) throw uiSyntaxFailure("expected \\uXXXX or \\u{hex digits}", backslash, this.position + 1);
      codePoint = codePoint * 16 + digit;
      this.position++;
    }
    return String.fromCharCode(codePoint);
  }

  private numberToken(start: number): UiToken {
    if (isNamePart(this.at(this.position))) {
      throw uiSyntaxFailure("a number must not run into a name", start, this.position + 1);
    }
    const text = this.source.slice(start, this.position);
    const number = Number(text);
    if (!Number.isFinite(number)) throw uiSyntaxFailure("number out of range", start, this.position);
    const token = this.token(UiTokenKind.Number, text, start);
    token.number = number;
    return token;
  }

  private punctuator(start: number): UiToken {
    const source = this.source;
    const long = LONG_PUNCTUATOR_STARTS.has(source.charAt(start));
    if (long) for (const spelling of LONG_PUNCTUATORS) {
      if (source.startsWith(spelling, start)) {
        this.position = start + spelling.length;
        return this.token(UiTokenKind.Punctuator, spelling, start);
      }
    }
    const code = this.at(start);
    const character = source.charAt(start);
    if (code === Character.Backtick) throw uiSyntaxFailure("template strings are not part of the language", start, start + 1);
    if (code === Character.Equals) {
      const arrow = this.at(start + 1) === Character.GreaterThan;
      throw uiSyntaxFailure(
        arrow ? "functions are not part of the language" : "assignment is not part of the language; compare with ===",
        start,
        start + (arrow ? 2 : 1),
      );
    }
    if (code === Character.Ampersand || code === Character.VerticalBar) {
      throw uiSyntaxFailure(`use ${character}${character} on booleans`, start, start + 1);
    }
    if (SHORT_PUNCTUATORS.has(character)) {
      this.position = start + 1;
      return this.token(UiTokenKind.Punctuator, character, start);
    }
    // Keep a surrogate pair together, so the range covers the whole character.
    const width = (source.codePointAt(start) ?? 0) > 0xffff ? 2 : 1;
    throw uiSyntaxFailure(`unexpected character ${JSON.stringify(source.slice(start, start + width))}`, start, start + width);
  }

  private token(kind: UiTokenKind, text: string, start: number): UiToken {
    return { kind, text, number: 0, start, end: this.position };
  }
}
