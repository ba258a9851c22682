"use client";

import { useActionState } from "react";
import { continueAsGuest } from "../_actions/continue-as-guest";

/** One click to a guest session: the newcomer's way in. */
export function GuestButton({ next, emphasis = "primary" }: { next: string; emphasis?: "primary" | "secondary" }) {
  const [state, formAction, pending] = useActionState(continueAsGuest, undefined);
  return (
    <form action={formAction} className="stack">
      <input type="hidden" name="next" value={next} />
      {state?.error ? (
        <p role="alert" className="form-error">
          {state.error.message}
        </p>
      ) : null}
      <button type="submit" className={`button button-${emphasis}`} disabled={pending}>
        {pending ? "Starting…" : "Continue as guest"}
      </button>
    </form>
  );
}
