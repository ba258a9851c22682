/**
 * The incremental parser of a UI block body: a tokenizer state machine
 * (htmlparser2's `Tokenizer`, Svelte's parse states) that builds the syntax
 * tree as it goes, and keeps all of its state between calls, so a streamed
 * body is read once: `feed` takes the longer body and continues where it
 * stopped, even inside a tag, a quoted prop, an expression or a code block.
 *
 * What is stable is never touched again: a node is appended to its parent
 * when it is complete (an element when its start tag is), and only the open
 * elements (the path from the top level to the innermost open one) change
 * later, by gaining children and by closing. What is still being read — a
 * text run, a start tag, a quoted prop — is not in the tree: `state(final)`
 * describes it as a tail without changing anything, so the same parser can
 * give a preview now and continue later.
 *
 * Recovery is explicit (jsonc-parser's `handleError`): every malformed piece
 * gives one diagnostic and the parser resumes at a named point — a stray `<`
 * stays text; a bad prop is skipped to the next space, `>`, `/` or `<`; a
 * start tag cut by a `<` ends there; a closing tag with no open element is
 * dropped; a closing tag of an outer element closes the inner ones; an
 * expression or declaration whose brackets never close ends where a line
 * starts with a tag.
 */
import { UI_CATALOG } from "../catalog/catalog";
import type { UiCatalogEntry } from "../catalog/entry";
import type { UiDiagnosticCode } from "../diagnostics/codes";
import { uiDiagnosticMessage } from "../diagnostics/codes";
import type { UiDiagnostic, UiRange } from "../envelope/schema";
import { safeKey, type UiValue } from "../expression/value";
import type { UiFailureCode } from "../diagnostics/codes";
import { resolveUiLimits, type UiLimitName, type UiLimits } from "../limits";
import { readUiConstantAt } from "./constant";
import { joinUiTextLine, skipLineSpaceBackward, skipLineSpaceForward, uiTextLine } from "./text-run";
import type {
  UiSyntaxComment,
  UiSyntaxDeclaration,
  UiSyntaxElement,
  UiSyntaxInterpolation,
  UiSyntaxNode,
  UiSyntaxProp,
  UiSyntaxText,
} from "./types";

/** Character codes the tokenizer dispatches on. */
const enum Code {
  Tab = 9,
  LineFeed = 10,
  CarriageReturn = 13,
  Space = 32,
  /** `"` */
  DoubleQuote = 34,
  /** `$` */
  Dollar = 36,
  /** `'` */
  SingleQuote = 39,
  /** `(` */
  OpenParenthesis = 40,
  /** `)` */
  CloseParenthesis = 41,
  /** `*` */
  Asterisk = 42,
  /** `-` */
  Dash = 45,
  /** `.` */
  Dot = 46,
  /** `/` */
  Slash = 47,
  Digit0 = 48,
  Digit9 = 57,
  /** `:` */
  Colon = 58,
  /** `<` */
  LessThan = 60,
  /** `=` */
  Equals = 61,
  /** `>` */
  GreaterThan = 62,
  UpperA = 65,
  UpperF = 70,
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
  LowerF = 102,
  LowerN = 110,
  LowerR = 114,
  LowerT = 116,
  LowerU = 117,
  LowerZ = 122,
  /** `{` */
  OpenBrace = 123,
  /** `}` */
  CloseBrace = 125,
}

/**
 * The tokenizer's states. Each comment shows a sample with a caret under the
 * character the state handles.
 */
const enum State {
  /**
   * Between tokens and in text.
   * `<Summary>Two runs failed</Summary>`
   * `          ^`
   */
  Content,
  /**
   * After `<`: a tag name, `/`, or a stray `<` that stays text.
   * `<Stat label="x"/>`
   * ` ^`
   */
  TagOpen,
  /**
   * In a start tag's name.
   * `<Stat label="x"/>`
   * `  ^`
   */
  TagName,
  /**
   * Between props of a start tag.
   * `<Stat label="x" value={1}/>`
   * `               ^`
   */
  BeforeProp,
  /**
   * In a prop name.
   * `<Stat label="x"/>`
   * `       ^`
   */
  PropName,
  /**
   * After a prop name: `=` or the next prop (then it was a flag).
   * `<Table sortable rows={$rows}>`
   * `               ^`
   */
  AfterPropName,
  /**
   * After `=`: a quoted string or a braced expression.
   * `<Stat label="x"/>`
   * `            ^`
   */
  BeforePropValue,
  /**
   * Inside a quoted prop value.
   * `<Callout title="Deploy failed">`
   * `                 ^`
   */
  PropString,
  /**
   * After a backslash in a quoted prop value.
   * `<Callout title="Say \"hi\"">`
   * `                     ^`
   */
  PropStringEscape,
  /**
   * Inside `\u{…}` in a quoted prop value.
   * `<Tag>… title="\u{1F600}"`
   * `                 ^`
   */
  PropStringUnicode,
  /**
   * After `/` in a start tag: `>` must follow (after spaces, if any).
   * `<Stat label="x"/>`
   * `                ^`
   */
  SelfClosingSlash,
  /**
   * Skipping a malformed prop up to the next space, `>`, `/` or `<`.
   * `<Stat value=12 label="x"/>`
   * `             ^`
   */
  SkipBadProp,
  /**
   * After `</`: a closing tag's name, or a stray `</` that stays text.
   * `</Stats>`
   * `  ^`
   */
  CloseTagOpen,
  /**
   * In a closing tag's name.
   * `</Stats>`
   * `   ^`
   */
  CloseTagName,
  /**
   * After a closing tag's name: `>`.
   * `</Stats >`
   * `       ^`
   */
  AfterCloseTagName,
  /**
   * Skipping the junk of a malformed closing tag up to `>`, `<` or a line break.
   * `</Stats junk>`
   * `        ^`
   */
  SkipBadCloseTag,
  /**
   * After `{` among children: a comment or an expression.
   * `<Summary>{@Count($runs)} runs</Summary>`
   * `          ^`
   */
  BraceOpen,
  /**
   * After `{/`: `*` starts a comment.
   * `{/* note *\/}`
   * `  ^`
   */
  BraceSlash,
  /**
   * Inside a comment.
   * `{/* note *\/}`
   * `    ^`
   */
  Comment,
  /**
   * After a comment's `*\/`: the closing brace.
   * `{/* note *\/}`
   * `           ^`
   */
  CommentEnd,
  /**
   * Inside a braced expression (prop value, interpolation) or a declaration's
   * right-hand side: brackets and strings are matched to find its end.
   * `<Stat value={@Count($runs)}/>`
   * `                    ^`
   */
  Expression,
  /**
   * Inside a string within an expression.
   * `<Stat value={$a + "}"}/>`
   * `                   ^`
   */
  ExpressionString,
  /**
   * After a backslash in a string within an expression.
   * `<Stat value={"a\"b"}/>`
   * `                ^`
   */
  ExpressionStringEscape,
  /**
   * After a line break inside an open expression, on the line's indentation:
   * a line that starts with a tag ends the expression (its closing bracket is
   * missing), anything else continues it.
   * `$rows = [1, 2,`
   * `<Table rows={$rows}/>`
   * `^`
   */
  ExpressionLineStart,
  /**
   * After `<` at the start of a line inside an open expression.
   * `<Table rows={$rows}/>`
   * ` ^`
   */
  ExpressionLineAngle,
  /**
   * A literal body (`CodeBlock`, `Diagram`), up to its closing tag.
   * `<CodeBlock lang="ts">if (a < b) {}</CodeBlock>`
   * `                      ^`
   */
  Literal,
  /**
   * After `$` at the start of a top-level line: the declared name.
   * `$failedOnly = false`
   * ` ^`
   */
  DeclarationName,
  /**
   * After a declared name: `=`.
   * `$failedOnly = false`
   * `           ^`
   */
  AfterDeclarationName,
  /**
   * Skipping the rest of a malformed declaration's line.
   * `$1 = 2`
   * `  ^`
   */
  DeclarationSkip,
  /** A budget failure ended parsing; nothing more is read. */
  Stopped,
}

/** What an expression being scanned belongs to. */
const enum ExpressionOwner {
  /** `prop={…}`: ends at the matching `}`. */
  Prop,
  /** `{…}` among children: ends at the matching `}`. */
  Interpolation,
  /** `$name = …`: ends at a line break outside brackets. */
  Declaration,
}

/**
 * Characters parsed between two readings of the clock: reading it costs far
 * more than a character, and 16 K characters take microseconds.
 */
const CLOCK_INTERVAL_CHARACTERS = 16_384;

/**
 * The longest tag, prop or declared name: longer than any component or prop
 * of the catalog, and short enough for node types (100) and record keys (200)
 * on the wire.
 */
export const MAXIMUM_NAME_LENGTH = 64;

/** Props of one tag: more than any component has, and it bounds what one start tag can make the compiler do. */
export const MAXIMUM_PROPS = 64;

/** The longest detail a diagnostic's message carries (messages are bounded on the wire). */
const MAXIMUM_DETAIL_LENGTH = 200;

/** A detail shortened to `MAXIMUM_DETAIL_LENGTH`. */
export function boundDetail(detail: string | undefined): string | undefined {
  return detail !== undefined && detail.length > MAXIMUM_DETAIL_LENGTH ? `${detail.slice(0, MAXIMUM_DETAIL_LENGTH - 1)}…` : detail;
}

/** The longest `\u{…}` escape: six hex digits reach U+10FFFF. */
const MAXIMUM_UNICODE_ESCAPE_DIGITS = 6;

/** Values of data literals the parser read while finding their end, by the prop or declaration holding them. */
const SYNTAX_CONSTANTS = new WeakMap<UiSyntaxProp | UiSyntaxDeclaration, { value: UiValue }>();

/**
 * The value of a prop's or declaration's expression when the parser already
 * read it as a data literal; undefined otherwise (it may still be one: a
 * streamed literal is read when it compiles).
 */
export function uiSyntaxConstant(holder: UiSyntaxProp | UiSyntaxDeclaration): { value: UiValue } | undefined {
  return SYNTAX_CONSTANTS.get(holder);
}

/** The names whose body is literal text by default: the catalog's components with a `literal` child rule (`CodeBlock`, `Diagram`). */
export const UI_LITERAL_ELEMENTS: ReadonlySet<string> = new Set(
  Object.entries(UI_CATALOG as Readonly<Record<string, UiCatalogEntry>>)
    .filter(([, entry]) => entry.children.kind === "literal")
    .map(([name]) => name),
);

/** Options of `UiSyntaxParser` and `parseUiSyntax`. */
export type UiSyntaxOptions = {
  /** Overrides of `UI_LIMITS` (characters, nesting, nodes, diagnostics, elapsedMs are used here). */
  limits?: UiLimits;
  /** The clock for the time budget, in milliseconds (default `performance.now`). */
  now?: () => number;
  /** Element names whose body is literal text (default `UI_LITERAL_ELEMENTS`). */
  literalElements?: ReadonlySet<string>;
};

/** One open element and the start tags refused inside it for being too deep. */
type Frame = {
  element: UiSyntaxElement | null;
  children: UiSyntaxNode[];
  /** Names of start tags refused for depth, whose closing tags must be skipped quietly. */
  refused: string[];
};

/** A start tag being read. */
type PendingTag = {
  start: number;
  name: string;
  nameRange: UiRange;
  props: UiSyntaxProp[];
  /** Set once a prop past `MAXIMUM_PROPS` was refused (it is reported once). */
  tooManyProps?: boolean;
};

/** The parser's state as seen from outside: the stable tree plus a description of what is still being read. */
export type UiSyntaxState = {
  /** Complete declarations in source order (first of a name only). */
  declarations: readonly UiSyntaxDeclaration[];
  /** In a final state, a declaration that ran to the end of the input. */
  pendingDeclaration: UiSyntaxDeclaration | null;
  /** Top-level nodes; the last one may be open (it is then `open[0]`). */
  nodes: readonly UiSyntaxNode[];
  /** The open elements from the outermost in; each is the last child of the one before (or the last top-level node). */
  open: readonly UiSyntaxElement[];
  /** What is still being read, to stand after the innermost open element's children (or the top-level nodes). */
  tail: readonly UiSyntaxNode[];
  /** The innermost open element's literal text so far, when it is a `CodeBlock`/`Diagram`. */
  literal: { text: string; range: UiRange } | null;
  /** Diagnostics of what is stable, in source order. */
  diagnostics: readonly UiDiagnostic[];
  /** Diagnostics of the tail (and, in a final state, of everything left unfinished). */
  tailDiagnostics: readonly UiDiagnostic[];
  /** Diagnostics left out past `limits.diagnostics`. */
  omittedDiagnostics: number;
  /** Set when a budget ended parsing (`budget_characters`, `budget_nodes`, `budget_time`). */
  failure: UiFailureCode | null;
  /** Nodes counted so far (elements, text runs, interpolations), tail included. */
  nodeCount: number;
  /** True when nothing is left open. */
  complete: boolean;
  /** The length of the input parsed. */
  length: number;
};

/** Parses a UI block body incrementally: `feed` a growing body, read `state` at any time. */
export class UiSyntaxParser {
  private readonly limits: Readonly<Record<UiLimitName, number>>;
  private readonly now: () => number;
  private readonly literalElements: ReadonlySet<string>;

  private source = "";
  private position = 0;
  private state: State = State.Content;
  private failure: UiFailureCode | null = null;
  private clockCheckedAt = 0;

  private readonly root: Frame = { element: null, children: [], refused: [] };
  private readonly frames: Frame[] = [this.root];
  private readonly declarations: UiSyntaxDeclaration[] = [];
  private readonly declared = new Set<string>();
  private readonly diagnostics: UiDiagnostic[] = [];
  private omittedDiagnostics = 0;
  private nodeCount = 0;

  /** True while the current top-level line holds only spaces so far: a `$` there starts a declaration. */
  private lineBlank = true;

  // The text run being read.
  private runStart = -1;
  private runText = "";
  private runLineStart = 0;
  private runFirstLine = true;

  // The tag being read.
  private tag: PendingTag | null = null;
  private tagStart = 0;
  private propStart = 0;
  private propName = "";
  private propNameEnd = 0;
  private propQuote = 0;
  private propValueStart = 0;
  private propDecoded = "";
  private propSegmentStart = 0;
  private escapeStart = 0;
  private unicodeDigits = "";
  private unicodeOpened = false;
  private closeName = "";
  private closeNameStart = 0;

  // The expression being read (prop, interpolation, declaration).
  private expressionOwner: ExpressionOwner = ExpressionOwner.Prop;
  private expressionStart = 0;
  private expressionDepth = 0;
  private expressionQuote = 0;
  /** Where the current line's indentation started inside an open expression (the line break's offset). */
  private expressionLineBreak = 0;
  private braceStart = 0;

  // The comment being read.
  private commentStart = 0;
  private commentTextStart = 0;
  private commentTextEnd = 0;
  private commentSearch = 0;

  // The literal body being read.
  private literalStart = 0;
  private literalSearch = 0;
  private literalCloser = "";

  // The declaration being read.
  private declarationStart = 0;
  private declarationNameEnd = 0;

  /** Prepares a parser; nothing is read until `feed`. */
  constructor(options: UiSyntaxOptions = {}) {
    this.limits = resolveUiLimits(options.limits);
    this.now = options.now ?? (() => globalThis.performance.now());
    this.literalElements = options.literalElements ?? UI_LITERAL_ELEMENTS;
  }

  /**
   * Reads `source`, which must begin with everything fed before (the caller
   * checks), from where the last call stopped. `deadline` (by this parser's
   * clock) ends parsing with a `budget_time` failure when passed.
   */
  feed(source: string, deadline = Number.POSITIVE_INFINITY): void {
    this.source = source;
    if (this.failure) return;
    if (source.length > this.limits.characters) {
      this.fail("budget_characters");
      return;
    }
    this.clockCheckedAt = this.position;
    try {
      this.run(deadline);
    } catch (caught) {
      // A stack overflow or an engine error must not escape; the block is refused whole.
      this.fail(caught instanceof RangeError ? "budget_depth" : "internal");
    }
  }

  private fail(code: UiFailureCode): void {
    this.failure = code;
    this.state = State.Stopped;
  }

  // -- diagnostics ------------------------------------------------------------

  private report(code: UiDiagnosticCode, start: number, end: number, detail?: string): void {
    if (this.diagnostics.length >= this.limits.diagnostics) {
      this.omittedDiagnostics++;
      return;
    }
    this.diagnostics.push({ code, message: uiDiagnosticMessage(code, boundDetail(detail)), range: { start, end } });
  }

  // -- the tree ---------------------------------------------------------------

  private get top(): Frame {
    return this.frames[this.frames.length - 1] as Frame;
  }

  /** Counts one node; false (and parsing ends) past `limits.nodes`. */
  private countNode(): boolean {
    this.nodeCount++;
    if (this.nodeCount > this.limits.nodes) {
      this.fail("budget_nodes");
      return false;
    }
    return true;
  }

  private append(node: UiSyntaxNode): void {
    if (node.kind !== "comment" && !this.countNode()) return;
    this.top.children.push(node);
  }

  // -- text runs ----------------------------------------------------------------

  private startRun(at: number): void {
    this.runStart = at;
    this.runText = "";
    this.runLineStart = at;
    this.runFirstLine = true;
  }

  /** A line break at `at` inside the run: the line before it is done. */
  private runLineBreak(at: number): void {
    this.runText = joinUiTextLine(this.runText, uiTextLine(this.source, this.runLineStart, at, this.runFirstLine, false));
    this.runLineStart = at + 1;
    this.runFirstLine = false;
  }

  /** The run's text if it ended at `end` (changes nothing). */
  private runTextUntil(end: number): string {
    return joinUiTextLine(this.runText, uiTextLine(this.source, this.runLineStart, end, this.runFirstLine, true));
  }

  /** Ends the run at `end`; a run that normalises to nothing is dropped. */
  private endRun(end: number): void {
    if (this.runStart < 0) return;
    const text = this.runTextUntil(end);
    const start = this.runStart;
    this.runStart = -1;
    if (text.length === 0) return;
    const node: UiSyntaxText = { kind: "text", text, range: { start, end }, complete: true };
    this.append(node);
  }

  // -- the state machine --------------------------------------------------------

  private run(deadline: number): void {
    const source = this.source;
    const length = source.length;
    let index = this.position;
    while (index < length) {
      if (index - this.clockCheckedAt >= CLOCK_INTERVAL_CHARACTERS) {
        this.clockCheckedAt = index;
        if (this.now() > deadline) {
          this.position = index;
          this.fail("budget_time");
          return;
        }
      }
      switch (this.state) {
        case State.Content:
          index = this.content(index);
          break;
        case State.TagOpen:
          index = this.tagOpen(index);
          break;
        case State.TagName: {
          let cursor = index;
          while (cursor < length && isNameCharacter(source.charCodeAt(cursor))) cursor++;
          if (cursor < length) {
            const tag = this.tag as PendingTag;
            if (cursor - tag.nameRange.start > MAXIMUM_NAME_LENGTH) {
              this.tooLongTagName();
            } else {
              tag.name = source.slice(tag.nameRange.start, cursor);
              tag.nameRange.end = cursor;
              this.state = State.BeforeProp;
            }
          }
          index = cursor;
          break;
        }
        case State.BeforeProp:
          index = this.beforeProp(index);
          break;
        case State.PropName: {
          let cursor = index;
          while (cursor < length && isNameCharacter(source.charCodeAt(cursor))) cursor++;
          if (cursor < length) {
            this.propName = source.slice(this.propStart, cursor);
            this.propNameEnd = cursor;
            this.state = State.AfterPropName;
          }
          index = cursor;
          break;
        }
        case State.AfterPropName: {
          const code = source.charCodeAt(index);
          if (isWhitespace(code)) index++;
          else if (code === Code.Equals) {
            this.state = State.BeforePropValue;
            index++;
          } else {
            this.addProp("flag", "", { start: this.propStart, end: this.propNameEnd }, this.propNameEnd, true);
            this.state = State.BeforeProp;
          }
          break;
        }
        case State.BeforePropValue: {
          const code = source.charCodeAt(index);
          if (isWhitespace(code)) index++;
          else if (code === Code.DoubleQuote || code === Code.SingleQuote) {
            this.propQuote = code;
            this.propValueStart = index + 1;
            this.propDecoded = "";
            this.propSegmentStart = index + 1;
            this.state = State.PropString;
            index++;
          } else if (code === Code.OpenBrace) {
            index = this.beginValue(ExpressionOwner.Prop, index + 1);
          } else {
            this.report("malformed_prop", this.propStart, index + 1, `${this.propName}= needs "text" or {expression}`);
            this.state = State.SkipBadProp;
          }
          break;
        }
        case State.PropString:
          index = this.propString(index);
          break;
        case State.PropStringEscape:
          index = this.propStringEscape(index);
          break;
        case State.PropStringUnicode:
          index = this.propStringUnicode(index);
          break;
        case State.SelfClosingSlash:
          if (source.charCodeAt(index) === Code.GreaterThan) {
            this.endStartTag(index + 1, true);
            index++;
          } else if (isWhitespace(source.charCodeAt(index))) {
            // `/ >`: spaces before the `>` change nothing.
            index++;
          } else {
            this.report("malformed_prop", this.propStart, this.propStart + 1, "a '/' in a tag must be followed by '>'");
            this.state = State.BeforeProp;
          }
          break;
        case State.SkipBadProp: {
          let cursor = index;
          while (cursor < length) {
            const code = source.charCodeAt(cursor);
            if (isWhitespace(code) || code === Code.GreaterThan || code === Code.Slash || code === Code.LessThan) break;
            cursor++;
          }
          if (cursor < length) this.state = State.BeforeProp;
          index = cursor;
          break;
        }
        case State.CloseTagOpen: {
          const code = source.charCodeAt(index);
          if (isNameStart(code)) {
            this.endRun(this.tagStart);
            this.closeNameStart = index;
            this.state = State.CloseTagName;
          } else {
            this.strayAngle(this.tagStart, "'</' must be followed by a tag name");
          }
          break;
        }
        case State.CloseTagName: {
          let cursor = index;
          while (cursor < length && isNameCharacter(source.charCodeAt(cursor))) cursor++;
          if (cursor < length) {
            this.closeName = source.slice(this.closeNameStart, cursor);
            this.state = State.AfterCloseTagName;
          }
          index = cursor;
          break;
        }
        case State.AfterCloseTagName: {
          const code = source.charCodeAt(index);
          if (isWhitespace(code)) index++;
          else if (code === Code.GreaterThan) {
            this.closeTag(index + 1);
            index++;
          } else {
            this.report("malformed_tag", this.tagStart, index + 1, `</${this.closeName}> takes nothing after its name`);
            this.state = State.SkipBadCloseTag;
          }
          break;
        }
        case State.SkipBadCloseTag: {
          let cursor = index;
          while (cursor < length) {
            const code = source.charCodeAt(cursor);
            if (code === Code.GreaterThan || code === Code.LessThan || code === Code.LineFeed) break;
            cursor++;
          }
          if (cursor < length) {
            const consumed = source.charCodeAt(cursor) === Code.GreaterThan ? cursor + 1 : cursor;
            this.closeTag(consumed);
            index = consumed;
          } else index = cursor;
          break;
        }
        case State.BraceOpen: {
          const code = source.charCodeAt(index);
          if (isWhitespace(code)) index++;
          else if (code === Code.Slash) {
            this.state = State.BraceSlash;
            index++;
          } else if (code === Code.CloseBrace) {
            // `{}` or `{ }`: an empty expression, as in JSX; nothing to show.
            this.state = State.Content;
            this.lineBlank = false;
            index++;
          } else {
            this.beginExpression(ExpressionOwner.Interpolation, this.braceStart + 1);
          }
          break;
        }
        case State.BraceSlash:
          if (source.charCodeAt(index) === Code.Asterisk) {
            this.commentStart = this.braceStart;
            this.commentTextStart = index + 1;
            this.commentSearch = index + 1;
            this.state = State.Comment;
            index++;
          } else {
            this.beginExpression(ExpressionOwner.Interpolation, this.braceStart + 1);
          }
          break;
        case State.Comment: {
          const end = source.indexOf("*/", this.commentSearch);
          if (end < 0) {
            this.commentSearch = Math.max(this.commentTextStart, length - 1);
            index = length;
          } else {
            this.commentTextEnd = end;
            this.state = State.CommentEnd;
            index = end + 2;
          }
          break;
        }
        case State.CommentEnd: {
          const code = source.charCodeAt(index);
          if (isWhitespace(code)) index++;
          else {
            const closed = code === Code.CloseBrace;
            const end = closed ? index + 1 : this.commentTextEnd + 2;
            if (!closed) this.report("malformed_comment", this.commentStart, end);
            const comment: UiSyntaxComment = {
              kind: "comment",
              text: source.slice(this.commentTextStart, this.commentTextEnd),
              range: { start: this.commentStart, end },
              complete: true,
            };
            this.append(comment);
            this.state = State.Content;
            this.lineBlank = false;
            if (closed) index++;
          }
          break;
        }
        case State.Expression:
          index = this.expression(index);
          break;
        case State.ExpressionString: {
          let cursor = index;
          while (cursor < length) {
            const code = source.charCodeAt(cursor);
            if (code === this.expressionQuote) {
              this.state = State.Expression;
              cursor++;
              break;
            }
            if (code === Code.Backslash) {
              this.state = State.ExpressionStringEscape;
              cursor++;
              break;
            }
            if (code === Code.LineFeed) {
              // A string in an expression never spans lines: the quote was
              // missing. Leave the string here and let the expression parser say so.
              this.state = State.Expression;
              break;
            }
            cursor++;
          }
          index = cursor;
          break;
        }
        case State.ExpressionStringEscape:
          this.state = State.ExpressionString;
          if (source.charCodeAt(index) !== Code.LineFeed) index++;
          break;
        case State.ExpressionLineStart: {
          const code = source.charCodeAt(index);
          if (code === Code.Space || code === Code.Tab || code === Code.CarriageReturn) index++;
          else if (code === Code.LessThan) {
            this.state = State.ExpressionLineAngle;
            index++;
          } else this.state = State.Expression;
          break;
        }
        case State.ExpressionLineAngle: {
          const code = source.charCodeAt(index);
          if (isNameStart(code) || code === Code.Slash) index = this.cutExpression(index - 1);
          else this.state = State.Expression;
          break;
        }
        case State.Literal:
          index = this.literal();
          break;
        case State.DeclarationName: {
          let cursor = index;
          if (cursor === this.declarationStart + 1 && !isDeclarationNameStart(source.charCodeAt(cursor))) {
            this.report("invalid_declaration", this.declarationStart, cursor + 1, "a name starts with a letter or '_'");
            this.state = State.DeclarationSkip;
            break;
          }
          while (cursor < length && isDeclarationNameCharacter(source.charCodeAt(cursor))) cursor++;
          if (cursor < length) {
            this.declarationNameEnd = cursor;
            this.state = State.AfterDeclarationName;
          }
          index = cursor;
          break;
        }
        case State.AfterDeclarationName: {
          const code = source.charCodeAt(index);
          if (code === Code.Space || code === Code.Tab) index++;
          else if (code === Code.Equals) {
            index = this.beginValue(ExpressionOwner.Declaration, index + 1);
          } else {
            this.report("invalid_declaration", this.declarationStart, index, "expected '=' after the name");
            this.state = State.DeclarationSkip;
          }
          break;
        }
        case State.DeclarationSkip: {
          const lineFeed = source.indexOf("\n", index);
          if (lineFeed < 0) index = length;
          else {
            this.state = State.Content;
            index = lineFeed;
          }
          break;
        }
        case State.Stopped:
          this.position = index;
          return;
      }
    }
    this.position = index;
  }

  /** `Content`: text up to the next `<`, `{`, or top-level `$` at a line start. */
  private content(start: number): number {
    const source = this.source;
    const length = source.length;
    const topLevel = this.frames.length === 1;
    for (let index = start; index < length; index++) {
      const code = source.charCodeAt(index);
      if (code === Code.LessThan) {
        if (this.runStart < 0) this.startRun(index);
        this.tagStart = index;
        this.state = State.TagOpen;
        return index + 1;
      }
      if (code === Code.OpenBrace) {
        this.endRun(index);
        this.braceStart = index;
        this.state = State.BraceOpen;
        this.lineBlank = false;
        return index + 1;
      }
      if (code === Code.LineFeed) {
        if (this.runStart < 0) this.startRun(index);
        this.runLineBreak(index);
        this.lineBlank = true;
        continue;
      }
      if (code === Code.Dollar && topLevel && this.lineBlank) {
        this.endRun(index);
        this.declarationStart = index;
        this.state = State.DeclarationName;
        return index + 1;
      }
      if (this.runStart < 0) this.startRun(index);
      if (code !== Code.Space && code !== Code.Tab && code !== Code.CarriageReturn) this.lineBlank = false;
    }
    return length;
  }

  /** `TagOpen`: a start tag, a closing tag, or a stray `<`. */
  private tagOpen(index: number): number {
    const code = this.source.charCodeAt(index);
    if (code === Code.Slash) {
      this.state = State.CloseTagOpen;
      return index + 1;
    }
    if (isNameStart(code)) {
      this.endRun(this.tagStart);
      this.lineBlank = false;
      this.tag = { start: this.tagStart, name: "", nameRange: { start: index, end: index }, props: [] };
      this.state = State.TagName;
      return index;
    }
    this.strayAngle(this.tagStart, "'<' starts a tag such as <Name …>; write it inside text as a word instead");
    return index;
  }

  /** A tag name longer than any component's: the `<` and the name stay text. */
  private tooLongTagName(): void {
    this.report("malformed_tag", this.tagStart, this.tagStart + 1, `a tag name has at most ${MAXIMUM_NAME_LENGTH} characters`);
    this.tag = null;
    this.startRun(this.tagStart);
    this.lineBlank = false;
    this.state = State.Content;
  }

  /** A `<` or `</` that starts no tag: reported, and kept as text (the run it is in goes on). */
  private strayAngle(at: number, detail: string): void {
    this.report("malformed_tag", at, at + 1, detail);
    this.lineBlank = false;
    this.state = State.Content;
  }

  /** `BeforeProp`: spaces, the next prop, `/>`, `>`, or a `<` that cuts the tag. */
  private beforeProp(start: number): number {
    const source = this.source;
    const length = source.length;
    let index = start;
    while (index < length && isWhitespace(source.charCodeAt(index))) index++;
    if (index >= length) return index;
    const code = source.charCodeAt(index);
    if (code === Code.GreaterThan) {
      this.endStartTag(index + 1, false);
      return index + 1;
    }
    if (code === Code.Slash) {
      this.propStart = index;
      this.state = State.SelfClosingSlash;
      return index + 1;
    }
    if (isPropNameStart(code)) {
      this.propStart = index;
      this.state = State.PropName;
      return index;
    }
    if (code === Code.LessThan) {
      // The start tag never got its `>`: end it here as if self-closing, so
      // the elements after it stay its siblings.
      this.report("unfinished_tag", this.tagStart, index, `<${(this.tag as PendingTag).name}> has no '>'`);
      this.endStartTag(index, true);
      return index;
    }
    this.propStart = index;
    this.propName = "";
    this.report("malformed_prop", index, index + 1, "expected a prop name");
    this.state = State.SkipBadProp;
    return index + 1;
  }

  /** Adds a prop to the tag being read; the prop, or null when it is refused (reported). */
  private addProp(kind: UiSyntaxProp["kind"], value: string, valueRange: UiRange, end: number, complete: boolean): UiSyntaxProp | null {
    const tag = this.tag as PendingTag;
    const name = this.propName;
    const range = { start: this.propStart, end };
    if (name.length > MAXIMUM_NAME_LENGTH) {
      this.report("malformed_prop", range.start, range.end, `a prop name has at most ${MAXIMUM_NAME_LENGTH} characters`);
      return null;
    }
    if (!safeKey(name)) {
      this.report("forbidden_name", range.start, range.end, name);
      return null;
    }
    for (const prop of tag.props)
      if (prop.name === name) {
        this.report("duplicate_prop", range.start, range.end, name);
        return null;
      }
    if (tag.props.length >= MAXIMUM_PROPS) {
      if (tag.props.length === MAXIMUM_PROPS && !tag.tooManyProps) this.report("malformed_prop", range.start, range.end, `a tag has at most ${MAXIMUM_PROPS} props`);
      tag.tooManyProps = true;
      return null;
    }
    const prop: UiSyntaxProp = { name, nameRange: { start: this.propStart, end: this.propNameEnd }, kind, value, valueRange, range, complete };
    tag.props.push(prop);
    return prop;
  }

  /** `PropString`: up to the closing quote or a backslash. */
  private propString(start: number): number {
    const source = this.source;
    const length = source.length;
    const quote = this.propQuote;
    for (let index = start; index < length; index++) {
      const code = source.charCodeAt(index);
      if (code === quote) {
        const value = this.propDecoded + source.slice(this.propSegmentStart, index);
        this.addProp("string", value, { start: this.propValueStart, end: index }, index + 1, true);
        this.state = State.BeforeProp;
        return index + 1;
      }
      if (code === Code.Backslash) {
        this.propDecoded += source.slice(this.propSegmentStart, index);
        this.escapeStart = index;
        this.state = State.PropStringEscape;
        return index + 1;
      }
    }
    return length;
  }

  /** `PropStringEscape`: `\"`, `\'`, `\\`, `\n`, `\t`, `\r`, `\u{…}`; any other escape is kept as written. */
  private propStringEscape(index: number): number {
    const code = this.source.charCodeAt(index);
    let decoded: string | null = null;
    if (code === Code.DoubleQuote || code === Code.SingleQuote || code === Code.Backslash) decoded = String.fromCharCode(code);
    else if (code === Code.LowerN) decoded = "\n";
    else if (code === Code.LowerT) decoded = "\t";
    else if (code === Code.LowerR) decoded = "\r";
    else if (code === Code.LowerU) {
      this.unicodeDigits = "";
      this.unicodeOpened = false;
      this.state = State.PropStringUnicode;
      return index + 1;
    }
    if (decoded === null) {
      // Unknown escape: keep the backslash and the character, as written.
      this.propSegmentStart = this.escapeStart;
    } else {
      this.propDecoded += decoded;
      this.propSegmentStart = index + 1;
    }
    this.state = State.PropString;
    return index + 1;
  }

  /** `PropStringUnicode`: `{`, one to six hex digits, `}`; anything else keeps the escape as written. */
  private propStringUnicode(index: number): number {
    const code = this.source.charCodeAt(index);
    if (!this.unicodeOpened) {
      if (code === Code.OpenBrace) {
        this.unicodeOpened = true;
        return index + 1;
      }
    } else if (isHexDigit(code) && this.unicodeDigits.length < MAXIMUM_UNICODE_ESCAPE_DIGITS) {
      this.unicodeDigits += String.fromCharCode(code);
      return index + 1;
    } else if (code === Code.CloseBrace && this.unicodeDigits.length > 0) {
      const point = Number.parseInt(this.unicodeDigits, 16);
      if (point <= 0x10ffff) {
        this.propDecoded += String.fromCodePoint(point);
        this.propSegmentStart = index + 1;
        this.state = State.PropString;
        return index + 1;
      }
    }
    this.propSegmentStart = this.escapeStart;
    this.state = State.PropString;
    return index;
  }

  /**
   * A prop's `{…}` or a declaration's right-hand side starts at `start`.
   * When it is a data literal (`[…]`, `{…}`) that has fully arrived, it is
   * read into its value in the same pass that finds its end — most of a
   * data-heavy reply's bytes are such literals, and this reads them once
   * instead of twice. Otherwise (and always once it has been tried) the
   * expression is scanned for its end; the value is then read when it
   * compiles. Either way the syntax is the same. Returns where to go on.
   */
  private beginValue(owner: ExpressionOwner.Prop | ExpressionOwner.Declaration, start: number): number {
    const source = this.source;
    const first = source.charCodeAt(skipWhitespaceForward(source, start, source.length));
    if (first === Code.OpenBracket || first === Code.OpenBrace) {
      const read = readUiConstantAt(source, start, this.limits);
      if (read) {
        if (owner === ExpressionOwner.Prop) {
          const close = skipWhitespaceForward(source, read.end, source.length);
          if (source.charCodeAt(close) === Code.CloseBrace) {
            const prop = this.addProp("expression", source.slice(start, close), { start, end: close }, close + 1, true);
            if (prop) SYNTAX_CONSTANTS.set(prop, { value: read.value });
            this.state = State.BeforeProp;
            return close + 1;
          }
        } else {
          let lineEnd = read.end;
          while (lineEnd < source.length && isLineSpace(source.charCodeAt(lineEnd))) lineEnd++;
          if (source.charCodeAt(lineEnd) === Code.LineFeed) {
            this.expressionStart = start;
            const declaration = this.completeDeclaration(lineEnd);
            if (declaration) SYNTAX_CONSTANTS.set(declaration, { value: read.value });
            this.state = State.Content;
            this.lineBlank = true;
            return lineEnd + 1;
          }
        }
      }
    }
    this.beginExpression(owner, start);
    return start;
  }

  private beginExpression(owner: ExpressionOwner, start: number): void {
    this.expressionOwner = owner;
    this.expressionStart = start;
    this.expressionDepth = owner === ExpressionOwner.Declaration ? 0 : 1;
    this.state = State.Expression;
  }

  /**
   * `Expression`: match brackets and strings to find where the expression
   * ends. Strings and line starts are scanned here too (their states are
   * only entered when the input ends inside them), since data-heavy
   * expressions are most of a reply's bytes.
   */
  private expression(start: number): number {
    const source = this.source;
    const length = source.length;
    const declaration = this.expressionOwner === ExpressionOwner.Declaration;
    let index = start;
    while (index < length) {
      const code = source.charCodeAt(index);
      switch (code) {
        case Code.DoubleQuote:
        case Code.SingleQuote: {
          let cursor = index + 1;
          for (;;) {
            if (cursor >= length) {
              this.expressionQuote = code;
              this.state = State.ExpressionString;
              return length;
            }
            const inner = source.charCodeAt(cursor);
            if (inner === code) {
              cursor++;
              break;
            }
            // A string in an expression never spans lines: the quote was
            // missing. Leave the string at the line break and let the
            // expression parser say so.
            if (inner === Code.LineFeed) break;
            if (inner === Code.Backslash) {
              if (cursor + 1 >= length) {
                this.expressionQuote = code;
                this.state = State.ExpressionStringEscape;
                return length;
              }
              cursor += source.charCodeAt(cursor + 1) === Code.LineFeed ? 1 : 2;
              continue;
            }
            cursor++;
          }
          index = cursor;
          continue;
        }
        case Code.OpenBrace:
          this.expressionDepth++;
          break;
        case Code.CloseBrace:
          if (this.expressionDepth > 0) this.expressionDepth--;
          if (this.expressionDepth === 0 && !declaration) return this.endBracedExpression(index);
          break;
        case Code.OpenParenthesis:
        case Code.OpenBracket:
          if (declaration) this.expressionDepth++;
          break;
        case Code.CloseParenthesis:
        case Code.CloseBracket:
          if (declaration && this.expressionDepth > 0) this.expressionDepth--;
          break;
        case Code.LineFeed: {
          if (declaration && this.expressionDepth === 0) return this.endDeclaration(index);
          this.expressionLineBreak = index;
          let cursor = index + 1;
          while (cursor < length) {
            const inner = source.charCodeAt(cursor);
            if (inner !== Code.Space && inner !== Code.Tab && inner !== Code.CarriageReturn) break;
            cursor++;
          }
          if (cursor >= length) {
            this.state = State.ExpressionLineStart;
            return length;
          }
          if (source.charCodeAt(cursor) === Code.LessThan) {
            if (cursor + 1 >= length) {
              this.state = State.ExpressionLineAngle;
              return length;
            }
            const next = source.charCodeAt(cursor + 1);
            if (isNameStart(next) || next === Code.Slash) return this.cutExpression(cursor);
          }
          index = cursor;
          continue;
        }
      }
      index++;
    }
    return length;
  }

  /** The `}` closing a prop's or an interpolation's expression, at `index`. */
  private endBracedExpression(index: number): number {
    const source = this.source;
    const valueRange = { start: this.expressionStart, end: index };
    if (this.expressionOwner === ExpressionOwner.Prop) {
      this.addProp("expression", source.slice(valueRange.start, valueRange.end), valueRange, index + 1, true);
      this.state = State.BeforeProp;
    } else {
      const from = skipWhitespaceForward(source, valueRange.start, valueRange.end);
      const to = skipWhitespaceBackward(source, from, valueRange.end);
      if (from < to) {
        const node: UiSyntaxInterpolation = {
          kind: "expression",
          source: source.slice(from, to),
          sourceRange: { start: from, end: to },
          range: { start: this.braceStart, end: index + 1 },
        };
        this.append(node);
      }
      this.state = State.Content;
      this.lineBlank = false;
    }
    return index + 1;
  }

  /**
   * A line inside an open expression starts with a tag (`<` at `angle`): the
   * expression's closing bracket is missing. End it before that line and read
   * the tag.
   */
  private cutExpression(angle: number): number {
    const end = this.expressionLineBreak;
    switch (this.expressionOwner) {
      case ExpressionOwner.Prop:
        this.report("unfinished_prop", this.propStart, end, `${this.propName}={ has no closing '}'`);
        this.endStartTag(end, true);
        break;
      case ExpressionOwner.Interpolation:
        this.report("unfinished_expression", this.braceStart, end);
        this.state = State.Content;
        break;
      case ExpressionOwner.Declaration:
        // Its bracket never closes: report it here, and keep nothing of it.
        this.report("invalid_declaration", this.declarationStart, end, "a bracket opened in it is never closed");
        this.state = State.Content;
        break;
    }
    // Read the line from its `<`: it is a tag.
    this.lineBlank = false;
    if (this.state === State.Content) {
      this.tagStart = angle;
      this.state = State.TagOpen;
    }
    return angle + 1;
  }

  /** A line break ending a declaration's expression at `index`. */
  private endDeclaration(index: number): number {
    this.completeDeclaration(index);
    this.state = State.Content;
    this.lineBlank = true;
    return index + 1;
  }

  /** The declaration from `declarationStart` with its expression ending at `end` (null when it would not be recorded). */
  private declarationUntil(end: number): { declaration: UiSyntaxDeclaration | null; problem: [UiDiagnosticCode, string] | null } {
    const source = this.source;
    const name = source.slice(this.declarationStart + 1, this.declarationNameEnd);
    const from = skipWhitespaceForward(source, this.expressionStart, end);
    const to = skipWhitespaceBackward(source, from, end);
    if (name.length > MAXIMUM_NAME_LENGTH) return { declaration: null, problem: ["invalid_declaration", `a name has at most ${MAXIMUM_NAME_LENGTH} characters`] };
    if (from >= to) return { declaration: null, problem: ["invalid_declaration", `$${name} = needs an expression`] };
    if (!safeKey(name)) return { declaration: null, problem: ["forbidden_name", `$${name}`] };
    if (this.declared.has(name)) return { declaration: null, problem: ["duplicate_declaration", `$${name}`] };
    return {
      declaration: {
        name,
        nameRange: { start: this.declarationStart, end: this.declarationNameEnd },
        expression: source.slice(from, to),
        expressionRange: { start: from, end: to },
        range: { start: this.declarationStart, end: to },
      },
      problem: null,
    };
  }

  private completeDeclaration(end: number): UiSyntaxDeclaration | null {
    const { declaration, problem } = this.declarationUntil(end);
    if (problem) this.report(problem[0], this.declarationStart, Math.max(end, this.declarationNameEnd), problem[1]);
    if (declaration) {
      this.declared.add(declaration.name);
      this.declarations.push(declaration);
    }
    return declaration;
  }

  /** The start tag ends at `end`; `selfClosing` for `/>` and for a tag cut short. */
  private endStartTag(end: number, selfClosing: boolean): void {
    const tag = this.tag as PendingTag;
    this.tag = null;
    this.state = State.Content;
    this.lineBlank = false;
    const top = this.top;
    if (this.frames.length > this.limits.nesting) {
      this.report("too_deep", tag.start, end, `<${tag.name}> is more than ${this.limits.nesting} elements deep`);
      if (!selfClosing) top.refused.push(tag.name);
      return;
    }
    const element: UiSyntaxElement = {
      kind: "element",
      name: tag.name,
      nameRange: tag.nameRange,
      range: { start: tag.start, end },
      tagRange: { start: tag.start, end },
      props: tag.props,
      children: [],
      selfClosing,
      tagComplete: true,
      complete: selfClosing,
    };
    this.append(element);
    if (selfClosing || this.failure) return;
    this.frames.push({ element, children: element.children, refused: [] });
    if (this.literalElements.has(tag.name)) {
      this.literalStart = end;
      this.literalSearch = end;
      this.literalCloser = `</${tag.name}`;
      this.state = State.Literal;
    }
  }

  /** A closing tag `</closeName>` ending at `end`. */
  private closeTag(end: number): void {
    const name = this.closeName;
    const start = this.tagStart;
    this.state = State.Content;
    this.lineBlank = false;
    const top = this.top;
    if (top.refused.length > 0 && top.refused[top.refused.length - 1] === name) {
      top.refused.pop();
      return;
    }
    let depth = this.frames.length - 1;
    while (depth > 0 && (this.frames[depth] as Frame).element?.name !== name) depth--;
    if (depth === 0) {
      this.report("unexpected_close_tag", start, end, `</${name}>`);
      return;
    }
    if (depth < this.frames.length - 1) {
      const inner = (this.top.element as UiSyntaxElement).name;
      this.report("mismatched_close_tag", start, end, `</${name}> closes <${inner}>, which was still open`);
    }
    while (this.frames.length - 1 > depth) {
      const frame = this.frames.pop() as Frame;
      const element = frame.element as UiSyntaxElement;
      element.complete = true;
      element.range = { start: element.range.start, end: start };
    }
    const frame = this.frames.pop() as Frame;
    const element = frame.element as UiSyntaxElement;
    element.complete = true;
    element.range = { start: element.range.start, end };
  }

  /** `Literal`: everything up to `</Name` followed by spaces and `>`. */
  private literal(): number {
    const source = this.source;
    const length = source.length;
    const closer = this.literalCloser;
    let found = source.indexOf(closer, this.literalSearch);
    while (found >= 0) {
      let cursor = found + closer.length;
      if (cursor < length && isNameCharacter(source.charCodeAt(cursor))) {
        found = source.indexOf(closer, found + 1);
        continue;
      }
      while (cursor < length && isWhitespace(source.charCodeAt(cursor))) cursor++;
      if (cursor >= length) {
        this.literalSearch = found;
        return length;
      }
      if (source.charCodeAt(cursor) !== Code.GreaterThan) {
        found = source.indexOf(closer, found + 1);
        continue;
      }
      const element = this.top.element as UiSyntaxElement;
      element.literal = literalText(source, this.literalStart, found);
      this.tagStart = found;
      this.closeName = element.name;
      this.closeTag(cursor + 1);
      return cursor + 1;
    }
    this.literalSearch = Math.max(this.literalStart, length - closer.length + 1);
    return length;
  }

  // -- the state from outside -----------------------------------------------------

  /**
   * The parse as it stands. `final` means the input is complete: what is cut
   * off is reported (`unfinished_*`) and a declaration running to the end
   * counts; otherwise what may still grow is left out or marked incomplete.
   * Changes nothing: parsing can continue after it.
   */
  view(final: boolean): UiSyntaxState {
    const source = this.source;
    const length = source.length;
    const out = new TailBuilder();
    let literal: UiSyntaxState["literal"] = null;
    let pendingDeclaration: UiSyntaxDeclaration | null = null;
    const state = this.state;
    if (this.failure === null) {
      switch (state) {
        case State.Content:
          this.tailText(out, length, final);
          break;
        case State.TagOpen:
        case State.CloseTagOpen:
          if (final) {
            out.diagnose("malformed_tag", this.tagStart, this.tagStart + 1, "the reply ends after '<'");
            this.tailText(out, length, true);
          } else this.tailText(out, this.tagStart, false);
          break;
        case State.TagName:
        case State.BeforeProp:
        case State.PropName:
        case State.AfterPropName:
        case State.BeforePropValue:
        case State.PropString:
        case State.PropStringEscape:
        case State.PropStringUnicode:
        case State.SelfClosingSlash:
        case State.SkipBadProp:
        case State.Expression:
        case State.ExpressionString:
        case State.ExpressionStringEscape:
        case State.ExpressionLineStart:
        case State.ExpressionLineAngle:
          if (this.tag) {
            const element = this.pendingElement(final, out);
            if (element) out.node(element);
          } else if (this.expressionOwner === ExpressionOwner.Interpolation) {
            if (final) out.diagnose("unfinished_expression", this.braceStart, length);
          } else if (final) {
            const { declaration, problem } = this.declarationUntil(length);
            if (problem) out.diagnose(problem[0], this.declarationStart, length, problem[1]);
            pendingDeclaration = declaration;
          }
          break;
        case State.CloseTagName:
        case State.AfterCloseTagName:
        case State.SkipBadCloseTag:
          if (final) out.diagnose("unfinished_tag", this.tagStart, length, "a closing tag has no '>'");
          break;
        case State.BraceOpen:
        case State.BraceSlash:
          if (final) out.diagnose("unfinished_expression", this.braceStart, length);
          break;
        case State.Comment:
        case State.CommentEnd:
          if (final) out.diagnose("unfinished_comment", this.braceStart, length);
          break;
        case State.Literal:
          literal = this.pendingLiteral();
          break;
        case State.DeclarationName:
        case State.AfterDeclarationName:
          if (final) out.diagnose("invalid_declaration", this.declarationStart, length, "expected '=' after the name");
          break;
        case State.DeclarationSkip:
        case State.Stopped:
          break;
      }
    }
    const open: UiSyntaxElement[] = [];
    for (let depth = 1; depth < this.frames.length; depth++) {
      const element = (this.frames[depth] as Frame).element as UiSyntaxElement;
      open.push(element);
      if (final && this.failure === null) out.diagnose("unfinished_element", element.tagRange.start, element.tagRange.end, `<${element.name}> has no </${element.name}>`);
    }
    const settled =
      state === State.Content ||
      state === State.DeclarationSkip ||
      (final && (state === State.DeclarationName || state === State.AfterDeclarationName)) ||
      (final && state === State.Expression && this.tag === null && this.expressionOwner === ExpressionOwner.Declaration && this.expressionDepth === 0);
    return {
      declarations: this.declarations,
      pendingDeclaration,
      nodes: this.root.children,
      open,
      tail: out.nodes,
      literal,
      diagnostics: this.diagnostics,
      tailDiagnostics: out.diagnostics,
      omittedDiagnostics: this.omittedDiagnostics,
      failure: this.failure,
      nodeCount: this.nodeCount + out.nodes.length,
      complete: this.failure === null && open.length === 0 && settled,
      length,
    };
  }

  /** The start tag being read, as an incomplete element; null while its name may still grow. */
  private pendingElement(final: boolean, out: TailBuilder): UiSyntaxElement | null {
    const source = this.source;
    const length = source.length;
    const tag = this.tag as PendingTag;
    const state = this.state;
    let name = tag.name;
    const nameRange = { ...tag.nameRange };
    if (state === State.TagName) {
      if (!final || length - tag.nameRange.start > MAXIMUM_NAME_LENGTH) return null;
      name = source.slice(tag.nameRange.start, length);
      nameRange.end = length;
    }
    const props = [...tag.props];
    if (state === State.PropString || state === State.PropStringEscape || state === State.PropStringUnicode) {
      // A streamed quoted prop shows the text received so far.
      const value = this.propDecoded + (state === State.PropString ? source.slice(this.propSegmentStart, length) : "");
      const name = this.propName;
      if (name.length <= MAXIMUM_NAME_LENGTH && safeKey(name) && !props.some((prop) => prop.name === name))
        props.push({
          name,
          nameRange: { start: this.propStart, end: this.propNameEnd },
          kind: "string",
          value,
          valueRange: { start: this.propValueStart, end: length },
          range: { start: this.propStart, end: length },
          complete: false,
        });
      if (final) out.diagnose("unfinished_prop", this.propStart, length, `${this.propName}="… has no closing quote`);
    } else if (state === State.PropName || state === State.AfterPropName) {
      // A bare name may still become name="…": only a final input makes it a flag.
      if (final) {
        const nameEnd = state === State.PropName ? length : this.propNameEnd;
        const propName = source.slice(this.propStart, nameEnd);
        if (propName.length <= MAXIMUM_NAME_LENGTH && safeKey(propName) && !props.some((prop) => prop.name === propName))
          props.push({
            name: propName,
            nameRange: { start: this.propStart, end: nameEnd },
            kind: "flag",
            value: "",
            valueRange: { start: this.propStart, end: nameEnd },
            range: { start: this.propStart, end: nameEnd },
            complete: true,
          });
      }
    } else if (state !== State.TagName && state !== State.BeforeProp && state !== State.SelfClosingSlash && state !== State.SkipBadProp) {
      // Inside `prop={…` (or right after `prop=`): left out until it closes.
      if (final) out.diagnose("unfinished_prop", this.propStart, length, `${this.propName}= was cut off`);
    }
    if (final) out.diagnose("unfinished_tag", tag.start, length, `<${name}> has no '>'`);
    return {
      kind: "element",
      name,
      nameRange,
      range: { start: tag.start, end: length },
      tagRange: { start: tag.start, end: length },
      props,
      children: [],
      selfClosing: false,
      tagComplete: false,
      complete: false,
    };
  }

  /** The text run being read, up to `end`, as a tail node (when it is not empty). */
  private tailText(out: TailBuilder, end: number, complete: boolean): void {
    if (this.runStart < 0) return;
    const text = this.runTextUntil(end);
    if (text.length > 0) out.node({ kind: "text", text, range: { start: this.runStart, end }, complete });
  }

  /** The literal body read so far, without a closing tag that has begun to arrive. */
  private pendingLiteral(): { text: string; range: UiRange } {
    const source = this.source;
    const length = source.length;
    const closer = this.literalCloser;
    let end = length;
    if (this.literalSearch < length && source.startsWith(closer, this.literalSearch)) end = this.literalSearch;
    else {
      for (let at = Math.max(this.literalStart, length - closer.length + 1); at < length; at++) {
        if (source.charCodeAt(at) === Code.LessThan && closer.startsWith(source.slice(at, length))) {
          end = at;
          break;
        }
      }
    }
    return literalText(source, this.literalStart, end);
  }
}

/** What a view adds after the stable tree: nodes still being read and their diagnostics. */
class TailBuilder {
  readonly nodes: UiSyntaxNode[] = [];
  readonly diagnostics: UiDiagnostic[] = [];

  node(node: UiSyntaxNode): void {
    this.nodes.push(node);
  }

  diagnose(code: UiDiagnosticCode, start: number, end: number, detail?: string): void {
    this.diagnostics.push({ code, message: uiDiagnosticMessage(code, boundDetail(detail)), range: { start, end } });
  }
}

/** A literal body `[start, end)` with its leading and trailing blank line trimmed. */
function literalText(source: string, start: number, end: number): { text: string; range: UiRange } {
  let from = start;
  let to = end;
  const afterLeading = skipLineSpaceForward(source, from, to);
  if (afterLeading < to && source.charCodeAt(afterLeading) === Code.LineFeed) from = afterLeading + 1;
  else if (afterLeading === to) from = to;
  const beforeTrailing = skipLineSpaceBackward(source, from, to);
  if (beforeTrailing > from && source.charCodeAt(beforeTrailing - 1) === Code.LineFeed) {
    to = beforeTrailing - 1;
    if (to > from && source.charCodeAt(to - 1) === Code.CarriageReturn) to--;
  } else if (beforeTrailing === from) to = from;
  return { text: source.slice(from, to), range: { start: from, end: to } };
}

/** Space, tab or `\r`: what may follow a declaration on its line. */
function isLineSpace(code: number): boolean {
  return code === Code.Space || code === Code.Tab || code === Code.CarriageReturn;
}

function isWhitespace(code: number): boolean {
  return code === Code.Space || code === Code.LineFeed || code === Code.Tab || code === Code.CarriageReturn;
}

function skipWhitespaceForward(source: string, start: number, end: number): number {
  let cursor = start;
  while (cursor < end && isWhitespace(source.charCodeAt(cursor))) cursor++;
  return cursor;
}

function skipWhitespaceBackward(source: string, start: number, end: number): number {
  let cursor = end;
  while (cursor > start && isWhitespace(source.charCodeAt(cursor - 1))) cursor--;
  return cursor;
}

function isLetter(code: number): boolean {
  return (code >= Code.UpperA && code <= Code.UpperZ) || (code >= Code.LowerA && code <= Code.LowerZ);
}

function isDigit(code: number): boolean {
  return code >= Code.Digit0 && code <= Code.Digit9;
}

function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= Code.UpperA && code <= Code.UpperF) || (code >= Code.LowerA && code <= Code.LowerF);
}

/** A tag name starts with a letter. */
function isNameStart(code: number): boolean {
  return isLetter(code);
}

/** Tag and prop names: letters, digits, `_`, `-`, `.`, `:`. */
function isNameCharacter(code: number): boolean {
  return isLetter(code) || isDigit(code) || code === Code.Underscore || code === Code.Dash || code === Code.Dot || code === Code.Colon;
}

function isPropNameStart(code: number): boolean {
  return isLetter(code) || code === Code.Underscore;
}

/** A declared name: `[A-Za-z_][A-Za-z0-9_]*`. */
function isDeclarationNameStart(code: number): boolean {
  return isLetter(code) || code === Code.Underscore;
}

function isDeclarationNameCharacter(code: number): boolean {
  return isLetter(code) || isDigit(code) || code === Code.Underscore;
}
