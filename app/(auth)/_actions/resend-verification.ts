"use server";

import { headers } from "next/headers";
import { getUser } from "@/db/queries/users";
import { getAuth } from "@/lib/auth/auth";
import { VERIFY_EMAIL_PATH } from "@/lib/auth/page-guard";
import { requireActor } from "@/lib/auth/policy";
import { AppError, toPublicError } from "@/lib/errors";
import { toAuthError } from "./auth-api-error";
import type { VerificationFormState } from "./form-state";

/**
 * Sends a new verification link to the signed-in person's own address (never
 * to an address the form names). Signed-in only (see lib/auth/registry.ts); a
 * guest has no address and is told so.
 */
export async function resendVerification(_previous: VerificationFormState, _formData: FormData): Promise<VerificationFormState> {
  try {
    const requestHeaders = new Headers(await headers());
    const actor = await requireActor({ headers: requestHeaders });
    if (actor.isGuest) {
      throw new AppError("bad_request:auth", { message: "A guest session has no email address to verify. Create an account first." });
    }
    const user = await getUser({ userId: actor.userId });
    if (!user) throw new AppError("unauthorized:auth", { detail: `the session's user ${actor.userId} is gone` });
    if (user.emailVerified) return { status: "verified" };
    const auth = await getAuth();
    await auth.api.sendVerificationEmail({ body: { email: user.email, callbackURL: VERIFY_EMAIL_PATH }, headers: requestHeaders });
    return { status: "sent", to: user.email };
  } catch (caught) {
    return { error: toPublicError(toAuthError(caught)) };
  }
}
