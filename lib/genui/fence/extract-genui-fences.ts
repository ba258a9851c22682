/**
 * Finding octo-ui fences in a reply, complete or still streaming. Fences
 * follow CommonMark at the top level of the document: an opening line of up
 * to three spaces and three or more backticks (or tildes) with an info
 * string whose first word is `octo-ui`, closed by a line of the same
 * character at least as long with nothing after it. A fence of any other
 * language is skipped whole, so an octo-ui example inside a ````markdown
 * fence is not a panel, and inside an octo-ui fence shorter fence lines are
 * body text. Fences inside block quotes or list items are not recognized.
 */
import { GenuiDiagnosticCollector, type GenuiDiagnostic } from "../diagnostics/diagnostic";
import { GENUI_BUDGETS } from "../limits";
import { parseGenuiSpec } from "../parse/parse-genui-spec";
import type { GenuiSpec } from "../schema/spec";
import { scanJson } from "./scan-json";

/** The info-string language of a GenUI fence. */
export const GENUI_FENCE_LANGUAGE = "octo-ui";

/** A span of the reply in UTF-16 offsets, end exclusive. */
export type GenuiTextRange = { start: number; end: number };

/** One octo-ui fence of a reply. */
export type GenuiFence = {
  /** The whole fence: its opening line through its closing line (without the closing line's line break), or to the end of an unfinished reply. */
  range: GenuiTextRange;
  /** The body between the opening and closing lines. */
  bodyRange: GenuiTextRange;
  /** True when the closing line was found; false for the last fence of a reply still streaming. */
  closed: boolean;
  /** The parsed and clamped spec (best effort while streaming), or null. */
  spec: GenuiSpec | null;
  /** The JSON reader's and the spec parser's diagnostics. */
  diagnostics: GenuiDiagnostic[];
};

const OPENING = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const CLOSING = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
/** The start of a closing line still arriving: only fence characters so far. */
const PARTIAL_CLOSING = /^ {0,3}(`+|~+)$/;

/** A fence's opening as found in the text. */
type OpenFence = { start: number; bodyStart: number; marker: string; isGenui: boolean };

function openingOf(line: string): { marker: string; language: string } | null {
  const match = OPENING.exec(line);
  if (match === null) return null;
  const marker = match[2] as string;
  const info = (match[3] as string).trim();
  // CommonMark: the info string of a backtick fence cannot contain a backtick.
  if (marker.startsWith("`") && info.includes("`")) return null;
  return { marker, language: info.split(/\s/, 1)[0] ?? "" };
}

function closes(line: string, marker: string): boolean {
  const match = CLOSING.exec(line);
  if (match === null) return false;
  const found = match[1] as string;
  return found[0] === marker[0] && found.length >= marker.length;
}

function readFence(text: string, open: OpenFence, bodyEnd: number, end: number, closed: boolean, parse: boolean): GenuiFence {
  const fence: GenuiFence = { range: { start: open.start, end }, bodyRange: { start: open.bodyStart, end: bodyEnd }, closed, spec: null, diagnostics: [] };
  const diagnostics = new GenuiDiagnosticCollector();
  if (!closed) diagnostics.report("unfinished_fence", "");
  if (!parse) {
    diagnostics.report("reply_budget", "");
    fence.diagnostics = diagnostics.finish();
    return fence;
  }
  const scan = scanJson(text.slice(open.bodyStart, bodyEnd));
  if (scan.error !== null) diagnostics.report("invalid_json", "", `at offset ${scan.error.offset}: ${scan.error.message}`);
  else if (closed && !scan.complete) diagnostics.report("invalid_json", "", "the JSON ends before it is complete");
  diagnostics.append(scan.diagnostics);
  if (scan.value !== undefined) {
    const parsed = parseGenuiSpec(scan.value, { surface: "fence" });
    fence.spec = parsed.spec;
    diagnostics.append(parsed.diagnostics);
  } else if (closed) diagnostics.report("missing_items", "");
  fence.diagnostics = diagnostics.finish();
  return fence;
}

/**
 * Every octo-ui fence in a reply, in order, each with its range, its spec and
 * its diagnostics. The last fence may be unfinished (a reply still
 * streaming): its body runs to the end of the text, minus a closing line
 * that is only partly there, and its JSON is read best-effort.
 */
export function extractGenuiFences(text: string): GenuiFence[] {
  const fences: GenuiFence[] = [];
  let open: OpenFence | null = null;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const contentEnd = lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 0x0d ? lineEnd - 1 : lineEnd;
    // Cheap pre-check before any regular expression: after up to three spaces, a fence line starts with ` or ~.
    let first = lineStart;
    while (first < contentEnd && first - lineStart < 3 && text.charCodeAt(first) === 0x20) first += 1;
    const code = text.charCodeAt(first);
    if (code === 0x60 || code === 0x7e) {
      const line = text.slice(lineStart, contentEnd);
      if (open === null) {
        const opening = openingOf(line);
        if (opening !== null) {
          open = { start: lineStart, bodyStart: newline === -1 ? text.length : newline + 1, marker: opening.marker, isGenui: opening.language === GENUI_FENCE_LANGUAGE };
        }
      } else if (closes(line, open.marker)) {
        if (open.isGenui) fences.push(readFence(text, open, lineStart, contentEnd, true, fences.length < GENUI_BUDGETS.fencesPerReply));
        open = null;
      }
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (open !== null && open.isGenui) {
    let bodyEnd = text.length;
    const lastLineStart = text.lastIndexOf("\n", text.length - 1) + 1;
    if (lastLineStart >= open.bodyStart) {
      const match = PARTIAL_CLOSING.exec(text.slice(lastLineStart));
      if (match !== null && (match[1] as string)[0] === open.marker[0]) bodyEnd = lastLineStart;
    }
    fences.push(readFence(text, open, bodyEnd, text.length, false, fences.length < GENUI_BUDGETS.fencesPerReply));
  }
  return fences;
}
