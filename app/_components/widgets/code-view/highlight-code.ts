/**
 * Syntax highlighting as a syntax tree (lowlight = highlight.js producing
 * hast), turned into React elements by hast-util-to-jsx-runtime: no HTML
 * string is ever built from the code, so nothing in it can become markup.
 */
import type { Root } from "hast";
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import bash from "highlight.js/lib/languages/bash";
import go from "highlight.js/lib/languages/go";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import { createLowlight } from "lowlight";
import type { ReactNode } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";

/** Longest code highlighted: past this, highlighting costs more than it helps, and plain text is shown. */
export const HIGHLIGHT_MAX_CHARACTERS = 50_000;

/**
 * The grammars we ship: the languages our users' replies carry most. Each
 * grammar brings its own aliases (ts, tsx, js, jsx, py, sh, zsh, html, svg,
 * golang, jsonc); `EXTRA_ALIASES` adds the ones models also write.
 */
const lowlight = createLowlight({ bash, go, javascript, json, python, typescript, xml });

/** Names models use that the grammars do not list themselves. */
const EXTRA_ALIASES: Readonly<Record<string, readonly string[]>> = {
  bash: ["shell", "console", "shellscript"],
  javascript: ["node", "es6"],
  typescript: ["typescriptreact"],
  json: ["json5"],
  python: ["python3", "py3"],
};
lowlight.registerAlias(EXTRA_ALIASES);

/** The grammar name for a language as written (`TS`, `tsx`, `sh`), or undefined when it is not one we ship. */
export function codeLanguage(language: string | undefined): string | undefined {
  if (language === undefined) return undefined;
  const name = language.trim().toLowerCase();
  if (name === "" || !/^[a-z0-9_+#.-]+$/.test(name)) return undefined;
  return lowlight.registered(name) ? name : undefined;
}

/** The highlighted tree of `code`, or undefined when the language is not shipped or the code is too long. */
export function highlightTree(code: string, language: string | undefined): Root | undefined {
  const name = codeLanguage(language);
  if (name === undefined || code.length > HIGHLIGHT_MAX_CHARACTERS) return undefined;
  try {
    return lowlight.highlight(name, code);
  } catch {
    // A grammar that fails on odd input must not take the reply down: show the code plainly.
    return undefined;
  }
}

/** `code` as React nodes: highlighted spans for a shipped language, the plain string otherwise. */
export function highlightCode(code: string, language: string | undefined): ReactNode {
  const tree = highlightTree(code, language);
  if (tree === undefined) return code;
  return toJsxRuntime(tree, { Fragment, jsx, jsxs });
}
