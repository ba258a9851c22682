"use client";

import type { Element, ElementContent } from "hast";
import { Fragment, memo, useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from "react";
import formatWithReactMarkdown, { type Components, type ExtraProps, type UrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeView } from "../code-view/code-view";
import { MermaidDiagram } from "../mermaid-diagram/mermaid-diagram";
import { ScrollBox } from "../scroll-box/scroll-box";
import { PROSE_SCHEMES, safeHref } from "../safe-link/safe-href";
import { formatLater } from "./format-later";
import { MarkdownFallback } from "./markdown-fallback";
import type { MarkdownLimit } from "./markdown-limits";
import { MarkdownLimitError, remarkBoundTree } from "./remark-bound-tree";
import { markdownLimitOf, splitMarkdown, type MarkdownChunk } from "./split-markdown";
import styles from "./markdown.module.css";

/** Props of `Markdown`. */
export type MarkdownProps = {
  /** The Markdown text (a model's prose, or a block's fallback). */
  text: string;
  /** True while the text is still arriving: a mermaid fence at its end is not drawn until it closes. */
  streaming?: boolean;
  /** Draws the text inside a line (a `<span>`): block elements are unwrapped into their inline content. */
  inline?: boolean;
  /**
   * Chunks ending at or before this offset of the text are drawn as plain
   * text at first, and formatted once they near the screen or the browser
   * is idle (a long stored reply, far above the bottom of the thread). Default
   * 0: every chunk is formatted at once.
   */
  deferBefore?: number;
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
      <ScrollBox className={styles.tableScroll}>
        <table className="table">{children}</table>
      </ScrollBox>
    ),
  };
}

/** What formatting a text gave: its elements, or the limit it passed. */
type Formatted = { element: ReactElement } | { limit: MarkdownLimit };

/** Formats one text (a chunk, or an inline text) with react-markdown; see `Markdown`. */
function formatMarkdown(text: string, streaming: boolean, inline: boolean): Formatted {
  try {
    // react-markdown's synchronous `Markdown` is a pure function of its options (no hooks). Called as
    // one, inside this try, a tree past a limit (or any failure of the pipeline, a stack overflow
    // included) becomes the plain-text fallback instead of an exception in the middle of a render.
    const element = formatWithReactMarkdown({
      remarkPlugins: [remarkGfm, remarkBoundTree],
      skipHtml: true,
      urlTransform: markdownUrlTransform,
      components: markdownComponents(text, streaming),
      allowedElements: inline ? INLINE_ELEMENTS : undefined,
      unwrapDisallowed: inline,
      children: text,
    });
    return { element };
  } catch (error) {
    if (error instanceof MarkdownLimitError) return { limit: error.limit };
    if (error instanceof RangeError) return { limit: "nesting" };
    console.error("Markdown could not be formatted", error);
    return { limit: "error" };
  }
}

/** The blocks of a chunk, each formatted on its own: what a chunk whose whole tree passed a limit shows instead. */
function BlockByBlock({ text, blockStarts, streaming, limit }: { text: string; blockStarts: readonly number[]; streaming: boolean; limit: MarkdownLimit }) {
  if (blockStarts.length < 2) return <MarkdownFallback text={text} limit={limit} />;
  return blockStarts.map((start, index) => {
    const block = text.slice(start, blockStarts[index + 1] ?? text.length);
    const formatted = formatMarkdown(block, streaming, false);
    return "limit" in formatted ? <MarkdownFallback key={start} text={block} limit={formatted.limit} /> : <Fragment key={start}>{formatted.element}</Fragment>;
  });
}

type ChunkViewProps = { chunk: MarkdownChunk; streaming: boolean; deferred: boolean };

/** One chunk: formatted, shown plain past a limit, or (deferred) plain until it nears the screen or the browser is idle. */
const MarkdownChunkView = memo(
  function MarkdownChunkView({ chunk, streaming, deferred }: ChunkViewProps) {
    const { text, limit } = chunk;
    // A chunk first drawn formatted stays formatted: a reply that ends at the bottom of the thread becomes a stored
    // one whose prose above the last screens counts as deferred, and must not turn back into plain text.
    const [reached, setReached] = useState(!deferred);
    const placeholder = useRef<HTMLDivElement>(null);
    const waiting = deferred && !reached && limit === null;
    useEffect(() => {
      const element = placeholder.current;
      if (!waiting || element === null) return;
      return formatLater(element, () => setReached(true));
    }, [waiting]);
    const formatted = useMemo(() => (limit === null && !waiting ? formatMarkdown(text, streaming, false) : null), [text, limit, streaming, waiting]);
    if (limit !== null) return <MarkdownFallback text={text} limit={limit} />;
    if (formatted === null) {
      return (
        <div ref={placeholder} className={styles.deferred} data-markdown-deferred="">
          {text}
        </div>
      );
    }
    if ("limit" in formatted) return <BlockByBlock text={text} blockStarts={chunk.blockStarts} streaming={streaming} limit={formatted.limit} />;
    return formatted.element;
  },
  // Chunks are split anew on every update of a streaming text: an unchanged chunk is not drawn again.
  (previous, next) =>
    previous.chunk.text === next.chunk.text &&
    previous.chunk.limit === next.chunk.limit &&
    previous.streaming === next.streaming &&
    previous.deferred === next.deferred,
);

/** Whether a chunk may hold a diagram fence (a word test: a false yes costs a redraw, nothing more). */
const MERMAID_WORD = /mermaid/i;

/** Inline Markdown: one text, formatted whole or shown plain with the note. */
function InlineMarkdown({ text }: { text: string }) {
  const formatted = useMemo<Formatted>(() => {
    const limit = markdownLimitOf(text);
    return limit === null ? formatMarkdown(text, false, true) : { limit };
  }, [text]);
  if ("limit" in formatted) return <MarkdownFallback text={text} limit={formatted.limit} inline />;
  return formatted.element;
}

/**
 * Markdown prose: CommonMark with GitHub tables, task lists and autolinks.
 * Raw HTML is dropped (never parsed into elements), URLs pass the safe-link
 * rule, links open in a new tab, images show their alt text, and code fences
 * become `CodeView` (or `MermaidDiagram` for mermaid).
 *
 * Any text renders, whatever it holds: it is measured before it is parsed
 * and split into chunks (`split-markdown.ts`), its tree is checked after
 * (`remark-bound-tree.ts`), and a part past a limit is shown as plain text
 * with a note (`MarkdownFallback`) while the rest is formatted as usual.
 */
export const Markdown = memo(function Markdown({ text, streaming = false, inline = false, deferBefore = 0 }: MarkdownProps) {
  const chunks = useMemo(() => (inline ? [] : splitMarkdown(text)), [text, inline]);
  if (inline) {
    return (
      <span className={styles.inline}>
        <InlineMarkdown text={text} />
      </span>
    );
  }
  return (
    <div className={styles.markdown}>
      {chunks.map((chunk) => (
        // Streaming changes only how a diagram is drawn (not before its fence closes): other chunks keep their formatting when the reply ends.
        <MarkdownChunkView key={chunk.start} chunk={chunk} streaming={streaming && MERMAID_WORD.test(chunk.text)} deferred={chunk.end <= deferBefore} />
      ))}
    </div>
  );
});
