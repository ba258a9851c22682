"use client";
/**
 * A guest's "Sign out": asks first. A guest session cannot be resumed, so
 * signing out ends the way back to the guest's chats; the dialog says so,
 * offers to create an account that keeps them (the chats move to it), and
 * signs out only on "Sign out anyway". The chats stay stored until the
 * retention period ends (lib/auth/guest-retention.ts). A modal `<dialog>`:
 * the page behind is inert, Escape cancels, and focus returns to the button.
 */
import Link from "next/link";
import { useRef } from "react";
import { signOut } from "../_actions/sign-out";

/** The guest's sign-out button and its confirmation; `retentionDays` is how long the chats are kept. */
export function GuestSignOut({ retentionDays }: { retentionDays: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => dialog.current?.close();
  return (
    <>
      <button ref={opener} type="button" className="button button-ghost button-small" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        Sign out
      </button>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby="guest-sign-out-title"
        aria-describedby="guest-sign-out-text"
        onClose={() => opener.current?.focus()}
      >
        <h2 id="guest-sign-out-title">Sign out of the guest session?</h2>
        <div id="guest-sign-out-text">
          <p>
            Your chats belong to this guest session. After signing out you cannot open them again — not even from their links — and they are
            deleted after {retentionDays} days.
          </p>
          <p>Create an account now and your chats move to it.</p>
        </div>
        <div className="confirm-dialog-actions">
          <Link href="/sign-up" className="button button-primary" autoFocus onClick={close}>
            Create an account to keep them
          </Link>
          <form action={signOut}>
            <button type="submit" className="button button-secondary button-danger">
              Sign out anyway
            </button>
          </form>
          <button type="button" className="button button-ghost" onClick={close}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
