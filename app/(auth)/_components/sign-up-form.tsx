"use client";

import { useActionState, useRef } from "react";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import { signUp } from "../_actions/sign-up";
import { Field } from "./field";
import { useFocusFirstError } from "./use-focus-first-error";

/** Name, email and password sign-up; errors appear in place. */
export function SignUpForm({ next }: { next: string }) {
  const [state, formAction, pending] = useActionState(signUp, undefined);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, state);
  return (
    <form ref={form} action={formAction} className="stack" noValidate aria-describedby={state?.error ? "sign-up-error" : undefined}>
      <input type="hidden" name="next" value={next} />
      {state?.error ? (
        <p id="sign-up-error" role="alert" className="form-error">
          {state.error.message}
        </p>
      ) : null}
      <Field
        id="sign-up-name"
        name="name"
        label="Name"
        autoComplete="name"
        required
        defaultValue={state?.values?.name}
        error={state?.fieldErrors?.name}
      />
      <Field
        id="sign-up-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        defaultValue={state?.values?.email}
        error={state?.fieldErrors?.email}
      />
      <Field
        id="sign-up-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={state?.fieldErrors?.password}
      />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </button>
    </form>
  );
}
