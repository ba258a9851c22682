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
 *   `allow-same-origin`) with no network at all (`default-src 'none'`, no
 *   frames, no workers), so it can run its own code but cannot read the app,
 *   its cookies or storage, or reach any host — and only the app itself may
 *   frame it. CSP does not govern WebRTC or `<link rel=preconnect>` in
 *   Chromium, so the page is also rewritten (artifact-page-document.ts): its
 *   refused tags neutralised, its scripts guarded (artifact-page-guard.ts),
 *   and only those scripts may run (their hashes; no `'unsafe-inline'`),
 *   under Trusted Types so that every markup string passes the guard's policy.
 *   `X-DNS-Prefetch-Control: off` keeps links from prefetching DNS. No `Link`
 *   header is ever sent.
 *
 * The page's policy differs per version (its hashes), so next.config.ts keeps
 * the app's policy off that path (a header set there wins over the handler's)
 * and sets the download's policy and both referrer rules.
 */
import { artifactFileName } from "./artifact-path";
import { artifactContentType, type ArtifactKind } from "./artifact-kind";
import { artifactPageDocument } from "./artifact-page-document";

/**
 * The policy of an HTML artifact's page whose guarded scripts have these
 * sources (`'sha256-…'`; none: no script runs). See the file comment.
 */
export function artifactPagePolicy(scriptSources: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${scriptSources.length > 0 ? scriptSources.join(" ") : "'none'"}`,
    "style-src 'unsafe-inline'",
    "img-src data: blob:",
    "font-src data:",
    "media-src data: blob:",
    "frame-src 'none'",
    "child-src 'none'",
    "worker-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    "require-trusted-types-for 'script'",
    "trusted-types default",
    "sandbox allow-scripts",
  ].join("; ");
}

/** What an error on the page route may run or load: nothing. */
export const ARTIFACT_PAGE_ERROR_POLICY = "default-src 'none'; frame-ancestors 'self'; sandbox";

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
  page: [{ key: "Referrer-Policy", value: REFERRER_POLICY }],
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

/** The sandboxed page of one HTML version, rewritten and under its own policy (see the file comment). */
export function artifactPageResponse(input: { path: string; content: string }): Response {
  const page = artifactPageDocument(input.content);
  return new Response(new TextEncoder().encode(page.html), {
    headers: {
      ...COMMON_HEADERS,
      "content-type": "text/html; charset=utf-8",
      "content-disposition": contentDisposition("inline", input.path),
      "content-security-policy": artifactPagePolicy(page.scriptSources),
      "x-dns-prefetch-control": "off",
    },
  });
}

/** `response` (an error answer of the page route) under a policy that runs and loads nothing. */
export function withArtifactPageErrorPolicy(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("content-security-policy", ARTIFACT_PAGE_ERROR_POLICY);
  headers.set("x-content-type-options", "nosniff");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
