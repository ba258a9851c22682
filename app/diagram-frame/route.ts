/**
 * The isolated diagram frame's document: public (the same blank page for
 * everyone; it reads no cookie and no user data), sent with its own strict
 * policy (next.config.ts leaves this path out of the app's policy, which
 * would forbid the framing).
 */
import { SECURITY_HEADERS } from "@/lib/security/content-security-policy";
import { diagramFrameResponseParts } from "./frame-document";

/** The frame's document, with the policy naming the bundle at the host the browser asked. */
export function GET(request: Request): Response {
  const url = new URL(request.url);
  const forwardedProtocol = request.headers.get("x-forwarded-proto");
  const { html, policy } = diagramFrameResponseParts({
    protocol: forwardedProtocol === "https" ? "https:" : url.protocol,
    host: request.headers.get("host") ?? url.host,
  });
  const headers = new Headers({
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": policy,
    // The policy names the host the request came to: never cached for another.
    "cache-control": "no-store",
  });
  for (const header of SECURITY_HEADERS) headers.set(header.key, header.value);
  return new Response(html, { headers });
}
