/**
 * `edit_file`'s semantics, pure: each edit replaces the one place its `find`
 * text occurs, in order, each against the text the edits before it left.
 * All or nothing — an edit whose `find` is empty, missing or occurs more than
 * once fails the whole call, and the artifact keeps its version. The error
 * says which edit failed and how to fix it (copy the text exactly, or add
 * context until it matches once), for the model's next step.
 */
import { z } from "zod";
import { checkArtifactContent } from "./artifact-content";
import { ARTIFACT_LIMITS } from "./limits";

/** One exact replacement. */
export const ArtifactEditSchema = z.object({
  find: z.string().describe("Text that occurs exactly once in the artifact as it stands, copied exactly (whitespace and line breaks included)."),
  replace: z.string().describe("The text that takes its place (empty to delete it)."),
});
/** One exact replacement. */
export type ArtifactEdit = z.infer<typeof ArtifactEditSchema>;

/** What applying edits gives: the new text, or why nothing changed. */
export type ApplyEditsResult = { ok: true; content: string } | { ok: false; error: string };

/** What the error names: the artifact and the version the edits were tried on. */
export type ApplyEditsTarget = { path: string; version: number };

/** Lines named in an ambiguity error; more would be noise. */
const LISTED_LINES = 5;

/** Applies `edits` to `content` in order, all or nothing (see the file comment). */
export function applyArtifactEdits(content: string, edits: readonly ArtifactEdit[], target: ApplyEditsTarget): ApplyEditsResult {
  const unchanged = `Nothing was changed: ${target.path} is still version ${target.version}.`;
  if (edits.length === 0) return { ok: false, error: `The call has no edits. ${unchanged} Pass at least one {find, replace}.` };
  if (edits.length > ARTIFACT_LIMITS.editsPerCall) {
    return { ok: false, error: `The call has ${edits.length} edits; at most ${ARTIFACT_LIMITS.editsPerCall} are allowed. ${unchanged} Use write_file to replace the whole file.` };
  }
  let text = content;
  for (const [index, edit] of edits.entries()) {
    const label = edits.length === 1 ? "The edit" : `Edit ${index + 1} of ${edits.length}`;
    if (edit.find.length === 0) return { ok: false, error: `${label} has an empty \`find\`. ${unchanged} Give the exact text to replace.` };
    const first = text.indexOf(edit.find);
    if (first === -1) {
      const hint = occursIgnoringWhitespace(text, edit.find)
        ? " A match exists if whitespace is ignored: copy the text exactly, with its indentation and line breaks."
        : " Call show_artifact to read its current text, then copy the `find` text exactly.";
      const earlier = index > 0 ? " (after the edits before it were applied)" : "";
      return { ok: false, error: `${label} failed: its \`find\` text does not occur in ${target.path}${earlier}. ${unchanged}${hint}` };
    }
    const positions = occurrences(text, edit.find, first);
    if (positions.length > 1) {
      const lines = [...new Set(positions.slice(0, LISTED_LINES).map((position) => lineOf(text, position)))];
      const more = positions.length > LISTED_LINES ? " and more" : "";
      return {
        ok: false,
        error: `${label} failed: its \`find\` text occurs ${positions.length} times in ${target.path} (lines ${lines.join(", ")}${more}). ${unchanged} Add surrounding text to \`find\` so it matches exactly once.`,
      };
    }
    text = text.slice(0, first) + edit.replace + text.slice(first + edit.find.length);
  }
  const check = checkArtifactContent(text);
  if (!check.ok) return { ok: false, error: `After the edits: ${check.error} ${unchanged}` };
  return { ok: true, content: text };
}

/** Where `find` starts in `text`, from its first occurrence on; overlapping ones count (`aa` in `aaa` is two places, so ambiguous). */
function occurrences(text: string, find: string, first: number): number[] {
  const positions = [first];
  for (let next = text.indexOf(find, first + 1); next !== -1; next = text.indexOf(find, next + 1)) positions.push(next);
  return positions;
}

/** The 1-based line of a position. */
function lineOf(text: string, position: number): number {
  let line = 1;
  for (let index = text.indexOf("\n"); index !== -1 && index < position; index = text.indexOf("\n", index + 1)) line += 1;
  return line;
}

function occursIgnoringWhitespace(text: string, find: string): boolean {
  const collapse = (value: string) => value.replace(/\s+/g, " ").trim();
  const needle = collapse(find);
  return needle.length > 0 && collapse(text).includes(needle);
}
