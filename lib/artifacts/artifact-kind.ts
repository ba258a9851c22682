/**
 * What an artifact is, which decides how the panel shows it and what type a
 * download carries: a Markdown document (rendered, no raw HTML), code
 * (highlighted), CSV or JSON data (a table where the shape allows), an SVG
 * image (shown inert), an HTML page (run in a sandbox with no network), or
 * plain text. The kind comes from the model or, when it names none, from the
 * path's extension.
 */
import { z } from "zod";

/** Every kind, in the order the guide lists them. */
export const ARTIFACT_KINDS = ["markdown", "html", "svg", "code", "csv", "json", "text"] as const;

/** What an artifact is. */
export const ArtifactKindSchema = z.enum(ARTIFACT_KINDS);
/** What an artifact is. */
export type ArtifactKind = z.infer<typeof ArtifactKindSchema>;

/** One line per kind, for the model (the guide) and the panel's labels. */
export const ARTIFACT_KIND_NOTES: Readonly<Record<ArtifactKind, string>> = {
  markdown: "a document, rendered as Markdown (raw HTML in it is dropped)",
  html: "a standalone page, run in a sandbox: its inline scripts run, but it has no network, no cookies and no access to the chat",
  svg: "an image, shown inert (its scripts and links do nothing, external references are not loaded)",
  code: "a source file, shown highlighted by its extension",
  csv: "comma-separated data with a header row, shown as a table",
  json: "JSON data; an array of objects is shown as a table",
  text: "plain text",
};

/** Extensions of each kind besides code; any other extension with a letter in it is code, none at all is text. */
const EXTENSION_KINDS: Readonly<Record<string, ArtifactKind>> = {
  md: "markdown",
  markdown: "markdown",
  html: "html",
  htm: "html",
  svg: "svg",
  csv: "csv",
  json: "json",
  txt: "text",
  text: "text",
  log: "text",
};

/** The extension of a path's file name, lower-cased (`Report.MD` → `md`), or "" when it has none. */
export function artifactExtension(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** The kind a path implies when the model names none. */
export function inferArtifactKind(path: string): ArtifactKind {
  const extension = artifactExtension(path);
  if (extension === "") return "text";
  return EXTENSION_KINDS[extension] ?? (/[a-z]/.test(extension) ? "code" : "text");
}

/**
 * The `Content-Type` a download of this kind carries. Code is served as plain
 * text whatever its language: a download is read, never executed, and no
 * script type should ever come from a model's file on the app's origin.
 */
export function artifactContentType(kind: ArtifactKind): string {
  switch (kind) {
    case "markdown":
      return "text/markdown; charset=utf-8";
    case "html":
      return "text/html; charset=utf-8";
    case "svg":
      return "image/svg+xml; charset=utf-8";
    case "csv":
      return "text/csv; charset=utf-8";
    case "json":
      return "application/json; charset=utf-8";
    case "code":
    case "text":
      return "text/plain; charset=utf-8";
  }
}
