"use client";

import { Markdown } from "../markdown/markdown";
import styles from "./fallback.module.css";

/** Props of `Fallback`. */
export type FallbackProps = {
  /** What the part said, as Markdown (a block's or element's fallback text); shown under the notice. */
  text?: string;
  /** Why it could not be shown, one line each; on hover and behind "Why?". */
  diagnostics?: readonly string[];
  /** The notice (default "This part could not be shown"). */
  title?: string;
  /** Drawn inside a line of text (a sentence, a list entry): a small marked span instead of a box. */
  inline?: boolean;
};

/** Diagnostic lines listed under "Why?": the first few say enough; more is noise. */
export const FALLBACK_MAX_DIAGNOSTICS = 5;

/**
 * A clear, small box standing in for a part that cannot be drawn (an unknown
 * or invalid component, a broken block): a notice, the part's text, and the
 * diagnostic on hover or expand. The page around it keeps working.
 */
export function Fallback({ text, diagnostics = [], title = "This part could not be shown", inline = false }: FallbackProps) {
  if (inline) {
    const hasText = text !== undefined && text.trim() !== "";
    return (
      <span className={styles.inlineFallback} data-fallback="" title={[title, ...diagnostics].join("\n")}>
        <span aria-hidden="true" className={styles.inlineIcon}>
          !
        </span>
        <span className="visually-hidden">{`${title}${hasText ? ": " : ""}`}</span>
        {hasText ? <Markdown text={text} inline /> : <span aria-hidden="true">{title}</span>}
      </span>
    );
  }
  const shown = diagnostics.slice(0, FALLBACK_MAX_DIAGNOSTICS);
  const hidden = diagnostics.length - shown.length;
  return (
    <div className={styles.fallback} data-fallback="" title={diagnostics.length > 0 ? diagnostics.join("\n") : undefined}>
      <p className={styles.notice}>
        <span aria-hidden="true" className={styles.icon}>
          !
        </span>
        {title}
      </p>
      {text && text.trim() !== "" ? (
        <div className={styles.text}>
          <Markdown text={text} />
        </div>
      ) : null}
      {shown.length > 0 ? (
        <details className={styles.details}>
          <summary>Why?</summary>
          <ul>
            {shown.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
            {hidden > 0 ? <li>{`and ${hidden} more`}</li> : null}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
