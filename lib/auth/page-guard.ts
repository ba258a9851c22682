/**
 * Pages authorize through the same policy as handlers and actions; this turns
 * the policy's refusals into what a page does: sign in first, or a 404.
 */
import "server-only";
import { notFound, redirect } from "next/navigation";
import { isAppError } from "@/lib/errors";

/** The sign-in page, which takes `next` (where to go afterwards). */
export const SIGN_IN_PATH = "/sign-in";

/** The page that says whether the person's address is verified and sends a new link; verification links land there. */
export const VERIFY_EMAIL_PATH = "/verify-email";

/** A same-site path to return to after signing in, or "/" for anything else (no open redirects). */
export function safeNextPath(candidate: unknown): string {
  if (typeof candidate !== "string") return "/";
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) return "/";
  return candidate;
}

/**
 * Runs a page's policy checks: `unauthorized` redirects to sign-in (back to
 * `path` afterwards); `not_found` and `forbidden` render the 404 page, so a
 * page never says whether what was refused exists.
 */
export async function guardPage<Result>(path: string, check: () => Promise<Result>): Promise<Result> {
  try {
    return await check();
  } catch (caught) {
    if (!isAppError(caught)) throw caught;
    if (caught.kind === "unauthorized") redirect(`${SIGN_IN_PATH}?next=${encodeURIComponent(safeNextPath(path))}`);
    if (caught.kind === "not_found" || caught.kind === "forbidden") notFound();
    throw caught;
  }
}
