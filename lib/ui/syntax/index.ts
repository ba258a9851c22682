/** The syntax of UI blocks: fences in Markdown, and the intermediate syntax of a block body. */
export { scanUiFences, UiFenceScanner, type UiFence } from "./fences";
export { parseUiFenceInfo, type UiFenceInfo } from "./fence-info";
export { parseUiSyntax, uiSyntaxOfState, type UiParseSyntaxOptions } from "./parse";
export { UiSyntaxParser, UI_LITERAL_ELEMENTS, uiSyntaxConstant, type UiSyntaxOptions, type UiSyntaxState } from "./parser";
export { readUiConstant } from "./constant";
export { normalizeUiText } from "./text-run";
export type {
  UiSyntax,
  UiSyntaxComment,
  UiSyntaxDeclaration,
  UiSyntaxElement,
  UiSyntaxInterpolation,
  UiSyntaxNode,
  UiSyntaxProp,
  UiSyntaxText,
} from "./types";
