/**
 * The durable diagnostics preamble: what did not render in earlier replies,
 * told to the model at the start of its next real prompt so it writes better
 * blocks from then on. The chat core stores the entries; this module only
 * words them. Their text comes partly from model output (a component name, a
 * field), so every piece is flattened to one line and capped before it goes
 * back into a prompt.
 */
import { z } from "zod";

/** More than this many findings is noise to a model; the rest are counted, not listed. */
export const PREAMBLE_DIAGNOSTICS_LIMIT = 20;

/** Long enough for any diagnostic's wording; short enough that quoted model output stays a quote. */
export const PREAMBLE_FIELD_MAX_CHARACTERS = 240;

/** One thing that did not render as written. */
export const PreambleDiagnosticSchema = z.object({
  /** The diagnostic code (`unknown_component`, `refused_prop`, `node_dropped`, …). */
  code: z.string().min(1),
  /** The diagnostic's own wording. */
  message: z.string(),
  /** Where it was: reply, block or panel id, path or line (`reply 3, block build, line 4`). */
  where: z.string(),
  /** Which surface it came from. */
  dialect: z.enum(["ui", "octo-ui", "render_ui"]).optional(),
});

/** One preamble entry. */
export type PreambleDiagnostic = z.infer<typeof PreambleDiagnosticSchema>;

/** The preamble section of a system prompt, or an empty string when nothing failed. */
export function diagnosticsPreambleText(diagnostics: readonly PreambleDiagnostic[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  let omitted = 0;
  for (const diagnostic of diagnostics) {
    const line = formatEntry(diagnostic);
    // The same mistake in three places is one lesson.
    const key = `${diagnostic.dialect ?? ""}|${diagnostic.code}|${oneLine(diagnostic.message)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (lines.length < PREAMBLE_DIAGNOSTICS_LIMIT) lines.push(line);
    else omitted += 1;
  }
  if (lines.length === 0) return "";
  return [
    "# What did not render in your earlier replies",
    "Parts of the UI you wrote earlier in this conversation could not be drawn as written: the person saw a fallback, a trimmed panel, or nothing in their place. Each line says what was wrong and where. From now on, write blocks that avoid these mistakes. If a block you are about to write would repeat one, fix it first. Do not apologise for them or mention this list unless the person asks.",
    ...lines,
    ...(omitted > 0 ? [`- …and ${omitted} more of the same kinds.`] : []),
  ].join("\n");
}

function formatEntry(diagnostic: PreambleDiagnostic): string {
  const dialect = diagnostic.dialect ? `[${diagnostic.dialect}] ` : "";
  const where = oneLine(diagnostic.where);
  return `- ${dialect}${oneLine(diagnostic.code)}: ${oneLine(diagnostic.message)}${where ? ` (${where})` : ""}`;
}

// One line, bounded, with backtick runs shortened so quoted model output cannot open a fence.
function oneLine(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").replace(/`{3,}/g, "``").trim();
  return flat.length > PREAMBLE_FIELD_MAX_CHARACTERS ? `${flat.slice(0, PREAMBLE_FIELD_MAX_CHARACTERS - 1)}…` : flat;
}
