/**
 * The app paths of a project's read-only pages (app/(project)/projects/…):
 * where a host-link chip navigates. Every dynamic part is percent-encoded, so
 * a path is always a relative app path with no whitespace (`isUiSafeHref`).
 */

/** Encodes one path segment; `encodeURIComponent` leaves nothing a browser would reinterpret. */
function segment(text: string): string {
  return encodeURIComponent(text);
}

/** Characters of a short sha (git's default). */
const SHORT_SHA_LENGTH = 7;

/** A commit's short sha, as chips, query rows and the project pages show it. */
export function shortSha(sha: string): string {
  return sha.slice(0, SHORT_SHA_LENGTH);
}

/** The project's overview page. */
export function projectHref(projectId: string): string {
  return `/projects/${segment(projectId)}`;
}

/** The fragment id of a line on a file page (the page marks that line and scrolls to it). */
export function lineAnchor(line: number): string {
  return `L${line}`;
}

/** A file's page, optionally at one line. */
export function projectFileHref(projectId: string, path: string, line?: number): string {
  const base = `${projectHref(projectId)}/files/${path.split("/").map(segment).join("/")}`;
  return line === undefined ? base : `${base}?line=${line}#${lineAnchor(line)}`;
}

/** A commit's page, by its full sha. */
export function projectCommitHref(projectId: string, sha: string): string {
  return `${projectHref(projectId)}/commits/${segment(sha)}`;
}

/** A diff's page, by its id. */
export function projectDiffHref(projectId: string, diffId: string): string {
  return `${projectHref(projectId)}/diffs/${segment(diffId)}`;
}

/** A node's page, by its ref (`service:billing-api`). */
export function projectNodeHref(projectId: string, ref: string): string {
  return `${projectHref(projectId)}/nodes/${segment(ref)}`;
}
