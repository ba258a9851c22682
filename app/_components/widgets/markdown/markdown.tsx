"use client";

import type { Element, ElementContent } from "hast";
import { memo, type ReactNode } from "react";
import ReactMarkdown, { type Components, type ExtraProps, type UrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeView } from "../code-view/code-view";
import { MermaidDiagram } from "../mermaid-diagram/mermaid-diagram";
import { PROSE_SCHEMES, safeHref } from "../safe-link/safe-href";
import styles from "./markdown.module.css";

/** Props of `Markdown`. */
export type MarkdownProps = {
  /** The Markdown text (a model's prose, or a block's fallback). */
  text: string;
  /** True while the text is still arriving: a mermaid fence at its end is not drawn until it closes. */
  streaming?: boolean;
  /** Draws the text inside a line (a `<span>`): block elements are unwrapped into their inline content. */
  inline?: boolean;
};

/** What inline Markdown keeps; paragraphs, lists, headings and code blocks give up their wrappers. */
const INLINE_ELEMENTS: readonly string[] = ["a", "strong", "em", "del", "code", "br", "img", "input", "span", "sup", "sub"];

/**
 * Every URL in the prose — links and images alike — passes the safe-link rule
 * (http, https, mailto, tel); anything else is removed, and the element then
 * shows its text only.
 */
export const markdownUrlTransform: UrlTransform = (url) => safeHref(url, PROSE_SCHEMES);

/** The concatenated text of a hast node. */
function hastText(node: ElementContent | Element): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(hastText).join("");
  return "";
}

/** The language of a fenced code element (`language-ts` → `ts`). */
function fenceLanguage(code: Element): string | undefined {
  const className = code.properties.className;
  const classes: readonly unknown[] = Array.isArray(className) ? className : String(className ?? "").split(" ");
  for (const name of classes) {
    if (typeof name === "string" && name.startsWith("language-")) return name.slice("language-".length);
  }
  return undefined;
}

/** True when the fence spanning `[start, end)` of `text` ends with its closing line. */
function fenceClosed(text: string, node: Element | undefined): boolean {
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  if (start === undefined || end === undefined) return false;
  const source = text.slice(start, end).trimEnd();
  const opening = /^ {0,3}(`{3,}|~{3,})/.exec(source);
  if (!opening?.[1]) return false;
  const lastLine = source.slice(source.lastIndexOf("\n") + 1).trim();
  return source.includes("\n") && lastLine.startsWith(opening[1].charAt(0).repeat(opening[1].length)) && /^(`+|~+)$/.test(lastLine);
}

/** A link that opens elsewhere, or its text when the URL was removed. */
function MarkdownLink({ href, children }: { href?: string | undefined; children?: ReactNode }) {
  if (!href) return <span className={styles.deadLink}>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

/** An image is never loaded from a model's URL: its alt text stands in its place. */
function MarkdownImage({ alt }: { alt?: string | undefined }) {
  return (
    <span className={styles.image}>
      <span aria-hidden="true">🖼 </span>
      {alt ? `Image: ${alt}` : "Image (not loaded)"}
    </span>
  );
}

/** The renderer of a Markdown text, with its text kept for fence completion. */
function markdownComponents(text: string, streaming: boolean): Components {
  return {
    a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
    img: ({ alt }) => <MarkdownImage alt={alt} />,
    pre: ({ node, children }: { children?: ReactNode } & ExtraProps) => {
      const code = node?.children.find((child): child is Element => child.type === "element" && child.tagName === "code");
      if (!code) return <pre>{children}</pre>;
      const source = hastText(code).replace(/\n$/, "");
      const language = fenceLanguage(code);
      if (language?.toLowerCase() === "mermaid") {
        return <MermaidDiagram source={source} complete={!streaming || fenceClosed(text, node)} />;
      }
      return <CodeView code={source} language={language} />;
    },
    table: ({ children }) => (
      <div className={styles.tableScroll}>
        <table className="table">{children}</table>
      </div>
    ),
  };
}

/**
 * Markdown prose: CommonMark with GitHub tables, task lists and autolinks.
 * Raw HTML is dropped (never parsed into elements), URLs pass the safe-link
 * rule, links open in a new tab, images show their alt text, and code fences
 * become `CodeView` (or `MermaidDiagram` for mermaid).
 */
export const Markdown = memo(function Markdown({ text, streaming = false, inline = false }: MarkdownProps) {
  const content = (
    <ReactMarkdown
      remarkPlugins={[remarkGfm]}
      skipHtml
      urlTransform={markdownUrlTransform}
      components={markdownComponents(text, streaming)}
      allowedElements={inline ? INLINE_ELEMENTS : undefined}
      unwrapDisallowed={inline}
    >
      {text}
    </ReactMarkdown>
  );
  if (inline) return <span className={styles.inline}>{content}</span>;
  return <div className={styles.markdown}>{content}</div>;
});
