/**
 * The parser of UI expressions: precedence climbing over the tokenizer's
 * tokens. It refuses (with a `UiFailure` carrying a code and a range) rather
 * than recovers — an expression is short, and the block compiler recovers
 * around it. Recursion is bounded by `limits.nesting`, and so is the height
 * of the tree it builds, so the evaluator's recursion is bounded too.
 */
import type { UiRange } from "../envelope/schema";
import { toUiFailure, UiFailure } from "../failure";
import type { UiBinaryOperator, UiExpression, UiHelperName } from "./ast";
import { UiBudget } from "./budget";
import { UiExpressionTokenizer, uiSyntaxFailure, UiTokenKind, type UiToken } from "./tokenize";
import { safeKey } from "./value";

/** How many arguments each helper takes: `[fewest, most]`. */
export const UI_HELPER_ARITY: Readonly<Record<UiHelperName, readonly [number, number]>> = {
  Count: [1, 1],
  Filter: [3, 3],
  Sum: [1, 2],
  Join: [1, 2],
  Round: [1, 2],
  Map: [3, 3],
  Sort: [1, 3],
  Take: [2, 2],
  Min: [1, 2],
  Max: [1, 2],
  Avg: [1, 2],
  Contains: [2, 2],
  Format: [1, 2],
  Today: [0, 0],
  DaysBetween: [2, 2],
  AddDays: [2, 2],
  StartOf: [2, 2],
  Group: [1, 2],
  Unique: [1, 2],
  Set: [2, 2],
  Reset: [0, 1],
  Query: [1, 2],
};

/** True when `name` (without `@`) is a helper of the language. */
export function isUiHelperName(name: string): name is UiHelperName {
  return Object.hasOwn(UI_HELPER_ARITY, name);
}

/** Binary operators by spelling, with their precedence (higher binds tighter). */
const BINARY_OPERATORS: ReadonlyMap<string, { operator: UiBinaryOperator; precedence: number }> = new Map([
  ["||", { operator: "||", precedence: 1 }],
  ["&&", { operator: "&&", precedence: 2 }],
  ["===", { operator: "===", precedence: 3 }],
  ["!==", { operator: "!==", precedence: 3 }],
  ["==", { operator: "===", precedence: 3 }],
  ["!=", { operator: "!==", precedence: 3 }],
  ["<", { operator: "<", precedence: 4 }],
  ["<=", { operator: "<=", precedence: 4 }],
  [">", { operator: ">", precedence: 4 }],
  [">=", { operator: ">=", precedence: 4 }],
  ["+", { operator: "+", precedence: 5 }],
  ["-", { operator: "-", precedence: 5 }],
  ["*", { operator: "*", precedence: 6 }],
  ["/", { operator: "/", precedence: 6 }],
  ["%", { operator: "%", precedence: 6 }],
] as const);

/** The words read as literal values, so never as a local's name. */
export const UI_LITERAL_NAMES: ReadonlyMap<string, boolean | null> = new Map<string, boolean | null>([
  ["true", true],
  ["false", false],
  ["null", null],
]);

/**
 * JavaScript words that a model might carry over; as bare names they would
 * only be unbound locals, so they are refused with a clearer message. The
 * catalog refuses them (and `UI_LITERAL_NAMES`) as `Each as="…"` names too.
 */
export const UI_RESERVED_NAMES: ReadonlySet<string> = new Set([
  "new", "this", "function", "typeof", "instanceof", "void", "delete", "in", "of",
  "let", "const", "var", "return", "class", "import", "export", "await", "yield", "undefined",
]);

/** Parses one expression's source into its syntax tree; throws `UiFailure` (`syntax`, `unknown_helper`, `helper_arity`, `forbidden_key`, budget codes) with a range. */
export function parseUiExpression(source: string, budget: UiBudget = new UiBudget()): UiExpression {
  try {
    budget.checkCharacters(source.length);
    return new UiExpressionParser(source, budget).parse();
  } catch (caught) {
    throw toUiFailure(caught);
  }
}

class UiExpressionParser {
  private readonly tokenizer: UiExpressionTokenizer;
  private token: UiToken;
  /** Current recursion depth in nested expressions. */
  private depth = 0;
  /** Height of every inner node built so far (leaves, absent, are 1); a Map, as a WeakMap this busy slows the collector. */
  private readonly heights = new Map<UiExpression, number>();

  constructor(
    private readonly source: string,
    private readonly budget: UiBudget,
  ) {
    this.tokenizer = new UiExpressionTokenizer(source, budget);
    this.token = this.tokenizer.next();
  }

  parse(): UiExpression {
    const expression = this.parseExpression();
    if (this.token.kind !== UiTokenKind.End) throw this.unexpected("the end of the expression");
    return expression;
  }

  // -- tokens -------------------------------------------------------------------

  private advance(): UiToken {
    const token = this.token;
    this.token = this.tokenizer.next();
    return token;
  }

  private isPunctuator(text: string): boolean {
    return this.token.kind === UiTokenKind.Punctuator && this.token.text === text;
  }

  private expectPunctuator(text: string): UiToken {
    if (!this.isPunctuator(text)) throw this.unexpected(`'${text}'`);
    return this.advance();
  }

  private unexpected(expected: string): UiFailure {
    const token = this.token;
    const found = token.kind === UiTokenKind.End ? "the end" : JSON.stringify(this.source.slice(token.start, token.end));
    return uiSyntaxFailure(`expected ${expected}, found ${found}`, token.start, token.kind === UiTokenKind.End ? token.start : token.end);
  }

  // -- nodes --------------------------------------------------------------------

  /** Records a node's height and refuses a tree taller than `limits.nesting`. */
  private node<Node extends UiExpression>(node: Node, children: readonly UiExpression[] = []): Node {
    if (children.length === 0) return node;
    let height = 1;
    for (const child of children) height = Math.max(height, (this.heights.get(child) ?? 1) + 1);
    this.budget.checkDepth(height, node.range);
    this.heights.set(node, height);
    return node;
  }

  private range(start: number, end: number): UiRange {
    return { start, end };
  }

  // -- grammar ------------------------------------------------------------------

  /** expression := conditional; bounds the recursion at `limits.nesting`. */
  private parseExpression(): UiExpression {
    this.depth++;
    if (this.depth > this.budget.limits.nesting) this.budget.checkDepth(this.depth, this.range(this.token.start, this.token.end));
    const expression = this.parseConditional();
    this.depth--;
    return expression;
  }

  /** conditional := binary ('?' expression ':' conditional)? */
  private parseConditional(): UiExpression {
    const test = this.parseBinary(1);
    if (!this.isPunctuator("?")) return test;
    this.advance();
    const consequent = this.parseExpression();
    this.expectPunctuator(":");
    const alternate = this.parseExpression();
    return this.node(
      { kind: "conditional", test, consequent, alternate, range: this.range(test.range.start, alternate.range.end) },
      [test, consequent, alternate],
    );
  }

  /** binary := unary (operator binary-of-higher-precedence)*, left-associative. */
  private parseBinary(minimumPrecedence: number): UiExpression {
    let left = this.parseUnary();
    for (;;) {
      if (this.token.kind !== UiTokenKind.Punctuator) return left;
      const entry = BINARY_OPERATORS.get(this.token.text);
      if (!entry || entry.precedence < minimumPrecedence) return left;
      this.advance();
      const right = this.parseBinary(entry.precedence + 1);
      left = this.node(
        { kind: "binary", operator: entry.operator, left, right, range: this.range(left.range.start, right.range.end) },
        [left, right],
      );
    }
  }

  /** unary := ('-' | '!') unary | postfix; `-` before a number literal folds into a negative literal. */
  private parseUnary(): UiExpression {
    if (!this.isPunctuator("-") && !this.isPunctuator("!")) return this.parsePostfix();
    const operatorToken = this.advance();
    this.depth++;
    this.budget.checkDepth(this.depth, this.range(operatorToken.start, operatorToken.end));
    const argument = this.parseUnary();
    this.depth--;
    const range = this.range(operatorToken.start, argument.range.end);
    if (operatorToken.text === "-" && argument.kind === "literal" && typeof argument.value === "number") {
      // `-0` folds to 0: values never carry a negative zero.
      return this.node({ kind: "literal", value: argument.value === 0 ? 0 : -argument.value, range });
    }
    const operator = operatorToken.text === "-" ? "-" : "!";
    return this.node({ kind: "unary", operator, argument, range }, [argument]);
  }

  /** postfix := primary ('.' name | '?.' name | '[' expression ']' | '?.[' expression ']')* */
  private parsePostfix(): UiExpression {
    let object = this.parsePrimary();
    for (;;) {
      if (this.isPunctuator(".") || this.isPunctuator("?.")) {
        const dot = this.advance();
        if (dot.text === "?." && this.isPunctuator("[")) {
          object = this.parseIndex(object);
          continue;
        }
        if (this.token.kind !== UiTokenKind.Name) throw this.unexpected(`a field name after '${dot.text}'`);
        const name = this.advance();
        this.refuseForbidden(name.text, name);
        const property = this.node({ kind: "literal", value: name.text, range: this.range(name.start, name.end) });
        object = this.node(
          { kind: "member", object, property, range: this.range(object.range.start, name.end) },
          [object, property],
        );
      } else if (this.isPunctuator("[")) {
        object = this.parseIndex(object);
      } else if (this.isPunctuator("(")) {
        throw uiSyntaxFailure("only helpers can be called, as @Name(…)", this.token.start, this.token.end);
      } else {
        return object;
      }
    }
  }

  /** index := '[' expression ']'; a literal string index is checked like a field name. */
  private parseIndex(object: UiExpression): UiExpression {
    this.expectPunctuator("[");
    const property = this.parseExpression();
    const close = this.expectPunctuator("]");
    if (property.kind === "literal" && typeof property.value === "string") this.refuseForbidden(property.value, property.range);
    return this.node(
      { kind: "member", object, property, range: this.range(object.range.start, close.end) },
      [object, property],
    );
  }

  /** primary := number | string | $variable | name | @Helper(…) | '(' expression ')' | array | object */
  private parsePrimary(): UiExpression {
    const token = this.token;
    switch (token.kind) {
      case UiTokenKind.Number:
        this.advance();
        return this.node({ kind: "literal", value: token.number, range: this.range(token.start, token.end) });
      case UiTokenKind.String:
        this.advance();
        return this.node({ kind: "literal", value: token.text, range: this.range(token.start, token.end) });
      case UiTokenKind.Variable:
        this.advance();
        this.refuseForbidden(token.text, token);
        return this.node({ kind: "variable", name: token.text, range: this.range(token.start, token.end) });
      case UiTokenKind.Name:
        return this.parseName();
      case UiTokenKind.Helper:
        return this.parseCall();
      case UiTokenKind.Punctuator:
        if (token.text === "(") {
          this.advance();
          const inner = this.parseExpression();
          this.expectPunctuator(")");
          return inner;
        }
        if (token.text === "[") return this.parseArray();
        if (token.text === "{") return this.parseObject();
        throw this.unexpected("a value");
      case UiTokenKind.End:
        throw this.unexpected("a value");
    }
  }

  /** `true`, `false`, `null`, or a local name. */
  private parseName(): UiExpression {
    const token = this.advance();
    const range = this.range(token.start, token.end);
    const literal = UI_LITERAL_NAMES.get(token.text);
    if (literal !== undefined) return this.node({ kind: "literal", value: literal, range });
    if (UI_RESERVED_NAMES.has(token.text)) {
      const hint = token.text === "undefined" ? "; use null" : "";
      throw uiSyntaxFailure(`'${token.text}' is not part of the language${hint}`, token.start, token.end);
    }
    this.refuseForbidden(token.text, token);
    return this.node({ kind: "local", name: token.text, range });
  }

  /** `@Helper(arguments…)`, arity and the bound-name rules checked here. */
  private parseCall(): UiExpression {
    const name = this.advance();
    if (!isUiHelperName(name.text)) {
      throw new UiFailure("unknown_helper", `@${name.text}`, this.range(name.start, name.end));
    }
    const helper = name.text;
    this.expectPunctuator("(");
    const parsed = this.parseList(")");
    const range = this.range(name.start, parsed.end);
    const [fewest, most] = UI_HELPER_ARITY[helper];
    const count = parsed.items.length;
    if (count < fewest || count > most) {
      const expected = fewest === most ? `${fewest}` : `${fewest} to ${most}`;
      throw new UiFailure("helper_arity", `@${helper} takes ${expected}, got ${count}`, range);
    }
    const second = parsed.items[1];
    if ((helper === "Filter" || helper === "Map") && second?.kind !== "local") {
      throw uiSyntaxFailure(`@${helper}'s second argument is a bare name, as in @${helper}($rows, row, …)`, second?.range.start ?? range.start, second?.range.end ?? range.end);
    }
    const first = parsed.items[0];
    if ((helper === "Set" || helper === "Reset") && first && first.kind !== "variable") {
      throw uiSyntaxFailure(`@${helper}'s first argument is a $variable`, first.range.start, first.range.end);
    }
    return this.node({ kind: "call", helper, arguments: parsed.items, range }, parsed.items);
  }

  private parseArray(): UiExpression {
    const open = this.advance();
    const parsed = this.parseList("]");
    return this.node({ kind: "array", items: parsed.items, range: this.range(open.start, parsed.end) }, parsed.items);
  }

  /** Comma-separated expressions up to `close` (a trailing comma is allowed); returns them and the end offset. */
  private parseList(close: string): { items: UiExpression[]; end: number } {
    const items: UiExpression[] = [];
    while (!this.isPunctuator(close)) {
      items.push(this.parseExpression());
      if (!this.isPunctuator(",")) break;
      this.advance();
    }
    return { items, end: this.expectPunctuator(close).end };
  }

  /** `{name: value, "any key": value}`; keys are names or strings, unique and safe. */
  private parseObject(): UiExpression {
    const open = this.advance();
    const entries: { key: string; value: UiExpression }[] = [];
    const seen = new Set<string>();
    const values: UiExpression[] = [];
    while (!this.isPunctuator("}")) {
      const keyToken = this.token;
      if (keyToken.kind !== UiTokenKind.Name && keyToken.kind !== UiTokenKind.String) throw this.unexpected("a key (a name or a string)");
      this.advance();
      this.refuseForbidden(keyToken.text, keyToken);
      if (seen.has(keyToken.text)) throw uiSyntaxFailure(`duplicate key ${JSON.stringify(keyToken.text)}`, keyToken.start, keyToken.end);
      seen.add(keyToken.text);
      this.expectPunctuator(":");
      const value = this.parseExpression();
      entries.push({ key: keyToken.text, value });
      values.push(value);
      if (!this.isPunctuator(",")) break;
      this.advance();
    }
    const close = this.expectPunctuator("}");
    return this.node({ kind: "object", entries, range: this.range(open.start, close.end) }, values);
  }

  private refuseForbidden(name: string, at: UiRange): void {
    if (!safeKey(name)) throw new UiFailure("forbidden_key", JSON.stringify(name), this.range(at.start, at.end));
  }
}
