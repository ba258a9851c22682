/**
 * The intermediate syntax of one UI block body, as `parseUiSyntax` returns it:
 * what was written, with source ranges, before the catalog gives it meaning.
 * Props stay raw (a decoded string, an expression's source text, a flag);
 * the compiler turns this into `UiNode`s. Ranges are UTF-16 offsets in the
 * block body.
 */
import type { UiDiagnostic, UiRange } from "../envelope/schema";

/** One prop of a start tag. */
export type UiSyntaxProp = {
  /** The prop name as written. */
  name: string;
  /** Where the name stands. */
  nameRange: UiRange;
  /** `string`: `prop="…"`; `expression`: `prop={…}`; `flag`: a bare `prop`. */
  kind: "string" | "expression" | "flag";
  /** The decoded text (`string`), the expression's source between the braces (`expression`), or "" (`flag`). */
  value: string;
  /** Where the value stands (inside the quotes or braces); the name's range for a flag. */
  valueRange: UiRange;
  /** The whole prop, name to closing quote or brace. */
  range: UiRange;
  /** False for a quoted value cut off by the end of the input: `value` is the text received so far. */
  complete: boolean;
};

/** An element: `<Name props>children</Name>` or `<Name props/>`. */
export type UiSyntaxElement = {
  kind: "element";
  /** The component name as written. */
  name: string;
  /** Where the name stands. */
  nameRange: UiRange;
  /** From its `<` to the end of its closing tag (or the end of the input while it is open). */
  range: UiRange;
  /** The start tag, `<` to `>` (or to the end of the input while it is cut off). */
  tagRange: UiRange;
  /** Props in source order (the first of a duplicated name only). */
  props: UiSyntaxProp[];
  /** Children in source order. */
  children: UiSyntaxNode[];
  /** Written `<Name … />`. */
  selfClosing: boolean;
  /** True once the start tag's `>` has arrived. */
  tagComplete: boolean;
  /** True once the element is closed (by its closing tag, `/>`, or recovery); false while more may arrive. */
  complete: boolean;
  /** A `CodeBlock`/`Diagram` body: everything up to the matching closing tag, leading and trailing blank line trimmed. */
  literal?: { text: string; range: UiRange };
};

/** A run of text between tags, whitespace normalised as JSX does. */
export type UiSyntaxText = {
  kind: "text";
  /** The text after normalisation: lines trimmed where they meet a line break, blank lines dropped, lines joined by one space. */
  text: string;
  /** The raw run, from its first character. */
  range: UiRange;
  /** False while the run may still grow (it reaches the end of an unfinished input). */
  complete: boolean;
};

/** An `{expression}` interpolation among children. */
export type UiSyntaxInterpolation = {
  kind: "expression";
  /** The expression's source between the braces. */
  source: string;
  /** The source's range (inside the braces). */
  sourceRange: UiRange;
  /** From `{` to `}`. */
  range: UiRange;
};

/** A `{/* … *\/}` comment. */
export type UiSyntaxComment = {
  kind: "comment";
  /** The comment's text between `/*` and `*\/`. */
  text: string;
  /** From `{` to `}`. */
  range: UiRange;
  /** False when the input ended inside it. */
  complete: boolean;
};

/** Anything that may stand among children or at the top level. */
export type UiSyntaxNode = UiSyntaxElement | UiSyntaxText | UiSyntaxInterpolation | UiSyntaxComment;

/** One `$name = expression` declaration. */
export type UiSyntaxDeclaration = {
  /** The name without `$`. */
  name: string;
  /** Where `$name` stands. */
  nameRange: UiRange;
  /** The right-hand side's source, trimmed. */
  expression: string;
  /** Where the right-hand side stands. */
  expressionRange: UiRange;
  /** From `$` to the end of the expression. */
  range: UiRange;
};

/** The parsed body of one UI block. */
export type UiSyntax = {
  /** Declarations in source order; a redeclared name keeps its first declaration. */
  declarations: UiSyntaxDeclaration[];
  /** Top-level nodes in source order. */
  nodes: UiSyntaxNode[];
  /** Problems found while parsing, in source order. */
  diagnostics: UiDiagnostic[];
  /** True when nothing is left open: every element closed, no tag, prop, comment or declaration cut off. */
  complete: boolean;
};
