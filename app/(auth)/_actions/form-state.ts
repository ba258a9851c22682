/** What the sign-in and sign-up forms send and get back. */
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import type { PublicError } from "@/lib/errors";

/** Longest display name: fits a header line and the admin list. */
const MAX_NAME_LENGTH = 100;

/** Longest email: RFC 5321's limit on a forward path. */
const MAX_EMAIL_LENGTH = 254;

/** The fields a form can flag. */
export type AuthField = "name" | "email" | "password";

/** The result of a sign-in or sign-up attempt, shown in place by the form. */
export type AuthFormState =
  | {
      /** A failure of the whole attempt (wrong password, account exists). */
      error?: PublicError;
      /** Problems with single fields, shown next to them. */
      fieldErrors?: Partial<Record<AuthField, string>>;
      /** What the person typed (never the password), to refill the form. */
      values?: { name?: string; email?: string };
    }
  | undefined;

/** The result of asking for a new verification link, shown in place by the verification page. */
export type VerificationFormState =
  | {
      /** `sent`: a new link went to `to`; `verified`: there was nothing to send, the address is verified already. */
      status?: "sent" | "verified";
      /** The address the link went to. */
      to?: string;
      /** Why no link was sent. */
      error?: PublicError;
    }
  | undefined;

const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, "That email is too long.")
  .pipe(z.email("Enter an email address like name@example.com."));

/** Sign-up input. */
export const SignUpInputSchema = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(MAX_NAME_LENGTH, `Use at most ${MAX_NAME_LENGTH} characters.`),
  email: EmailSchema,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`),
});

/** Sign-in input (length rules are not repeated: a wrong password is just wrong). */
export const SignInInputSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, "Enter your password.").max(MAX_PASSWORD_LENGTH, "That password is too long."),
});

/** A form field as a string ("" when absent or a file). */
export function formText(formData: FormData, field: string): string {
  // A server action's arguments are whatever a client sends: anything but a form reads as an empty one.
  const value = formData instanceof FormData ? formData.get(field) : null;
  return typeof value === "string" ? value : "";
}

/** The first message per field of a failed parse. */
export function fieldErrorsOf(error: z.ZodError): Partial<Record<AuthField, string>> {
  const fieldErrors: Partial<Record<AuthField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === "name" || field === "email" || field === "password") && !fieldErrors[field]) {
      fieldErrors[field] = issue.message;
    }
  }
  return fieldErrors;
}
