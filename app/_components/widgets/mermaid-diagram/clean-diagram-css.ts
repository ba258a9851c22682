/**
 * The CSS half of the diagram cleaner (clean-diagram-svg.ts): a diagram's
 * `<style>` sheet, its `style` attributes and its presentation attributes
 * (`fill="…"` is parsed as CSS too) are rebuilt from an allowlist — known
 * properties, values made of known functions, and no reference outside the
 * diagram: a `url(…)` survives only as `url(#id)` to an id the diagram
 * itself declares (rewritten to the scoped id). Everything is checked on
 * the text we emit, not the text we were given, so an escape, a comment or
 * an unclosed `url(` cannot hide a reference from the check.
 *
 * Rules are scoped: every selector must start with the diagram's own root
 * id, so a diagram's sheet can style only the diagram. Keyframe names and
 * ids named in selectors get the diagram's prefix, so they cannot collide
 * with the page's.
 */

/** Ids and names of the diagram the CSS is cleaned for. */
export type DiagramCssScope = {
  /** The scoped id of the diagram's root `<svg>`: every selector must start with `#rootId`. */
  rootId: string;
  /** The diagram's prefix, for names it did not declare (an id in a selector that matches nothing). */
  prefix: string;
  /** The ids the diagram declares, as written → scoped. */
  ids: ReadonlyMap<string, string>;
  /** The keyframes the diagram's sheets declare, as written → scoped. */
  keyframes: ReadonlyMap<string, string>;
};

/** Cleaned CSS, and whether something that pointed outside the diagram was dropped from it. */
export type CssCleaning = { css: string; droppedReference: boolean };

/** A cleaned value, or why it was dropped: `reference` when it pointed outside the diagram. */
export type CssValueCleaning = { value: string } | { dropped: "reference" | "unsupported" };

/** Properties a diagram may set: what mermaid's sheets and SVG presentation use; nothing that positions outside the diagram's box or loads. */
const ALLOWED_PROPERTIES: ReadonlySet<string> = new Set([
  "alignment-baseline",
  "align-items",
  "animation",
  "animation-delay",
  "animation-direction",
  "animation-duration",
  "animation-iteration-count",
  "animation-name",
  "animation-timing-function",
  "background",
  "background-color",
  "baseline-shift",
  "border",
  "border-bottom",
  "border-color",
  "border-left",
  "border-radius",
  "border-right",
  "border-style",
  "border-top",
  "border-width",
  "box-shadow",
  "clip-path",
  "clip-rule",
  "color",
  "cursor",
  "display",
  "dominant-baseline",
  "fill",
  "fill-opacity",
  "fill-rule",
  "filter",
  "flood-color",
  "flood-opacity",
  "font",
  "font-family",
  "font-size",
  "font-stretch",
  "font-style",
  "font-variant",
  "font-weight",
  "height",
  "justify-content",
  "letter-spacing",
  "lighting-color",
  "line-height",
  "margin",
  "margin-bottom",
  "margin-left",
  "margin-right",
  "margin-top",
  "marker",
  "marker-end",
  "marker-mid",
  "marker-start",
  "mask",
  "max-height",
  "max-width",
  "min-height",
  "min-width",
  "mix-blend-mode",
  "opacity",
  "overflow",
  "padding",
  "padding-bottom",
  "padding-left",
  "padding-right",
  "padding-top",
  "paint-order",
  "pointer-events",
  "r",
  "rotate",
  "rx",
  "ry",
  "scale",
  "shape-rendering",
  "stop-color",
  "stop-opacity",
  "stroke",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-opacity",
  "stroke-width",
  "text-align",
  "text-anchor",
  "text-decoration",
  "text-overflow",
  "text-rendering",
  "text-transform",
  "transform",
  "transform-box",
  "transform-origin",
  "transition",
  "transition-duration",
  "translate",
  "vector-effect",
  "vertical-align",
  "visibility",
  "white-space",
  "width",
  "word-spacing",
  "x",
  "y",
]);

/** Custom properties a diagram may declare and read: mermaid's own (its font family). */
const CUSTOM_PROPERTY = /^--mermaid-[\w-]+$/;

/** Functions a value may call: colours, arithmetic, transforms, filters and timing — none of them loads anything. */
const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  "rgb",
  "rgba",
  "hsl",
  "hsla",
  "hwb",
  "lab",
  "lch",
  "oklab",
  "oklch",
  "color",
  "color-mix",
  "calc",
  "min",
  "max",
  "clamp",
  "translate",
  "translatex",
  "translatey",
  "rotate",
  "scale",
  "scalex",
  "scaley",
  "matrix",
  "skew",
  "skewx",
  "skewy",
  "drop-shadow",
  "brightness",
  "contrast",
  "grayscale",
  "saturate",
  "sepia",
  "invert",
  "hue-rotate",
  "blur",
  "opacity",
  "cubic-bezier",
  "steps",
]);

/** Functions that load something: dropping one of these is a refused reference, not just an unknown value. */
const LOADING_FUNCTIONS: ReadonlySet<string> = new Set(["url", "src", "image", "image-set", "-webkit-image-set", "cross-fade", "-webkit-cross-fade", "element", "-moz-element", "paint"]);

/** Characters no value or selector we emit carries: escapes, comments, rule and block punctuation, at-rules, markup. */
const FORBIDDEN_CHARACTERS = /[\\{};@<>!]|\/\*|\*\/|[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** Text that suggests a value was trying to load something (or hide that it was): classed as a dropped reference. */
const REFERENCE_HINT = /url|image|src\s*\(|@import|\\/i;

/** Characters no selector we emit carries (a selector may combine with `>`, but never escape or end its rule). */
const FORBIDDEN_SELECTOR_CHARACTERS = /[\\{};@<!]|\/\*|\*\/|[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** `!important` at the end of a declaration. */
const IMPORTANT = /\s*!\s*important\s*$/i;

/** A function call in a value: its name (empty for bare parentheses). */
const FUNCTION_CALL = /(-?[A-Za-z_][\w-]*)?\(/g;

/** A local reference at the start of the text: `url(#id)`, the id optionally quoted. */
const LOCAL_URL = /^url\(\s*(['"]?)#([\w.:-]+)\1\s*\)/i;

/** A `var(--name)` reference at the start of the text. */
const VAR_REFERENCE = /^var\(\s*(--[\w-]+)\s*\)/i;

/** An identifier, for keyframe names in `animation`. */
const IDENTIFIER = /-?[A-Za-z_][\w-]*/g;

/** `@keyframes name` (and mermaid's older `-webkit-` form). */
const KEYFRAMES_RULE = /@(?:-webkit-)?keyframes\s+(-?[A-Za-z_][\w-]*)/gi;

/** A keyframe selector: `from`, `to`, or percentages. */
const KEYFRAME_SELECTOR = /^(?:from|to|\d+(?:\.\d+)?%)(?:\s*,\s*(?:from|to|\d+(?:\.\d+)?%))*$/i;

/** The id `id` as the diagram scoped with `prefix` calls it: prefixed, and with only characters a selector takes unescaped. */
export function scopedName(prefix: string, id: string): string {
  return `${prefix}-${id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

/** True when quotes and parentheses in `text` are balanced and no string spans a line. */
function balanced(text: string): boolean {
  let depth = 0;
  let quote: string | undefined;
  for (const character of text) {
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
      else if (character === "\n" || character === "\r") return false;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === "(") depth += 1;
    else if (character === ")") {
      depth -= 1;
      if (depth < 0) return false;
    }
  }
  return depth === 0 && quote === undefined;
}

/**
 * One CSS value, cleaned: known functions only, `url(#id)` only to the diagram's own ids (rewritten),
 * `var()` only of mermaid's custom properties. Used for declarations and presentation attributes alike.
 */
export function cleanCssValue(value: string, scope: DiagramCssScope): CssValueCleaning {
  const trimmed = value.trim();
  if (FORBIDDEN_CHARACTERS.test(trimmed) || !balanced(trimmed)) return { dropped: REFERENCE_HINT.test(trimmed) ? "reference" : "unsupported" };
  const replacements: { start: number; end: number; text: string }[] = [];
  FUNCTION_CALL.lastIndex = 0;
  for (let match = FUNCTION_CALL.exec(trimmed); match !== null; match = FUNCTION_CALL.exec(trimmed)) {
    const name = (match[1] ?? "").toLowerCase();
    if (name === "") continue;
    const rest = trimmed.slice(match.index);
    if (name === "url") {
      const local = LOCAL_URL.exec(rest);
      const scoped = local ? scope.ids.get(local[2]!) : undefined;
      if (!local || scoped === undefined) return { dropped: "reference" };
      replacements.push({ start: match.index, end: match.index + local[0].length, text: `url(#${scoped})` });
      FUNCTION_CALL.lastIndex = match.index + local[0].length;
    } else if (name === "var") {
      const reference = VAR_REFERENCE.exec(rest);
      if (!reference || !CUSTOM_PROPERTY.test(reference[1]!)) return { dropped: "unsupported" };
    } else if (!ALLOWED_FUNCTIONS.has(name)) {
      return { dropped: LOADING_FUNCTIONS.has(name) ? "reference" : "unsupported" };
    }
  }
  let cleaned = "";
  let position = 0;
  for (const replacement of replacements) {
    cleaned += trimmed.slice(position, replacement.start) + replacement.text;
    position = replacement.end;
  }
  cleaned += trimmed.slice(position);
  // The text we emit is checked again: the only `url` left in it is one we wrote (`url (` with a space
  // is no function to a browser, but it is not emitted either).
  const written = new Set(replacements.map((replacement) => replacement.text));
  for (const match of cleaned.matchAll(/url\s*\([^)]*\)?/gi)) {
    if (!written.has(match[0])) return { dropped: "reference" };
  }
  return { value: cleaned };
}

/** `animation` / `animation-name`: keyframe names the diagram declares get its prefix. */
function scopeAnimationNames(value: string, scope: DiagramCssScope): string {
  return value.replace(IDENTIFIER, (name) => scope.keyframes.get(name) ?? name);
}

/** Splits `text` at `separator` outside strings and parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === "(" || character === "[") depth += 1;
    else if (character === ")" || character === "]") depth = Math.max(0, depth - 1);
    else if (character === separator && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** One declaration, cleaned, or undefined when it is dropped (with the reason recorded). */
function cleanDeclaration(declaration: string, scope: DiagramCssScope, dropped: { reference: boolean }): string | undefined {
  const colon = declaration.indexOf(":");
  if (colon < 0) return undefined;
  const property = declaration.slice(0, colon).trim().toLowerCase();
  let value = declaration.slice(colon + 1);
  if (!ALLOWED_PROPERTIES.has(property) && !CUSTOM_PROPERTY.test(property)) {
    if (REFERENCE_HINT.test(value)) dropped.reference = true;
    return undefined;
  }
  const important = IMPORTANT.test(value);
  if (important) value = value.replace(IMPORTANT, "");
  const cleaned = cleanCssValue(value, scope);
  if ("dropped" in cleaned) {
    if (cleaned.dropped === "reference") dropped.reference = true;
    return undefined;
  }
  if (cleaned.value === "") return undefined;
  const scopedValue = property === "animation" || property === "animation-name" ? scopeAnimationNames(cleaned.value, scope) : cleaned.value;
  return `${property}:${scopedValue}${important ? " !important" : ""}`;
}

/** A declaration list (a `style` attribute, or a rule's block), cleaned. */
export function cleanStyleDeclarations(text: string, scope: DiagramCssScope): CssCleaning {
  const dropped = { reference: false };
  // Comments are dropped, never kept: what is checked is what is emitted.
  const withoutComments = text.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, " ");
  const declarations = splitTopLevel(withoutComments, ";").flatMap((declaration) => {
    const cleaned = cleanDeclaration(declaration, scope, dropped);
    return cleaned === undefined ? [] : [cleaned];
  });
  return { css: declarations.join(";"), droppedReference: dropped.reference };
}

/** The keyframe names a sheet declares, so `animation` values can be scoped before any sheet is cleaned. */
export function keyframeNames(text: string): string[] {
  return [...text.matchAll(KEYFRAMES_RULE)].map((match) => match[1]!);
}

/** A selector list, scoped: ids prefixed; undefined when any selector does not start at the diagram's root. */
function scopeSelectors(prelude: string, scope: DiagramCssScope): string | undefined {
  if (FORBIDDEN_SELECTOR_CHARACTERS.test(prelude) || !balanced(prelude)) return undefined;
  const selectors: string[] = [];
  for (const selector of splitTopLevel(prelude, ",")) {
    const rewritten = rewriteSelectorIds(selector.trim(), scope);
    const root = `#${scope.rootId}`;
    if (!rewritten.startsWith(root) || /[\w-]/.test(rewritten.charAt(root.length))) return undefined;
    selectors.push(rewritten);
  }
  return selectors.length > 0 ? selectors.join(",") : undefined;
}

/** `#id` in a selector (outside strings and attribute brackets) becomes the scoped id. */
function rewriteSelectorIds(selector: string, scope: DiagramCssScope): string {
  let output = "";
  let quote: string | undefined;
  let bracket = 0;
  for (let index = 0; index < selector.length; index += 1) {
    const character = selector[index]!;
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
      output += character;
      continue;
    }
    if (character === '"' || character === "'") quote = character;
    else if (character === "[") bracket += 1;
    else if (character === "]") bracket = Math.max(0, bracket - 1);
    else if (character === "#" && bracket === 0) {
      const name = /^-?[A-Za-z_][\w-]*/.exec(selector.slice(index + 1))?.[0];
      if (name !== undefined) {
        output += `#${scope.ids.get(name) ?? scopedName(scope.prefix, name)}`;
        index += name.length;
        continue;
      }
    }
    output += character;
  }
  return output;
}

/** One item of a sheet: a prelude and its block, or a statement that ends at `;`. */
type SheetItem = { prelude: string; block?: string };

/** Splits a sheet into top-level items, respecting strings; comments are dropped; an unclosed block ends the sheet. */
function sheetItems(text: string): SheetItem[] {
  const items: SheetItem[] = [];
  const source = text.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, " ");
  let prelude = "";
  let index = 0;
  while (index < source.length) {
    const character = source[index]!;
    if (character === '"' || character === "'") {
      const end = source.indexOf(character, index + 1);
      if (end < 0) break;
      prelude += source.slice(index, end + 1);
      index = end + 1;
    } else if (character === ";") {
      items.push({ prelude: prelude.trim() });
      prelude = "";
      index += 1;
    } else if (character === "{") {
      const end = matchingBrace(source, index);
      if (end < 0) break;
      items.push({ prelude: prelude.trim(), block: source.slice(index + 1, end) });
      prelude = "";
      index = end + 1;
    } else if (character === "}") {
      // A stray closing brace: skip it and whatever prelude came before.
      prelude = "";
      index += 1;
    } else {
      prelude += character;
      index += 1;
    }
  }
  return items;
}

/** The index of the `}` closing the `{` at `open`, or -1. */
function matchingBrace(source: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let index = open; index < source.length; index += 1) {
    const character = source[index]!;
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === "{") depth += 1;
    else if (character === "}") {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/**
 * A diagram's `<style>` sheet, cleaned: style rules whose every selector starts at the diagram's
 * root, with clean declarations; `@keyframes` under the diagram's prefix. Every other at-rule
 * (`@import`, `@font-face`, `@media`, …) and any nested block is dropped.
 */
export function cleanStyleSheet(text: string, scope: DiagramCssScope): CssCleaning {
  let droppedReference = false;
  const rules: string[] = [];
  for (const item of sheetItems(text)) {
    if (item.block === undefined) {
      if (/^@import/i.test(item.prelude) || /url\s*\(/i.test(item.prelude)) droppedReference = true;
      continue;
    }
    if (item.prelude.startsWith("@")) {
      const keyframes = /^@(?:-webkit-)?keyframes\s+(-?[A-Za-z_][\w-]*)$/i.exec(item.prelude);
      const scoped = keyframes ? scope.keyframes.get(keyframes[1]!) : undefined;
      if (scoped === undefined) {
        if (/^@(?:import|font-face)/i.test(item.prelude) || /url\s*\(|src\s*:/i.test(item.block)) droppedReference = true;
        continue;
      }
      const frames: string[] = [];
      for (const frame of sheetItems(item.block)) {
        if (frame.block === undefined || !KEYFRAME_SELECTOR.test(frame.prelude) || frame.block.includes("{")) continue;
        const declarations = cleanStyleDeclarations(frame.block, scope);
        droppedReference ||= declarations.droppedReference;
        if (declarations.css !== "") frames.push(`${frame.prelude}{${declarations.css}}`);
      }
      if (frames.length > 0) rules.push(`@keyframes ${scoped}{${frames.join("")}}`);
      continue;
    }
    // Nested rules (CSS nesting) are not taken: a block is declarations only.
    if (item.block.includes("{")) {
      if (/url\s*\(/i.test(item.block)) droppedReference = true;
      continue;
    }
    const selectors = scopeSelectors(item.prelude, scope);
    const declarations = cleanStyleDeclarations(item.block, scope);
    droppedReference ||= declarations.droppedReference;
    if (selectors !== undefined && declarations.css !== "") rules.push(`${selectors}{${declarations.css}}`);
  }
  return { css: rules.join(""), droppedReference };
}
