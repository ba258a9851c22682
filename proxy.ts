/**
 * A fresh Content-Security-Policy nonce for every request to the app's own
 * pages: Next.js reads the nonce from the request's policy and puts it on
 * every script it writes, so only those run (see
 * lib/security/content-security-policy.ts). The pages listed are rendered per
 * request; prerendered ones (the dev galleries, the static not-found page)
 * cannot carry a per-request nonce and keep next.config.ts's policy.
 */
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, createCspNonce } from "./lib/security/content-security-policy";

/** Adds the nonced policy to the request (for Next.js to read) and to the response (for the browser to enforce). */
export function proxy(request: NextRequest): NextResponse {
  const policy = contentSecurityPolicy({ nonce: createCspNonce(), development: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

/** The pages rendered per request (constants: Next.js reads them at build time). */
export const config = {
  matcher: ["/", "/chat/:path*", "/admin/:path*", "/compare/:path*", "/guest", "/sign-in", "/sign-up", "/verify-email", "/projects/:path*"],
};
