/**
 * The two ways an artifact's text leaves the server, with the headers that
 * keep it from ever running as the app:
 *
 * - a download: the exact UTF-8 bytes, the kind's type, always
 *   `attachment` (opened directly, an HTML artifact is saved, never shown on
 *   the app's origin), `nosniff`, and a policy that would let nothing run
 *   even if a browser showed it anyway;
 * - a page (HTML artifacts only), for the panel's sandboxed frame: a policy
 *   of its own that makes it an opaque origin (`sandbox allow-scripts`, no
 *   `allow-same-origin`) with no network at all (`default-src 'none'`;
 *   scripts and styles inline only), so it can run its own code but cannot
 *   read the app, its cookies or storage, or reach any host — and only the
 *   app itself may frame it.
 *
 * next.config.ts sets the same policies on these paths: its own header for
 * every response would otherwise win over the handler's.
 */
import { artifactFileName } from "./artifact-path";
import { artifactContentType, type ArtifactKind } from "./artifact-kind";

/** The policy of an HTML artifact's page (see the file comment). */
export const ARTIFACT_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  "img-src data: blob:",
  "font-src data:",
  "media-src data: blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  "sandbox allow-scripts",
].join("; ");

/** The policy of a download: nothing runs, nothing loads, nobody frames it. */
export const ARTIFACT_DOWNLOAD_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** The URL path patterns (next.config.ts `headers()`) of the two routes. */
export const ARTIFACT_ROUTE_SOURCES = {
  content: "/api/chats/:id/artifacts/:artifactId/versions/:version/content",
  page: "/api/chats/:id/artifacts/:artifactId/versions/:version/page",
} as const;

/** What a page or a download may tell another site it came from: nothing (the path names the chat). */
const REFERRER_POLICY = "no-referrer";

/**
 * The headers next.config.ts sets on the two routes, where the app's own
 * for every response (its policy, its referrer rule) would otherwise win
 * over the handler's: Next keeps a header that is already set.
 */
export const ARTIFACT_ROUTE_HEADERS = {
  page: [
    { key: "Content-Security-Policy", value: ARTIFACT_PAGE_POLICY },
    { key: "Referrer-Policy", value: REFERRER_POLICY },
  ],
  content: [
    { key: "Content-Security-Policy", value: ARTIFACT_DOWNLOAD_POLICY },
    { key: "Referrer-Policy", value: REFERRER_POLICY },
  ],
} as const;

/** Headers the two routes share. */
const COMMON_HEADERS = {
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
  "referrer-policy": REFERRER_POLICY,
  "cross-origin-resource-policy": "same-origin",
};

/**
 * A `Content-Disposition` value naming the file: an ASCII fallback for old
 * clients and the exact name in RFC 5987 form (`filename*=UTF-8''…`).
 */
export function contentDisposition(type: "attachment" | "inline", path: string): string {
  const name = artifactFileName(path);
  const fallback = name.replace(/[^A-Za-z0-9._ ()+@-]/g, "_") || "artifact";
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A download of one version (see the file comment). */
export function artifactDownloadResponse(input: { path: string; kind: ArtifactKind; content: string }): Response {
  return new Response(new TextEncoder().encode(input.content), {
    headers: {
      ...COMMON_HEADERS,
      "content-type": artifactContentType(input.kind),
      "content-disposition": contentDisposition("attachment", input.path),
      "content-security-policy": ARTIFACT_DOWNLOAD_POLICY,
    },
  });
}

/** The sandboxed page of one HTML version (see the file comment). */
export function artifactPageResponse(input: { path: string; content: string }): Response {
  return new Response(new TextEncoder().encode(input.content), {
    headers: {
      ...COMMON_HEADERS,
      "content-type": "text/html; charset=utf-8",
      "content-disposition": contentDisposition("inline", input.path),
      "content-security-policy": ARTIFACT_PAGE_POLICY,
    },
  });
}
