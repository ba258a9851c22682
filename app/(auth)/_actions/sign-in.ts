"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/auth";
import { safeNextPath } from "@/lib/auth/page-guard";
import { toPublicError } from "@/lib/errors";
import { toAuthError } from "./auth-api-error";
import { fieldErrorsOf, formText, SignInInputSchema, type AuthFormState } from "./form-state";

/** Signs in with email and password; a guest's chats move to the account. Public (see lib/auth/registry.ts). */
export async function signIn(_previous: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const values = { email: formText(formData, "email") };
  const parsed = SignInInputSchema.safeParse({ ...values, password: formText(formData, "password") });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  try {
    const auth = await getAuth();
    await auth.api.signInEmail({ body: parsed.data, headers: await headers() });
  } catch (caught) {
    return { error: toPublicError(toAuthError(caught)), values };
  }
  redirect(safeNextPath(formText(formData, "next")));
}
