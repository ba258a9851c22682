"use client";

import { MARKDOWN_LIMIT_NOTES, type MarkdownLimit } from "./markdown-limits";
import styles from "./markdown.module.css";

/** Props of `MarkdownFallback`. */
export type MarkdownFallbackProps = {
  /** The part's Markdown, shown as it was written. */
  text: string;
  /** Which limit it passed: the note says so. */
  limit: MarkdownLimit;
  /** Inside a line of text: a span instead of a box. */
  inline?: boolean;
};

/**
 * A part of a Markdown text that is not formatted: a short note saying why,
 * then the text itself as plain text (React escapes it; nothing in it is
 * read as Markdown or HTML). Never blank: the note stands even for a part of
 * nothing but markup.
 */
export function MarkdownFallback({ text, limit, inline = false }: MarkdownFallbackProps) {
  const note = MARKDOWN_LIMIT_NOTES[limit];
  if (inline) {
    return (
      <span className={styles.inlineFallback} data-markdown-limit={limit}>
        <span className={styles.inlineFallbackNote}>{note}</span> <span className={styles.plainText}>{text}</span>
      </span>
    );
  }
  return (
    <div className={styles.fallback} data-markdown-limit={limit}>
      <p className={styles.fallbackNote}>{note}</p>
      {/* Focusable like a code block: a long part scrolls within its box, by keyboard too. */}
      <pre className={styles.plainText} tabIndex={0}>
        {text}
      </pre>
    </div>
  );
}
