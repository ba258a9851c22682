/**
 * `parseUiSyntax`: the intermediate syntax of one UI block body, for compiler
 * tooling (and the compiler's own tests). One call reads the whole body with
 * `UiSyntaxParser`; elements still open at the end are kept and marked, with
 * what was received inside them.
 */
import { uiDiagnosticMessage, uiFailureMessage } from "../diagnostics/codes";
import type { UiDiagnostic } from "../envelope/schema";
import { resolveUiLimits } from "../limits";
import { UiSyntaxParser, type UiSyntaxOptions, type UiSyntaxState } from "./parser";
import type { UiSyntax, UiSyntaxNode } from "./types";

/** Options of `parseUiSyntax`. */
export type UiParseSyntaxOptions = UiSyntaxOptions & {
  /** True (the default) when the source is all there is: what is cut off is reported; false for a body still streaming. */
  final?: boolean;
};

/** Parses one UI block body into its intermediate syntax; never throws. */
export function parseUiSyntax(source: string, options: UiParseSyntaxOptions = {}): UiSyntax {
  const limits = resolveUiLimits(options.limits);
  const now = options.now ?? (() => globalThis.performance.now());
  const parser = new UiSyntaxParser({ ...options, now });
  parser.feed(source, now() + limits.elapsedMs);
  return uiSyntaxOfState(parser.view(options.final ?? true), limits.diagnostics);
}

/** The `UiSyntax` of an incremental parser's state (copies: later parsing does not change it). */
export function uiSyntaxOfState(state: UiSyntaxState, diagnosticsLimit: number): UiSyntax {
  return {
    declarations: state.pendingDeclaration ? [...state.declarations, state.pendingDeclaration] : [...state.declarations],
    nodes: materialize(state),
    diagnostics: uiSyntaxDiagnostics(state, diagnosticsLimit),
    complete: state.complete,
  };
}

/** The tree of a parser state with its open elements ending at the end of the input and its tail in place. */
function materialize(state: UiSyntaxState): UiSyntaxNode[] {
  const nodes = [...state.nodes];
  let children = nodes;
  for (const element of state.open) {
    const index = children.lastIndexOf(element);
    const copy = { ...element, range: { start: element.range.start, end: state.length }, children: [...element.children] };
    if (index >= 0) children[index] = copy;
    children = copy.children;
    if (element === state.open[state.open.length - 1] && state.literal) copy.literal = state.literal;
  }
  for (const node of state.tail) children.push(node);
  return nodes;
}

/**
 * All diagnostics of a parser state in source order, at most `limit` of them
 * plus one `too_many_diagnostics`; a budget failure is the one `budget_exceeded`.
 */
export function uiSyntaxDiagnostics(state: UiSyntaxState, limit: number): UiDiagnostic[] {
  if (state.failure) {
    return [
      {
        code: "budget_exceeded",
        message: uiDiagnosticMessage("budget_exceeded", uiFailureMessage(state.failure)),
        range: { start: 0, end: state.length },
      },
    ];
  }
  const all = [...state.diagnostics, ...state.tailDiagnostics].sort((left, right) => left.range.start - right.range.start);
  const omitted = state.omittedDiagnostics + Math.max(0, all.length - limit);
  const kept = all.slice(0, limit);
  if (omitted > 0)
    kept.push({
      code: "too_many_diagnostics",
      message: uiDiagnosticMessage("too_many_diagnostics", `${omitted} more`),
      range: { start: 0, end: state.length },
    });
  return kept;
}
