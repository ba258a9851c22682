/**
 * What an artifact's text may be: a string that encodes to UTF-8 exactly
 * (no lone surrogate, which would turn into U+FFFD and change the bytes a
 * download gives), with no NUL (Postgres text cannot hold one), within the
 * size cap. Refused text comes back as a sentence the model can act on.
 */
import { ARTIFACT_LIMITS } from "./limits";

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What checking a text gives: its UTF-8 size, or why it is refused. */
export type ArtifactContentCheck = { ok: true; bytes: number } | { ok: false; error: string };

/** UTF-8 bytes of a string (no Buffer: this module is shared with the browser). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      // A surrogate pair is one code point of four bytes (a lone surrogate is refused before this matters).
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** Checks an artifact's text (see the file comment). */
export function checkArtifactContent(content: string): ArtifactContentCheck {
  if (content.includes("\u0000")) return { ok: false, error: "The content contains a NUL character (U+0000), which an artifact cannot hold. Remove it and try again." };
  if (LONE_SURROGATE.test(content)) {
    return { ok: false, error: "The content contains a lone UTF-16 surrogate (broken Unicode). Write the text as valid Unicode and try again." };
  }
  const bytes = utf8ByteLength(content);
  if (bytes > ARTIFACT_LIMITS.contentBytes) {
    return {
      ok: false,
      error: `The content is ${formatBytes(bytes)}; an artifact may hold at most ${formatBytes(ARTIFACT_LIMITS.contentBytes)}. Split it into several artifacts or shorten it.`,
    };
  }
  return { ok: true, bytes };
}

/** A byte count as people read it: `812 bytes`, `4.2 KiB`, `1.0 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
