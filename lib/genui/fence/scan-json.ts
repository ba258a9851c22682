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
 *   (`GENUI_SCAN_LIMITS`: one past each cap), so a 5 MB body costs one
 *   linear scan and bounded memory. Objects have a null prototype, so a
 *   `__proto__` key is an ordinary own key for the spec parser to strip.
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

/** One open array or object. */
type Frame = {
  /** The container being filled, or null when its contents are not kept. */
  container: unknown[] | Record<string, unknown> | null;
  /** True for an array. */
  isArray: boolean;
  /** Entries seen so far (kept or not): an array's next index. */
  count: number;
  /** Distinct keys kept so far (objects). */
  keys: number;
  /** The key waiting for its value (objects); null when none. */
  key: string | null;
  /** True when the value for `key` is not kept (over the key budget). */
  skipKey: boolean;
  /** Where this container sits in its parent, for diagnostics. */
  slot: string | number;
};

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

  /** True when the value about to begin will be kept. */
  private slotKept(): boolean {
    const frame = this.stack[this.stack.length - 1];
    if (frame === undefined) return true;
    if (frame.container === null) return false;
    if (frame.isArray) return frame.count < GENUI_SCAN_LIMITS.arrayEntries;
    return !frame.skipKey;
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

  /** Puts a finished value into its slot (or drops it when the slot is not kept). */
  private attach(value: unknown, kept: boolean): void {
    const frame = this.stack[this.stack.length - 1];
    if (frame === undefined) {
      this.root = value;
      this.state = State.End;
      return;
    }
    if (frame.isArray) {
      if (kept && frame.container !== null) (frame.container as unknown[]).push(value);
      frame.count += 1;
    } else {
      if (kept && frame.container !== null && frame.key !== null) (frame.container as Record<string, unknown>)[frame.key] = value;
      frame.key = null;
      frame.count += 1;
    }
    this.state = State.AfterValue;
  }

  private readValue(code: number): void {
    const frame = this.stack[this.stack.length - 1];
    if (code === Code.CloseBracket && frame?.isArray && frame.count === 0) {
      this.position += 1;
      this.closeContainer();
      return;
    }
    const kept = this.slotKept() && this.takeValue();
    if (code === Code.OpenBrace || code === Code.OpenBracket) {
      this.position += 1;
      let container: Frame["container"] = null;
      if (kept && this.stack.length >= GENUI_SCAN_LIMITS.depth) this.budget(`nested deeper than ${GENUI_SCAN_LIMITS.depth}`);
      else if (kept) container = code === Code.OpenBrace ? (Object.create(null) as Record<string, unknown>) : [];
      const slot = frame === undefined ? "" : frame.isArray ? frame.count : (frame.key ?? "");
      this.stack.push({ container, isArray: code === Code.OpenBracket, count: 0, keys: 0, key: null, skipKey: false, slot });
      this.state = code === Code.OpenBrace ? State.Key : State.Value;
      return;
    }
    if (code === Code.Quote) {
      const value = this.readString(kept);
      if (value !== undefined) this.attach(value, kept);
      return;
    }
    if (code === Code.Minus || (code >= Code.Digit0 && code <= Code.Digit9)) {
      this.readNumber(kept);
      return;
    }
    if (code === Code.LowerT) this.readWord("true", true, kept);
    else if (code === Code.LowerF) this.readWord("false", false, kept);
    else if (code === Code.LowerN) this.readWord("null", null, kept);
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
    const keptContainer = frame.container !== null;
    const key = this.readString(keptContainer);
    // A key cut by the end of the text is dangling: it is dropped.
    if (key === undefined || this.truncated) return;
    frame.key = key;
    frame.skipKey = false;
    if (keptContainer && !Object.hasOwn(frame.container as object, key)) {
      if (frame.keys >= GENUI_SCAN_LIMITS.objectKeys) {
        frame.skipKey = true;
        this.budget(`more than ${GENUI_SCAN_LIMITS.objectKeys} keys in an object`);
      } else frame.keys += 1;
    }
    this.state = State.Colon;
  }

  private closeContainer(): void {
    const frame = this.stack.pop() as Frame;
    this.attach(frame.container, frame.container !== null);
  }

  /**
   * Reads a string starting at the opening quote. Returns its text (only the
   * first `GENUI_SCAN_LIMITS.stringLength` units when kept, "" when not), or
   * `undefined` after a syntax error. At the end of the text the string is
   * closed with what arrived and `truncated` is set.
   */
  private readString(kept: boolean): string | undefined {
    const text = this.text;
    const length = text.length;
    let position = this.position + 1;
    let value = "";
    const budgetRoom = GENUI_SCAN_LIMITS.characters - this.characters;
    let room = kept ? Math.min(GENUI_SCAN_LIMITS.stringLength, budgetRoom) : 0;
    const cutByBudget = kept && budgetRoom < GENUI_SCAN_LIMITS.stringLength;
    // Units the string really has, to tell a string cut by the fence budget from one that fitted.
    let units = 0;
    const take = (from: number, to: number): void => {
      units += Math.max(0, to - from);
      if (room <= 0 || to <= from) return;
      const end = Math.min(to, from + room);
      value += text.slice(from, end);
      room -= end - from;
    };
    for (;;) {
      const quote = text.indexOf('"', position);
      if (this.nextBackslash !== -2 && this.nextBackslash < position) {
        this.nextBackslash = text.indexOf("\\", position);
        // -2: no backslash anywhere after here, so stop searching for one.
        if (this.nextBackslash === -1) this.nextBackslash = -2;
      }
      const backslash = this.nextBackslash;
      if (backslash >= 0 && (quote === -1 || backslash < quote)) {
        take(position, backslash);
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
          units += 1;
          if (room > 0) {
            value += String.fromCharCode(parseInt(hex, 16));
            room -= 1;
          }
          position = backslash + 6;
        } else {
          const replacement = ESCAPES[escaped];
          if (replacement === undefined) {
            this.position = backslash;
            this.fail("invalid escape");
            return undefined;
          }
          units += 1;
          if (room > 0) {
            value += replacement;
            room -= 1;
          }
          position = backslash + 2;
        }
        continue;
      }
      if (quote === -1) {
        take(position, length);
        this.position = length;
        this.truncated = true;
        break;
      }
      take(position, quote);
      this.position = quote + 1;
      break;
    }
    if (kept) this.characters += value.length;
    if (cutByBudget && units > value.length) this.budget(`more than ${GENUI_SCAN_LIMITS.characters} characters of text`);
    return value;
  }

  private readNumber(kept: boolean): void {
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
      this.attach(Number.NaN, kept);
      return;
    }
    const token = text.slice(start, position);
    if (!NUMBER.test(token)) return this.fail("invalid number");
    this.position = position;
    this.attach(Number(token), kept);
  }

  private readWord(word: string, value: boolean | null, kept: boolean): void {
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
    this.attach(value, kept);
  }
}

/** Reads a fence body as JSON, tolerantly and within `GENUI_SCAN_LIMITS`; never throws. */
export function scanJson(text: string): JsonScan {
  return new JsonScanner(text).run();
}
