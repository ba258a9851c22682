/**
 * What the compilation of one block shares between its declarations and
 * elements: the block id, whether catalog rules apply, the variables declared
 * so far (with where they were declared: a name is visible only after its
 * declaration, so a node compiled once never changes when text is appended),
 * and the expression parsing every prop and interpolation goes through.
 */
import type { UiChildRule } from "../catalog/entry";
import { uiDiagnosticMessage, type UiDiagnosticCode } from "../diagnostics/codes";
import type { UiDiagnostic, UiRange } from "../envelope/schema";
import type { UiExpression } from "../expression/ast";
import { UiBudget } from "../expression/budget";
import { parseUiExpression } from "../expression/parse";
import { toUiFailure, type UiFailure } from "../failure";
import type { UiLimitName } from "../limits";
import { boundDetail } from "../syntax/parser";
import type { UiCompileCatalog, UiQuerySchemas } from "./options";

/** What a declared name is. `invalid`: declared, but its expression could not be used (uses are not reported again). */
export type UiDeclaredKind = "state" | "computed" | "query" | "invalid";

/** A declared name and where its declaration starts. */
export type UiDeclaredName = { kind: UiDeclaredKind; start: number };

/** The shared state of one block's compilation. */
export type UiBlockContext = {
  /** The block id; node ids are `<block id>:<offset>`. */
  blockId: string;
  /** False for a block written for an unknown catalog version: everything is kept, nothing is checked against the catalog. */
  catalogKnown: boolean;
  /** The components elements are checked against (`UI_CATALOG` unless the compile options override it). */
  components: UiCompileCatalog;
  /** Query sources and their argument schemas. */
  querySchemas: UiQuerySchemas;
  /** What `Image generated="latest"` resolves to. */
  latestAttachment: string | undefined;
  /** The reply is final: an unresolved generated image is reported. */
  replyFinal: boolean;
  /** Resolved limits. */
  limits: Readonly<Record<UiLimitName, number>>;
  /** The clock. */
  now: () => number;
  /** Declared names so far. */
  declared: Map<string, UiDeclaredName>;
  /** Set once an `Image generated="latest"` is compiled (a new attachment must recompile the block). */
  usesLatestAttachment: boolean;
};

/** The rule children are checked against: the nearest ancestor that is not `Show`/`Each`. */
export type UiRuleContext = {
  /** That ancestor's component name ("" at the top level). */
  parentType: string;
  /** `root`: the top level; `unknown`: inside an unknown component (nothing is checked); else that ancestor's catalog rule. */
  rule: "root" | "unknown" | UiChildRule;
  /** Local names bound by enclosing `<Each as="…">`. */
  locals: readonly string[];
};

/** A diagnostic with the code's wording. */
export function diagnostic(code: UiDiagnosticCode, range: UiRange, nodeId?: string, detail?: string): UiDiagnostic {
  const result: UiDiagnostic = { code, message: uiDiagnosticMessage(code, boundDetail(detail)), range: { start: range.start, end: range.end } };
  if (nodeId !== undefined) result.nodeId = nodeId;
  return result;
}

/** The declared name `name` if its declaration starts before `position`. */
export function declaredBefore(context: UiBlockContext, name: string, position: number): UiDeclaredName | undefined {
  const declared = context.declared.get(name);
  return declared && declared.start < position ? declared : undefined;
}

/** An expression parsed from a piece of the body, or why it could not be. */
export type UiParsedExpression =
  | { ok: true; ast: UiExpression; source: string; range: UiRange }
  | { ok: false; failure: UiFailure; source: string; range: UiRange };

/**
 * Parses the expression `raw` found at `offset` in the body, trimmed; each
 * expression gets its own budget (steps count per expression), while the
 * block's clock is watched by the caller.
 */
export function parseBodyExpression(context: UiBlockContext, raw: string, offset: number): UiParsedExpression {
  let from = 0;
  let to = raw.length;
  while (from < to && isSpace(raw.charCodeAt(from))) from++;
  while (to > from && isSpace(raw.charCodeAt(to - 1))) to--;
  const source = from === 0 && to === raw.length ? raw : raw.slice(from, to);
  const range = { start: offset + from, end: offset + to };
  try {
    const ast = parseUiExpression(source, UiBudget.forCompilation(context.limits, context.now));
    return { ok: true, ast, source, range };
  } catch (caught) {
    return { ok: false, failure: toUiFailure(caught), source, range };
  }
}

/** The diagnostic of an expression that could not be parsed, at the failure's place in the body. */
export function expressionFailureDiagnostic(parsed: UiParsedExpression & { ok: false }, nodeId?: string): UiDiagnostic {
  const failure = parsed.failure;
  const range = failure.range
    ? { start: parsed.range.start + failure.range.start, end: parsed.range.start + failure.range.end }
    : parsed.range;
  const code: UiDiagnosticCode = failure.code === "forbidden_key" ? "forbidden_name" : "expression_syntax";
  return diagnostic(code, range, nodeId, failure.message);
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 13;
}
