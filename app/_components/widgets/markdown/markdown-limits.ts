/**
 * How much Markdown the renderer formats, and why each bound is where it is.
 * The parser (micromark) is iterative but slows down more than linearly on
 * deep nesting and long runs of brackets or emphasis; the stages after it
 * (mdast-util-to-hast, hast-util-to-jsx-runtime, React's renderers) recurse
 * once per level of the tree and run out of stack at a few thousand levels.
 * So a text is measured before it is parsed (`split-markdown.ts`) and its
 * tree after (`remark-bound-tree.ts`); a part past any bound is shown as
 * plain text with a note saying which, never as an error.
 */

/** Why a part of a Markdown text is shown as plain text instead of formatted. */
export type MarkdownLimit = "nesting" | "length" | "nodes" | "error";

/**
 * Quote and list markers a line may open (`> > - 1.`). Real replies stay
 * under ten; past this the parser's time grows with the square of the depth,
 * and a thousand levels took seconds.
 */
export const MARKDOWN_MAX_CONTAINER_NESTING = 32;

/**
 * Brackets (`[`) and emphasis delimiters (`*`, `_`, `~`) a paragraph may hold
 * open at once. Prose opens one or two; thousands make the parser match
 * every closer against every opener.
 */
export const MARKDOWN_MAX_INLINE_NESTING = 32;

/**
 * Brackets and emphasis delimiter runs one paragraph may hold at all, open
 * or not. The parser matches every closer against the openers before it, so
 * a paragraph's time grows with the square of their number: 20,000 lone
 * closers (`a* a* a*…`) took 48 s. Prose has tens.
 */
export const MARKDOWN_MAX_INLINE_MARKERS = 1_000;

/**
 * Levels of the parsed tree (root, quote, list, item, paragraph, emphasis…).
 * The limits above add up to well under this; it is the check that holds
 * whatever the pre-scan missed, far below the depth at which the recursive
 * stages overflow the stack (about 3,000 in Node, less in a browser).
 */
export const MARKDOWN_MAX_TREE_DEPTH = 100;

/**
 * Nodes of the tree of one chunk (estimated from its markup before parsing,
 * counted after). A table of a thousand rows is about 11,000; past this a
 * chunk costs the page more than it gives.
 */
export const MARKDOWN_MAX_NODES = 20_000;

/**
 * Characters of one block (the text between two places where the text may be
 * split: a table, a list, a long paragraph, a code fence). The same size as
 * the highlighter's limit (`HIGHLIGHT_MAX_CHARACTERS`): past it a block is
 * shown as it was written, without formatting.
 */
export const MARKDOWN_MAX_BLOCK_CHARACTERS = 50_000;

/**
 * Characters of a whole text that are formatted at all. Twice the replay
 * model's largest reply; the rest of a longer text is shown as plain text.
 */
export const MARKDOWN_MAX_CHARACTERS = 4_000_000;

/**
 * Characters a chunk collects before the text is split at the next block
 * boundary. A reply shorter than this is one chunk, formatted exactly as one
 * text; a longer one is formatted chunk by chunk, so one bad chunk leaves
 * the others alone, a streaming reply re-parses only its last chunk, and
 * chunks far from the screen can wait. Formatting one chunk is a task of
 * some 10 ms on a laptop (the parser does about a megabyte in two seconds),
 * short enough to run between two keystrokes.
 */
export const MARKDOWN_CHUNK_CHARACTERS = 4_000;

/**
 * Characters past which a chunk is closed at the next boundary even where it
 * would split a loose list in two (a list written with blank lines between
 * its items is otherwise kept in one chunk).
 */
export const MARKDOWN_CHUNK_MAX_CHARACTERS = 4 * MARKDOWN_CHUNK_CHARACTERS;

/** The plain-worded note shown above a part past a limit. */
export const MARKDOWN_LIMIT_NOTES: Record<MarkdownLimit, string> = {
  nesting: "This part is nested too deeply to format, so it is shown as plain text.",
  length: "This part is too long to format, so it is shown as plain text.",
  nodes: "This part has too many elements to format, so it is shown as plain text.",
  error: "This part could not be formatted, so it is shown as plain text.",
};
