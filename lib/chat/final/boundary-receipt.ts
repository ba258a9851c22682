/**
 * Receipt entries for what the model boundary changed or refused in a reply:
 * characters the database cannot store, replaced (one entry with the count,
 * not one per character; the store replaces the ones escapes in the UI
 * decode to as well, and says so), and calls to tools the app never offered (one
 * entry per call, naming the tool). They are listed in the reply's inspector
 * like any other, and go into the next prompt's preamble, so the model
 * learns the tool does not exist. A tool name is model output: it is cut
 * and reduced to the characters tool names are made of before it is quoted.
 */
import type { ReceiptEntry } from "../wire";

/** The code of the entry counting replaced characters. */
export const TEXT_REPLACED_CODE = "text_replaced";

/** The code of an entry for a call to a tool that was never offered. */
export const UNKNOWN_TOOL_CODE = "unknown_tool";

/**
 * Most refused calls one reply lists by name; the rest are counted in one
 * entry. A model looping on an invented tool is one lesson, not a page of them.
 */
export const UNKNOWN_TOOL_CALLS_LISTED = 20;

/** Longest tool name quoted (providers allow 64 characters). */
export const TOOL_NAME_MAX_LENGTH = 64;

/** A call to a tool the app did not offer, as the reply saw it. */
export type RefusedToolCall = {
  /** The name the model used, as it sent it. */
  toolName: string;
  /** Length of the reply text when the call was made. */
  textOffset: number;
};

/** What the model boundary reports about one reply. */
export type BoundaryReport = {
  /** UTF-16 units replaced with U+FFFD in the reply's text and tool calls. */
  replacedCharacters: number;
  /**
   * True when the final compile's parts held such characters too, decoded
   * from escapes the text spells out (`\u{0}`, `\u0000`), and they were
   * replaced there. Not counted: a value is held in more than one place of a tree.
   */
  replacedInParts?: boolean;
  /** Calls to tools never offered, in order (all of them; the receipt lists the first `UNKNOWN_TOOL_CALLS_LISTED`). */
  refusedTools: readonly RefusedToolCall[];
};

/** A report with nothing in it. */
export const EMPTY_BOUNDARY_REPORT: BoundaryReport = { replacedCharacters: 0, refusedTools: [] };

/** The receipt entries of a boundary report (see the file comment). */
export function boundaryReceiptEntries(report: BoundaryReport): ReceiptEntry[] {
  const entries: ReceiptEntry[] = [];
  const count = report.replacedCharacters;
  if (count > 0 || report.replacedInParts) {
    const counted = `${count} ${count === 1 ? "character" : "characters"} the database cannot store (NUL, or half of a surrogate pair) ${count === 1 ? "was" : "were"} replaced with \uFFFD`;
    const message =
      count === 0
        ? "Escapes in the reply's UI stand for characters the database cannot store (NUL, or half of a surrogate pair); they were replaced with \uFFFD."
        : report.replacedInParts
          ? `${counted}, and so were the ones escapes in the reply's UI stand for.`
          : `${counted}.`;
    entries.push({ code: TEXT_REPLACED_CODE, message, where: "the whole reply" });
  }
  report.refusedTools.slice(0, UNKNOWN_TOOL_CALLS_LISTED).forEach((call, index) => {
    const name = toolNameLabel(call.toolName);
    entries.push({
      code: UNKNOWN_TOOL_CODE,
      message: `The call to a tool named "${name}" was refused: this app offers no tool of that name, so nothing ran.`,
      where: `tool call ${index + 1} (${name}), after ${call.textOffset} characters`,
    });
  });
  const unlisted = report.refusedTools.length - UNKNOWN_TOOL_CALLS_LISTED;
  if (unlisted > 0) {
    entries.push({
      code: UNKNOWN_TOOL_CODE,
      message: `${unlisted} more ${unlisted === 1 ? "call" : "calls"} to tools this app does not offer ${unlisted === 1 ? "was" : "were"} refused.`,
      where: "the whole reply",
    });
  }
  return entries;
}

/**
 * A tool name fit to quote to a person and back to a model: the characters
 * provider tool names are made of (letters, digits, `_ - . :`) kept, any
 * other (a quote, a newline, a control or bidi character) shown as `?`, and
 * at most `TOOL_NAME_MAX_LENGTH` of them.
 */
export function toolNameLabel(name: string): string {
  const units = Array.from(name);
  const kept = units.slice(0, TOOL_NAME_MAX_LENGTH).map((character) => (/^[A-Za-z0-9_.:-]$/.test(character) ? character : "?"));
  const label = kept.join("") + (units.length > TOOL_NAME_MAX_LENGTH ? "…" : "");
  return label.length > 0 ? label : "(no name)";
}
