"use client";

import { useActionState } from "react";
import { resendVerification } from "../_actions/resend-verification";

/** One button: send a new verification link; the outcome is announced in place. */
export function ResendVerificationForm() {
  const [state, formAction, pending] = useActionState(resendVerification, undefined);
  return (
    <form action={formAction} className="stack">
      <div role="status" aria-live="polite">
        {state?.status === "sent" ? <p className="notice">A new link is on its way to {state.to}.</p> : null}
        {state?.status === "verified" ? <p className="notice">Your address is verified already. Reload the page.</p> : null}
      </div>
      {state?.error ? (
        <p role="alert" className="form-error">
          {state.error.message}
        </p>
      ) : null}
      <button type="submit" className="button button-secondary" disabled={pending}>
        {pending ? "Sending…" : "Send a new link"}
      </button>
    </form>
  );
}
