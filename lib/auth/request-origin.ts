/**
 * The origin the current request came to, for links better-auth cannot make
 * absolute itself: without `BETTER_AUTH_URL` it learns the origin only from
 * requests to its own handler, so a link built during a server action (the
 * sign-up form, the re-send button) comes out relative. A server action's
 * `Origin` header is the address the browser used, and Next.js refuses an
 * action whose `Origin` does not match its `Host`.
 */
import "server-only";
import { headers } from "next/headers";

/** The request's origin (`Origin`, else `http://` + `Host`), or undefined outside a request or without either header. */
export async function currentRequestOrigin(): Promise<string | undefined> {
  let requestHeaders: Headers;
  try {
    requestHeaders = new Headers(await headers());
  } catch {
    return undefined;
  }
  const origin = requestHeaders.get("origin");
  if (origin && origin !== "null") return originOf(origin);
  const host = requestHeaders.get("host");
  return host ? originOf(`http://${host}`) : undefined;
}

function originOf(candidate: string): string | undefined {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
