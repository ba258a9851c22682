"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/auth";
import { safeNextPath } from "@/lib/auth/page-guard";
import { toPublicError } from "@/lib/errors";
import { toAuthError } from "./auth-api-error";
import { fieldErrorsOf, formText, SignUpInputSchema, type AuthFormState } from "./form-state";

/** Creates an account and signs it in; a guest's chats move to it. Public (see lib/auth/registry.ts). */
export async function signUp(_previous: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const values = { name: formText(formData, "name"), email: formText(formData, "email") };
  const parsed = SignUpInputSchema.safeParse({ ...values, password: formText(formData, "password") });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values };
  try {
    const auth = await getAuth();
    await auth.api.signUpEmail({ body: parsed.data, headers: await headers() });
  } catch (caught) {
    return { error: toPublicError(toAuthError(caught)), values };
  }
  redirect(safeNextPath(formText(formData, "next")));
}
