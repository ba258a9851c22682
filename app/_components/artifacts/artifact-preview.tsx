"use client";
/**
 * An artifact version drawn by its kind. Nothing a model wrote reaches the
 * app's page as markup: a document renders through the Markdown widget (raw
 * HTML dropped, URLs checked), an image is an `<img>` of an SVG blob (an SVG
 * as an image runs no script and loads nothing), data becomes a table of
 * text cells, and a page runs only in its sandboxed frame, served from its
 * own opaque origin (`ArtifactPageFrame`).
 */
import { useEffect, useMemo, useState } from "react";
import type { ArtifactKind } from "@/lib/artifacts/artifact-kind";
import { artifactExtension } from "@/lib/artifacts/artifact-kind";
import { csvTable, jsonTable, TABLE_MAX_ROWS } from "@/lib/artifacts/table-data";
import { CodeView } from "../widgets/code-view/code-view";
import { DataTable } from "../widgets/data-table/data-table";
import { Markdown } from "../widgets/markdown/markdown";
import { ArtifactPageFrame } from "./artifact-page-frame";
import styles from "./artifacts.module.css";

/** An SVG shown inert: an image of a blob URL, never markup in the page. */
function SvgImage({ content, label }: { content: string; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const created = URL.createObjectURL(new Blob([content], { type: "image/svg+xml" }));
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [content]);
  return <div className={styles.image}>{url !== null ? <img src={url} alt={label} /> : null}</div>;
}

/** CSV or JSON as a table, or the text when it is not one. */
function DataView({ kind, path, content }: { kind: "csv" | "json"; path: string; content: string }) {
  const table = useMemo(() => (kind === "csv" ? csvTable(content) : jsonTable(content)), [kind, content]);
  if (!table.ok) {
    return (
      <>
        <p className={styles.notice}>{table.reason} It is shown as text.</p>
        <CodeView code={content} language={kind} title={path} />
      </>
    );
  }
  const notes = [
    table.cutColumns > 0 ? `${table.cutColumns} more columns are not shown.` : "",
    table.rows.length === TABLE_MAX_ROWS ? `Only the first ${TABLE_MAX_ROWS.toLocaleString("en-US")} rows are shown.` : "",
  ].filter(Boolean);
  return <DataTable columns={table.columns} rows={table.rows} title={path} sortable filterable {...(notes.length > 0 ? { caption: notes.join(" ") } : {})} />;
}

/** Props of `ArtifactPreview`. */
export type ArtifactPreviewProps = {
  kind: ArtifactKind;
  path: string;
  /** The version's text (unused for a page, which its frame loads). */
  content: string;
  /** Where the version's sandboxed page is served. */
  pageUrl: string;
};

/** The version drawn by its kind; see the module comment. */
export function ArtifactPreview({ kind, path, content, pageUrl }: ArtifactPreviewProps) {
  switch (kind) {
    case "markdown":
      return (
        <article className={styles.document} aria-label={path}>
          <Markdown text={content} />
        </article>
      );
    case "html":
      return <ArtifactPageFrame key={pageUrl} src={pageUrl} title={`Page ${path}`} />;
    case "svg":
      return <SvgImage content={content} label={`Image ${path}`} />;
    case "csv":
    case "json":
      return <DataView kind={kind} path={path} content={content} />;
    case "code":
    case "text":
      return <CodeView code={content} language={kind === "code" ? artifactExtension(path) : undefined} title={path} />;
  }
}
