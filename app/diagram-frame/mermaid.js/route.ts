/**
 * mermaid's own bundle for the isolated diagram frame, from node_modules:
 * public (the same file for everyone; it reads no cookie and no user data).
 * Named by a digest of its bytes (`?v=`), so the current version is cached
 * for good.
 */
import { SECURITY_HEADERS } from "@/lib/security/content-security-policy";
import { mermaidBundle } from "../mermaid-bundle";

/** The bundle as JavaScript. */
export function GET(request: Request): Response {
  const { code, version } = mermaidBundle();
  const current = new URL(request.url).searchParams.get("v") === version;
  const headers = new Headers({
    "content-type": "text/javascript; charset=utf-8",
    "cache-control": current ? "public, max-age=31536000, immutable" : "no-cache",
  });
  for (const header of SECURITY_HEADERS) headers.set(header.key, header.value);
  return new Response(new Uint8Array(code), { headers });
}
