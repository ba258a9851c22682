/**
 * A tolerant, budgeted JSON reader for octo-ui fence bodies, complete or
 * still streaming. One pass, no recursion (nesting lives in an explicit
 * stack), no `JSON.parse` retries.
 *
 * - It reads valid JSON exactly as `JSON.parse` does (last duplicate key
 *   wins), except that raw control characters inside strings are accepted:
 *   models put literal newlines in code and mermaid strings.
 * - At the end of the text, or at the first syntax error, it closes whatever
 *   is open: an open string keeps what arrived, open arrays and objects are
 *   closed, and a dangling key or a partial literal (`tru`, `12` that may
 *   still grow, a cut `\u00` escape) is dropped. So a streaming panel shows
 *   what has arrived.
 * - It materializes only what `parseGenuiSpec` could keep
 *   (`GENUI_SCAN_LIMITS`: one past each cap). Everything else is skipped by
 *   a tight loop that neither builds nor validates it (a syntax error inside
 *   skipped content goes unreported), so a 5 MB body costs one fast linear
 *   scan and bounded memory.
 * - Objects have a null prototype, so a `__proto__` key is an ordinary own
 *   key for the spec parser to strip.
 */
import { GenuiDiagnosticCollector, type GenuiDiagnostic } from "../diagnostics/diagnostic";
import { GenuiPath } from "../diagnostics/path";
import { GENUI_SCAN_LIMITS } from "../limits";

/** Character codes the reader dispatches on. */
const enum Code {
  Tab = 0x09,
  LineFeed = 0x0a,
  CarriageReturn = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  Plus = 0x2b,
  Comma = 0x2c,
  Minus = 0x2d,
  Dot = 0x2e,
  Digit0 = 0x30,
  Digit9 = 0x39,
  Colon = 0x3a,
  UpperE = 0x45,
  OpenBracket = 0x5b,
  Backslash = 0x5c,
  CloseBracket = 0x5d,
  LowerE = 0x65,
  LowerF = 0x66,
  LowerN = 0x6e,
  LowerT = 0x74,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
}

/** What the reader expects next. */
const enum State {
  /** A value: `^{"a": 1}`, `{"a": ^1}`, `[1, ^2]`. */
  Value,
  /** A comma or the close of the open container: `[1^, 2]`, `{"a": 1^}`. */
  AfterValue,
  /** A key or (right after `{`) the close: `{^"a": 1}`, `{"a": 1, ^"b": 2}`. */
  Key,
  /** The colon after a key: `{"a"^: 1}`. */
  Colon,
  /** The top-level value is done; only white space may follow: `{"a": 1}^`. */
  End,
}

/** One open (and kept) array or object; skipped containers never get a frame. */
type Frame = {
  /** The container being filled. */
  container: unknown[] | Record<string, unknown>;
  /** True for an array. */
  isArray: boolean;
  /** Entries seen so far: an array's next index. */
  count: number;
  /** Distinct keys kept so far (objects). */
  keys: number;
  /** The key waiting for its value (objects); null when none. */
  key: string | null;
  /** Where this container sits in its parent, for diagnostics. */
  slot: string | number;
};

/** How far `skip` goes. */
const enum Skip {
  /** One value: `[1, ^{"a": [2]}, 3]` stops before `, 3`. */
  Value,
  /** The rest of the open container, up to its closing bracket: `[1, 2, ^3, 4]` stops before `]`. */
  Rest,
}

/** What `scanJson` read. */
export type JsonScan = {
  /** The value read so far (`undefined` when no value began). */
  value: unknown;
  /** True when one whole value was read and only white space follows. */
  complete: boolean;
  /** The first syntax error (or trailing text), with its offset; null when there is none. */
  error: { offset: number; message: string } | null;
  /** `json_budget` diagnostics: parts of the body that were not materialized. */
  diagnostics: GenuiDiagnostic[];
};

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const HEX4 = /^[0-9a-fA-F]{4}$/;
const ESCAPES: Readonly<Record<string, string>> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

function isWhiteSpace(code: number): boolean {
  return code === Code.Space || code === Code.LineFeed || code === Code.CarriageReturn || code === Code.Tab;
}

function isNumberCharacter(code: number): boolean {
  return (code >= Code.Digit0 && code <= Code.Digit9) || code === Code.Minus || code === Code.Plus || code === Code.Dot || code === Code.LowerE || code === Code.UpperE;
}

/** The reader's state for one body. */
class JsonScanner {
  private position = 0;
  private state = State.Value;
  private readonly stack: Frame[] = [];
  private root: unknown = undefined;
  private values = 0;
  private characters = 0;
  private nextBackslash = -1;
  private readonly reported = new Set<string>();
  readonly diagnostics = new GenuiDiagnosticCollector();
  error: { offset: number; message: string } | null = null;
  /** True once the end of the text cut a token or a container short. */
  truncated = false;

  constructor(private readonly text: string) {}

  run(): JsonScan {
    const text = this.text;
    const length = text.length;
    while (this.error === null && !this.truncated) {
      while (this.position < length && isWhiteSpace(text.charCodeAt(this.position))) this.position += 1;
      if (this.position >= length) {
        if (this.state !== State.End) this.truncated = true;
        break;
      }
      const code = text.charCodeAt(this.position);
      switch (this.state) {
        case State.Value:
          this.readValue(code);
          break;
        case State.AfterValue:
          this.readAfterValue(code);
          break;
        case State.Key:
          this.readKey(code);
          break;
        case State.Colon:
          if (code === Code.Colon) {
            this.position += 1;
            this.state = State.Value;
          } else this.fail("expected ':'");
          break;
        case State.End:
          this.fail("unexpected text after the value");
          break;
      }
    }
    // Recovery: close whatever is still open, innermost first; a dangling key is simply never attached.
    while (this.stack.length > 0) this.closeContainer();
    return {
      value: this.root,
      complete: this.error === null && !this.truncated && this.state === State.End,
      error: this.error,
      diagnostics: this.diagnostics.finish(),
    };
  }

  private fail(message: string): void {
    this.error = { offset: this.position, message };
  }

  private path(): GenuiPath {
    let path = GenuiPath.root;
    for (let index = 1; index < this.stack.length; index += 1) path = path.child((this.stack[index] as Frame).slot);
    return path;
  }

  private budget(reason: string): void {
    if (this.reported.has(reason)) return;
    this.reported.add(reason);
    this.diagnostics.report("json_budget", this.path(), reason);
  }

  /** Takes one value from the budget; false (reported) when it is spent. */
  private takeValue(): boolean {
    if (this.values >= GENUI_SCAN_LIMITS.values) {
      this.budget(`more than ${GENUI_SCAN_LIMITS.values} values`);
      return false;
    }
    this.values += 1;
    return true;
  }

  /** Puts a finished value into its slot; `kept` false only counts the slot (a skipped value). */
  private attach(value: unknown, kept: boolean): void {
    const frame = this.stack[this.stack.length - 1];
    if (frame === undefined) {
      this.root = value;
      this.state = State.End;
      return;
    }
    if (frame.isArray) {
      if (kept) (frame.container as unknown[]).push(value);
    } else {
      if (kept && frame.key !== null) (frame.container as Record<string, unknown>)[frame.key] = value;
      frame.key = null;
    }
    frame.count += 1;
    this.state = State.AfterValue;
  }

  /**
   * Skips ahead without materializing or validating anything: one value, or
   * the rest of the open container. A tight loop over character codes, with
   * strings jumped over by `indexOf`, so what is not kept costs a few
   * nanoseconds a character. Stops at the end of the text (truncated).
   */
  private skip(mode: Skip): void {
    const text = this.text;
    const length = text.length;
    let position = this.position;
    let depth = 0;
    while (position < length) {
      const code = text.charCodeAt(position);
      if (code === Code.Quote) {
        position = this.stringEnd(position);
        if (position === -1) break;
        if (mode === Skip.Value && depth === 0) {
          this.position = position;
          return;
        }
        continue;
      }
      if (code === Code.OpenBrace || code === Code.OpenBracket) depth += 1;
      else if (code === Code.CloseBrace || code === Code.CloseBracket) {
        // The open container's own closer: stop before it.
        if (depth === 0) {
          this.position = position;
          return;
        }
        depth -= 1;
        if (depth === 0 && mode === Skip.Value) {
          this.position = position + 1;
          return;
        }
      } else if (code === Code.Comma && depth === 0 && mode === Skip.Value) {
        this.position = position;
        return;
      }
      position += 1;
    }
    this.position = length;
    this.truncated = true;
  }

  /** The offset after the string opening at `quote`, or -1 when the text ends inside it. */
  private stringEnd(quote: number): number {
    const text = this.text;
    let search = quote + 1;
    for (;;) {
      const close = text.indexOf('"', search);
      if (close === -1) return -1;
      let backslash = close - 1;
      while (backslash > quote && text.charCodeAt(backslash) === Code.Backslash) backslash -= 1;
      // An even run of backslashes escapes itself, not the quote.
      if ((close - 1 - backslash) % 2 === 0) return close + 1;
      search = close + 1;
    }
  }

  /** Skips one value that is not kept, and counts its slot. */
  private skipValue(): void {
    this.skip(Skip.Value);
    if (!this.truncated) this.attach(undefined, false);
  }

  /** Skips every remaining entry of the open container; its closer is read next. */
  private skipRest(): void {
    this.skip(Skip.Rest);
    this.state = State.AfterValue;
  }

  private readValue(code: number): void {
    const frame = this.stack[this.stack.length - 1];
    if (code === Code.CloseBracket && frame?.isArray && frame.count === 0) {
      this.position += 1;
      this.closeContainer();
      return;
    }
    // One entry past the largest cap is enough for the spec parser to see the cap was passed.
    if (frame?.isArray && frame.count >= GENUI_SCAN_LIMITS.arrayEntries) return this.skipRest();
    if (!this.takeValue()) return this.skipValue();
    if (code === Code.OpenBrace || code === Code.OpenBracket) {
      if (this.stack.length >= GENUI_SCAN_LIMITS.depth) {
        this.budget(`nested deeper than ${GENUI_SCAN_LIMITS.depth}`);
        return this.skipValue();
      }
      this.position += 1;
      const container = code === Code.OpenBrace ? (Object.create(null) as Record<string, unknown>) : [];
      const slot = frame === undefined ? "" : frame.isArray ? frame.count : (frame.key ?? "");
      this.stack.push({ container, isArray: code === Code.OpenBracket, count: 0, keys: 0, key: null, slot });
      this.state = code === Code.OpenBrace ? State.Key : State.Value;
      return;
    }
    if (code === Code.Quote) {
      const value = this.readString();
      if (value !== undefined) this.attach(value, true);
      return;
    }
    if (code === Code.Minus || (code >= Code.Digit0 && code <= Code.Digit9)) {
      this.readNumber();
      return;
    }
    if (code === Code.LowerT) this.readWord("true", true);
    else if (code === Code.LowerF) this.readWord("false", false);
    else if (code === Code.LowerN) this.readWord("null", null);
    else this.fail("expected a value");
  }

  private readAfterValue(code: number): void {
    const frame = this.stack[this.stack.length - 1];
    if (frame === undefined) return this.fail("unexpected text after the value");
    if (code === Code.Comma) {
      this.position += 1;
      this.state = frame.isArray ? State.Value : State.Key;
    } else if (code === (frame.isArray ? Code.CloseBracket : Code.CloseBrace)) {
      this.position += 1;
      this.closeContainer();
    } else this.fail(frame.isArray ? "expected ',' or ']'" : "expected ',' or '}'");
  }

  private readKey(code: number): void {
    const frame = this.stack[this.stack.length - 1] as Frame;
    if (code === Code.CloseBrace && frame.count === 0) {
      this.position += 1;
      this.closeContainer();
      return;
    }
    if (code !== Code.Quote) return this.fail("expected a key");
    const key = this.readString();
    // A key cut by the end of the text is dangling: it is dropped.
    if (key === undefined || this.truncated) return;
    if (!Object.hasOwn(frame.container, key)) {
      if (frame.keys >= GENUI_SCAN_LIMITS.objectKeys) {
        // Past the key budget the rest of the object is skipped, later duplicates of kept keys included.
        this.budget(`more than ${GENUI_SCAN_LIMITS.objectKeys} keys in an object`);
        return this.skipRest();
      }
      frame.keys += 1;
    }
    frame.key = key;
    this.state = State.Colon;
  }

  private closeContainer(): void {
    const frame = this.stack.pop() as Frame;
    this.attach(frame.container, true);
  }

  /** The string being read: its kept text, the units it may still keep, and the units it really has. */
  private string = { value: "", room: 0, units: 0 };

  /** Adds `text[from, to)` to the string being read, within its room. */
  private take(from: number, to: number): void {
    const string = this.string;
    if (to <= from) return;
    string.units += to - from;
    if (string.room <= 0) return;
    const end = Math.min(to, from + string.room);
    string.value += this.text.slice(from, end);
    string.room -= end - from;
  }

  /** Adds one unescaped character to the string being read, within its room. */
  private takeCharacter(character: string): void {
    const string = this.string;
    string.units += 1;
    if (string.room <= 0) return;
    string.value += character;
    string.room -= 1;
  }

  /**
   * Reads a string starting at the opening quote. Returns its text (only the
   * first `GENUI_SCAN_LIMITS.stringLength` units, fewer when the body's
   * character budget runs out), or
   * `undefined` after a syntax error. At the end of the text the string is
   * closed with what arrived and `truncated` is set.
   */
  private readString(): string | undefined {
    const text = this.text;
    const length = text.length;
    let position = this.position + 1;
    const budgetRoom = GENUI_SCAN_LIMITS.characters - this.characters;
    const cutByBudget = budgetRoom < GENUI_SCAN_LIMITS.stringLength;
    this.string = { value: "", room: Math.min(GENUI_SCAN_LIMITS.stringLength, budgetRoom), units: 0 };
    for (;;) {
      const quote = text.indexOf('"', position);
      if (this.nextBackslash !== -2 && this.nextBackslash < position) {
        this.nextBackslash = text.indexOf("\\", position);
        // -2: no backslash anywhere after here, so stop searching for one.
        if (this.nextBackslash === -1) this.nextBackslash = -2;
      }
      const backslash = this.nextBackslash;
      if (backslash >= 0 && (quote === -1 || backslash < quote)) {
        this.take(position, backslash);
        if (backslash + 1 >= length) {
          this.position = length;
          this.truncated = true;
          break;
        }
        const escaped = text.charAt(backslash + 1);
        if (escaped === "u") {
          if (backslash + 6 > length) {
            this.position = length;
            this.truncated = true;
            break;
          }
          const hex = text.slice(backslash + 2, backslash + 6);
          if (!HEX4.test(hex)) {
            this.position = backslash;
            this.fail("invalid \\u escape");
            return undefined;
          }
          this.takeCharacter(String.fromCharCode(parseInt(hex, 16)));
          position = backslash + 6;
        } else {
          const replacement = ESCAPES[escaped];
          if (replacement === undefined) {
            this.position = backslash;
            this.fail("invalid escape");
            return undefined;
          }
          this.takeCharacter(replacement);
          position = backslash + 2;
        }
        continue;
      }
      if (quote === -1) {
        this.take(position, length);
        this.position = length;
        this.truncated = true;
        break;
      }
      this.take(position, quote);
      this.position = quote + 1;
      break;
    }
    const { value, units } = this.string;
    this.characters += value.length;
    if (cutByBudget && units > value.length) this.budget(`more than ${GENUI_SCAN_LIMITS.characters} characters of text`);
    return value;
  }

  private readNumber(): void {
    const text = this.text;
    const start = this.position;
    let position = start;
    while (position < text.length && isNumberCharacter(text.charCodeAt(position))) position += 1;
    if (position >= text.length) {
      // The number may still grow ("12" → "125"): a partial literal is dropped.
      this.position = position;
      this.truncated = true;
      return;
    }
    const length = position - start;
    if (length > GENUI_SCAN_LIMITS.numberLength) {
      this.position = position;
      this.attach(Number.NaN, true);
      return;
    }
    const token = text.slice(start, position);
    if (!NUMBER.test(token)) return this.fail("invalid number");
    this.position = position;
    this.attach(Number(token), true);
  }

  private readWord(word: string, value: boolean | null): void {
    const text = this.text;
    const rest = text.length - this.position;
    if (rest < word.length) {
      if (word.startsWith(text.slice(this.position))) {
        this.position = text.length;
        this.truncated = true;
      } else this.fail("expected a value");
      return;
    }
    if (!text.startsWith(word, this.position)) return this.fail("expected a value");
    this.position += word.length;
    this.attach(value, true);
  }
}

/** Reads a fence body as JSON, tolerantly and within `GENUI_SCAN_LIMITS`; never throws. */
export function scanJson(text: string): JsonScan {
  return new JsonScanner(text).run();
}
