/**
 * An artifact's path: a name inside its chat, never a place on any disk. It
 * is relative (no leading `/`, no drive letter, no `\`), every segment is a
 * plain name (no `.` or `..`, no control or invisible characters), and its
 * length and depth are bounded. A path that breaks a rule is refused with a
 * sentence naming the rule, which the model reads and can act on; nothing is
 * silently rewritten, so the path the model wrote is the path it can use again.
 *
 * A person must be able to tell two names apart: the path is taken in
 * compatibility form (NFKC: fullwidth `ｒｅｐｏｒｔ.md` is `report.md`), and a
 * path holding a default-ignorable code point (a zero-width character, a
 * Hangul filler such as U+3164, a variation selector, a combining grapheme
 * joiner, a soft hyphen…) or a bidirectional control is refused, not
 * cleaned: cleaned, the model would go on using a name the chat does not
 * hold. A name that reads as one the chat already has is refused by the
 * tools (`lookAlikeArtifactPath`), which know the chat's names.
 */
import { ARTIFACT_LIMITS } from "./limits";

/** What checking a path gives: the path (NFKC-normalized), or why it is refused. */
export type ArtifactPathCheck = { ok: true; path: string } | { ok: false; error: string };

/** Characters a segment may hold: letters and digits of any script, space, dot, dash, underscore, parentheses, plus and at. */
const SEGMENT_CHARACTERS = /^[\p{L}\p{M}\p{N} ._\-()+@]+$/u;

/** Characters that show nothing or reorder text: a name holding one looks like another name, or like none. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Bidirectional controls (embeddings, overrides, isolates, marks): a subset of the default-ignorables, named apart because they make a name read backwards. */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** An example the refusals point to. */
const EXAMPLE = "`report.md` or `site/index.html`";

/** Checks a path a model gave (see the file comment). */
export function checkArtifactPath(raw: unknown): ArtifactPathCheck {
  if (typeof raw !== "string" || raw.length === 0) return refuse("The path is empty.");
  const path = raw.normalize("NFKC");
  const invisible = [...new Set(path.match(INVISIBLE) ?? [])];
  if (invisible.length > 0) {
    const named = invisible.slice(0, 4).map(codePointName).join(", ");
    if (path.replace(INVISIBLE, "").trim().length === 0) return refuse(`The path is empty: it holds only invisible characters (${named}).`);
    if (invisible.some((character) => BIDI_CONTROL.test(character))) {
      return refuse(`The path holds a bidirectional control (${named}), which makes a name read in another order than it is written; write the name without it.`);
    }
    return refuse(`The path holds an invisible character (${named}), which would make it look like another name, or like none; write the name with visible letters only.`);
  }
  if (path.length > ARTIFACT_LIMITS.pathLength) {
    return refuse(`The path is ${path.length} characters long; the limit is ${ARTIFACT_LIMITS.pathLength}.`);
  }
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return refuse("The path is absolute; give a name inside the chat.");
  if (path.includes("\\")) return refuse("The path contains a backslash; separate folders with `/`.");
  const segments = path.split("/");
  if (segments.length > ARTIFACT_LIMITS.pathSegments) {
    return refuse(`The path has ${segments.length} parts; at most ${ARTIFACT_LIMITS.pathSegments} (folders and the file name) are allowed.`);
  }
  for (const segment of segments) {
    if (segment.length === 0) return refuse("The path has an empty part (a leading, trailing or doubled `/`).");
    if (segment === "." || segment === "..") return refuse("The path contains `.` or `..`; paths cannot leave or point into the chat's folders.");
    if (segment.trim() !== segment) return refuse(`The part "${segment}" starts or ends with a space.`);
    if (!SEGMENT_CHARACTERS.test(segment)) {
      return refuse(`The part "${visible(segment)}" holds a character that is not allowed; use letters, digits, spaces and . _ - ( ) + @.`);
    }
  }
  return { ok: true, path };
}

/** The last segment of a checked path: the name a download is saved under. */
export function artifactFileName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

function refuse(reason: string): ArtifactPathCheck {
  return { ok: false, error: `${reason} Use a relative name such as ${EXAMPLE}.` };
}

/** `U+XXXX` for a character. */
function codePointName(character: string): string {
  return `U+${character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** A segment quoted back with control and invisible characters shown as code points, and bounded. */
function visible(segment: string): string {
  const shown = [...segment.slice(0, 60)].map((character) => (/[\p{Cc}\p{Cf}\p{Z}]/u.test(character) && character !== " " ? codePointName(character) : character)).join("");
  return segment.length > 60 ? `${shown}…` : shown;
}
