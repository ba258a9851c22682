/**
 * Markdown building blocks for the fallback: text that stays text. Model and
 * host text is escaped so that it never turns into HTML, a link, an image, a
 * heading or a list it was not — in CommonMark and GitHub-flavoured Markdown
 * (the autolink literals `https://…`, `www.…` and e-mail addresses included).
 */

/** Characters that start inline syntax anywhere in a line: escapes, code, emphasis, links, HTML, tables, strikethrough. */
const INLINE_SPECIAL = /[\\`*_[\]<>|~]/g;

/** Collapses every run of whitespace (newlines included) into one space, so text cannot start a new block. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ");
}

/** Escapes text for use inside a Markdown line: no HTML, no links, no emphasis, no code, no entities. */
export function escapeMarkdownText(text: string): string {
  return collapseWhitespace(text)
    .replace(INLINE_SPECIAL, "\\$&")
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, "\\&")
    .replace(/:\/\//g, ":\\/\\/")
    .replace(/\b(www)\./gi, "$1\\.")
    .replace(/@/g, "\\@");
}

/** Escapes what would open a block when it stands first on a line: `# `, `- `, `+ `, `= `, `1. `, `2) `. */
export function escapeBlockStart(line: string): string {
  const ordered = /^(\d{1,9})([.)])/.exec(line);
  if (ordered) return `${ordered[1]}\\${ordered[2]}${line.slice(ordered[0].length)}`;
  return /^[#+=-]/.test(line) ? `\\${line}` : line;
}

/** Escaped text that may stand first in a paragraph, list item or quote. */
export function escapeMarkdownLine(text: string): string {
  return escapeBlockStart(escapeMarkdownText(text).trim());
}

/** A code span holding `text` literally, whatever backticks it contains. */
export function markdownCodeSpan(text: string): string {
  const content = collapseWhitespace(text);
  if (content.trim() === "") return "";
  const longestRun = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = "`".repeat(longestRun + 1);
  const padded = /^[` ]|[` ]$/.test(content) ? ` ${content} ` : content;
  return `${ticks}${padded}${ticks}`;
}

/** The lines of a fenced code block holding `code` literally; the fence is longer than any backtick run inside. */
export function markdownCodeFence(code: string, language?: string): string[] {
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  // Only a leading run of safe characters: an info string is otherwise free text (and a backtick would end the fence line).
  const info = /^[A-Za-z0-9_+#.-]*/.exec(language ?? "")?.[0] ?? "";
  const lines = code === "" ? [] : code.replace(/\r\n?/g, "\n").split("\n");
  return [`${fence}${info}`, ...lines, fence];
}
