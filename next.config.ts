import type { NextConfig } from "next";
import { ARTIFACT_ROUTE_HEADERS, ARTIFACT_ROUTE_SOURCES } from "./lib/artifacts/artifact-responses";
import { ATTACHMENT_ROUTE_HEADERS, ATTACHMENT_ROUTE_SOURCE } from "./lib/attachments/attachment-response";
import { contentSecurityPolicy, SECURITY_HEADERS } from "./lib/security/content-security-policy";
import { DIAGRAM_FRAME_PATH } from "./lib/security/diagram-frame-policy";

/** The diagram frame's path segment (DIAGRAM_FRAME_PATH without its slash), which sets its own policy. */
const DIAGRAM_FRAME_SEGMENT = DIAGRAM_FRAME_PATH.slice(1);

/** An artifact page's path (ARTIFACT_ROUTE_SOURCES.page as a regular expression, without its slash): its handler sets a policy of its own, with hashes. */
const ARTIFACT_PAGE_PATTERN = "api/chats/[^/]+/artifacts/[^/]+/versions/[^/]+/page/?$";

/** `next dev` needs a looser policy (eval for React's error stacks, its hot-reload socket); `next build` and `next start` never get it. */
const development = process.env.NODE_ENV === "development";

const nextConfig: NextConfig = {
  // Database drivers load WASM (PGlite) or open sockets (postgres.js): Node's own
  // `require` loads them on the server instead of the bundler.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  poweredByHeader: false,
  // Several builds can share one checkout (parallel work, CI beside a dev
  // server): NEXT_DIST_DIR gives each its own output folder.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  reactStrictMode: true,
  // `tsc --noEmit` runs over the same files as its own suite in `npm test`;
  // the build need not repeat it (and would trip over test-only files).
  typescript: { ignoreBuildErrors: true },
  // Every response carries the security headers. The policy here is the one
  // for responses written without a per-request nonce (prerendered pages, API
  // routes); proxy.ts gives the app's own pages a nonce and tightens their
  // scripts (lib/security/content-security-policy.ts says why each source is there).
  // The diagram frame (app/diagram-frame) sends its own, stricter policy: a
  // second policy here would be enforced beside it, and its
  // `frame-ancestors 'none'` would keep the app from framing it.
  async headers() {
    return [
      {
        source: `/:path((?!${DIAGRAM_FRAME_SEGMENT}(?:/|$)|${ARTIFACT_PAGE_PATTERN}).*)`,
        headers: [{ key: "Content-Security-Policy", value: contentSecurityPolicy({ development }) }, ...SECURITY_HEADERS],
      },
      { source: `/${DIAGRAM_FRAME_SEGMENT}/:path*`, headers: [...SECURITY_HEADERS] },
      // An artifact's page and download carry a policy and a referrer rule of their own
      // (lib/artifacts/artifact-responses.ts): a later rule's header replaces the one above,
      // which would otherwise also win over the handler's. The page's policy holds the hashes
      // of its own scripts, so only its handler can write it: the first rule leaves that path
      // out, and this one sets the security headers and the referrer rule alone.
      { source: ARTIFACT_ROUTE_SOURCES.page, headers: [...SECURITY_HEADERS, ...ARTIFACT_ROUTE_HEADERS.page] },
      { source: ARTIFACT_ROUTE_SOURCES.content, headers: [...ARTIFACT_ROUTE_HEADERS.content] },
      // An attached image is served under a policy of its own too (lib/attachments/attachment-response.ts).
      { source: ATTACHMENT_ROUTE_SOURCE, headers: [...ATTACHMENT_ROUTE_HEADERS] },
    ];
  },
};

export default nextConfig;
