/**
 * The app's Content-Security-Policy and the other security headers every
 * response carries: a backstop behind the renderers (which never put model
 * HTML in the DOM) — should anything slip through, the page still loads
 * nothing from another origin: no remote image (a model cannot plant a
 * tracking pixel), no remote script, style, font, frame or connection, no
 * plugin, no `<base>` or form pointing away, and no framing by another site.
 *
 * Scripts: Next.js streams each page's React Server Components payload in
 * inline `<script>` tags that differ on every request, so no hash can list
 * them. On the app's own pages (`proxy.ts`) each request gets a fresh nonce:
 * Next.js reads it from the request's policy and puts it on every script it
 * writes, and `'strict-dynamic'` lets those scripts load the chunks they
 * import; an injected script has no nonce and does not run. Prerendered
 * pages (the dev galleries, the static not-found page) are written once at
 * build time, when no nonce exists: they keep `'unsafe-inline'` for scripts,
 * still from this origin only.
 *
 * Styles keep `'unsafe-inline'`: React writes `style` attributes (chart
 * geometry, progress widths) and mermaid's SVG carries its own `<style>`
 * element; attributes cannot carry a nonce, and a nonce in `style-src` would
 * make browsers ignore `'unsafe-inline'`. A style cannot run code, and
 * `img-src`, `font-src` and `connect-src` keep it from fetching anything
 * remote.
 *
 * `next dev` needs `'unsafe-eval'` (React rebuilds server error stacks with
 * `eval`) and its hot-reload WebSocket.
 */

/** Random bytes in a nonce: 128 bits, as CSP recommends, so it cannot be guessed. */
export const CSP_NONCE_BYTES = 16;

/** Options of `contentSecurityPolicy`. */
export type ContentSecurityPolicyOptions = {
  /** The request's nonce; absent for responses written without one (prerendered pages, API routes). */
  nonce?: string;
  /** `next dev` (relaxed as it needs), rather than a production server. */
  development: boolean;
};

/** The policy as one header value (see the file comment). */
export function contentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  const scripts = options.nonce === undefined ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${options.nonce}'`, "'strict-dynamic'"];
  if (options.development) scripts.push("'unsafe-eval'");
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", ...scripts],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...(options.development ? ["ws:", "wss:"] : [])],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** A fresh nonce: `CSP_NONCE_BYTES` random bytes in base64. */
export function createCspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CSP_NONCE_BYTES));
  return btoa(String.fromCharCode(...bytes));
}

/** The other security headers of every response. */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  // A response is what its content type says, never sniffed into script or HTML.
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Other sites learn the origin a link came from, never the chat's path.
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
];
