/**
 * An artifact's path: a name inside its chat, never a place on any disk. It
 * is relative (no leading `/`, no drive letter, no `\`), every segment is a
 * plain name (no `.` or `..`, no control or invisible characters), and its
 * length and depth are bounded. A path that breaks a rule is refused with a
 * sentence naming the rule, which the model reads and can act on; nothing is
 * silently rewritten, so the path the model wrote is the path it can use again.
 */
import { ARTIFACT_LIMITS } from "./limits";

/** What checking a path gives: the path (NFC-normalized), or why it is refused. */
export type ArtifactPathCheck = { ok: true; path: string } | { ok: false; error: string };

/** Characters a segment may hold: letters and digits of any script, space, dot, dash, underscore, parentheses, plus and at. */
const SEGMENT_CHARACTERS = /^[\p{L}\p{M}\p{N} ._\-()+@]+$/u;

/** An example the refusals point to. */
const EXAMPLE = "`report.md` or `site/index.html`";

/** Checks a path a model gave (see the file comment). */
export function checkArtifactPath(raw: unknown): ArtifactPathCheck {
  if (typeof raw !== "string" || raw.length === 0) return refuse("The path is empty.");
  const path = raw.normalize("NFC");
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

/** A segment quoted back with control and invisible characters shown as code points, and bounded. */
function visible(segment: string): string {
  const shown = [...segment.slice(0, 60)]
    .map((character) => (/[\p{Cc}\p{Cf}\p{Z}]/u.test(character) && character !== " " ? `U+${character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}` : character))
    .join("");
  return segment.length > 60 ? `${shown}…` : shown;
}
