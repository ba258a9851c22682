"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { codeLanguage, highlightCode } from "./highlight-code";
import styles from "./code-view.module.css";

/** Props of `CodeView`. */
export type CodeViewProps = {
  /** The code, shown exactly as given. */
  code: string;
  /** Its language as written (`ts`, `python`); highlighted when we ship the grammar, plain monospace otherwise. */
  language?: string;
  /** A title above the code (a file name). */
  title?: string;
};

/** How long "Copied" stays on the button. */
const COPIED_NOTICE_MS = 2_000;

/** A code block with highlighting and a copy button. */
export function CodeView({ code, language, title }: CodeViewProps) {
  const content = useMemo(() => highlightCode(code, language), [code, language]);
  const known = codeLanguage(language) !== undefined;
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(() => {
    const done = (result: "copied" | "failed") => {
      setCopied(result);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied("idle"), COPIED_NOTICE_MS);
    };
    if (typeof navigator === "undefined" || !navigator.clipboard) {
      done("failed");
      return;
    }
    navigator.clipboard.writeText(code).then(
      () => done("copied"),
      () => done("failed"),
    );
  }, [code]);

  return (
    <figure className={styles.codeView} data-language={known ? codeLanguage(language) : undefined}>
      <figcaption className={styles.header}>
        <span className={styles.title}>{title ?? (language ? language : "Code")}</span>
        <button type="button" className={`button button-ghost button-small ${styles.copy}`} onClick={copy}>
          {copied === "copied" ? "Copied" : copied === "failed" ? "Copy failed" : "Copy"}
          <span className="visually-hidden">{title ? ` ${title}` : " code"}</span>
        </button>
        <span className="visually-hidden" role="status">
          {copied === "copied" ? "Code copied to the clipboard" : copied === "failed" ? "Could not copy the code" : ""}
        </span>
      </figcaption>
      <pre className={styles.pre} tabIndex={0}>
        <code className={known ? "hljs" : undefined}>{content}</code>
      </pre>
    </figure>
  );
}
