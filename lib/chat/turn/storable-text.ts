/**
 * Text the database will store. Postgres (UTF-8) refuses exactly one
 * character in `text`, NUL (U+0000), and in `jsonb` it refuses the `\u0000`
 * escape and any escaped half of a surrogate pair. A lone surrogate in a
 * JavaScript string is not refused by `text`: postgres.js and PGlite both
 * encode it to UTF-8 as U+FFFD, so what is stored silently differs from what
 * viewers were shown. Both are therefore replaced here, deliberately, with
 * U+FFFD — one UTF-16 unit for one, so every offset into the text (a card's
 * `textOffset`, a block's range, a viewer's delta `start`) keeps its meaning —
 * and counted, so the reply can say so. Nothing is deleted.
 */

/** What an unstorable character becomes: U+FFFD REPLACEMENT CHARACTER, the Unicode convention for "a character was here". */
export const REPLACEMENT_CHARACTER = "\uFFFD";

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one (no `u` flag: UTF-16 units). */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A quick test before the replace: most text holds none of these. */
const MAYBE_UNSTORABLE = /[\u0000\ud800-\udfff]/;

/** A string made storable, and how many UTF-16 units were replaced. */
export type StorableText = { text: string; replaced: number };

/** `text` with every NUL and lone surrogate replaced by U+FFFD (see the file comment). */
export function storableText(text: string): StorableText {
  if (!MAYBE_UNSTORABLE.test(text)) return { text, replaced: 0 };
  let replaced = 0;
  const cleaned = text.replace(UNSTORABLE, () => {
    replaced += 1;
    return REPLACEMENT_CHARACTER;
  });
  return { text: cleaned, replaced };
}

/** `text` made storable, when only the result matters (a person's prompt, a title). */
export function toStorableText(text: string): string {
  return storableText(text).text;
}

/** True when `code` is the first half of a surrogate pair. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * How `JSON.stringify` writes a NUL or a lone surrogate: as an escape (a whole
 * pair it writes as it is). A literal backslash-u in a string also matches;
 * that only costs the walk.
 */
const MAYBE_UNSTORABLE_JSON = /\\u0000|\\ud[89a-f]/i;

/**
 * A JSON value with every string in it (object keys included) made storable;
 * `replaced` counts the units replaced. Values that need nothing are returned
 * as they are (the same object); they are found by one native encoding
 * rather than a walk, since a reply's trees are mostly clean.
 */
export function storableJson<Value>(value: Value): { value: Value; replaced: number } {
  let encoded: string | undefined;
  try {
    encoded = JSON.stringify(value);
  } catch {
    encoded = undefined;
  }
  if (encoded !== undefined && !MAYBE_UNSTORABLE_JSON.test(encoded)) return { value, replaced: 0 };
  let replaced = 0;
  const visit = (node: unknown): unknown => {
    if (typeof node === "string") {
      const result = storableText(node);
      replaced += result.replaced;
      return result.text;
    }
    if (Array.isArray(node)) {
      let changed = false;
      const items = node.map((item) => {
        const next = visit(item);
        if (next !== item) changed = true;
        return next;
      });
      return changed ? items : node;
    }
    if (node !== null && typeof node === "object") {
      let changed = false;
      const entries = Object.entries(node).map(([key, item]) => {
        const nextKey = visit(key) as string;
        const next = visit(item);
        if (nextKey !== key || next !== item) changed = true;
        return [nextKey, next] as const;
      });
      return changed ? Object.fromEntries(entries) : node;
    }
    return node;
  };
  return { value: visit(value) as Value, replaced };
}
