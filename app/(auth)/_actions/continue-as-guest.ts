"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/auth";
import { safeNextPath } from "@/lib/auth/page-guard";
import { getActor } from "@/lib/auth/policy";
import { toPublicError } from "@/lib/errors";
import { toAuthError } from "./auth-api-error";
import { formText, type AuthFormState } from "./form-state";

/** Starts a guest session in one click (someone already signed in just goes on). Public (see lib/auth/registry.ts). */
export async function continueAsGuest(_previous: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const next = safeNextPath(formText(formData, "next"));
  try {
    const requestHeaders = await headers();
    if (!(await getActor({ headers: new Headers(requestHeaders) }))) {
      const auth = await getAuth();
      await auth.api.signInAnonymous({ headers: requestHeaders });
    }
  } catch (caught) {
    return { error: toPublicError(toAuthError(caught)) };
  }
  redirect(next);
}
