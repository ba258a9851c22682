"use client";

import { useActionState, useRef } from "react";
import { signIn } from "../_actions/sign-in";
import { Field } from "./field";
import { useFocusFirstError } from "./use-focus-first-error";

/** Email + password sign-in; errors appear in place. */
export function SignInForm({ next }: { next: string }) {
  const [state, formAction, pending] = useActionState(signIn, undefined);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, state);
  return (
    <form ref={form} action={formAction} className="stack" noValidate aria-describedby={state?.error ? "sign-in-error" : undefined}>
      <input type="hidden" name="next" value={next} />
      {state?.error ? (
        <p id="sign-in-error" role="alert" className="form-error">
          {state.error.message}
        </p>
      ) : null}
      <Field
        id="sign-in-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        defaultValue={state?.values?.email}
        error={state?.fieldErrors?.email}
      />
      <Field
        id="sign-in-password"
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        required
        error={state?.fieldErrors?.password}
      />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
