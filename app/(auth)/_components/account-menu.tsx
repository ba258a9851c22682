import Link from "next/link";
import { modelOptions } from "@/app/(chat)/model-options";
import { PreferencesDialog } from "@/app/_components/settings/preferences-dialog";
import { guestRetentionDays } from "@/lib/auth/guest-retention";
import type { Actor } from "@/lib/auth/policy";
import { preferencesOf } from "@/lib/preferences/preferences-service";
import { signOut } from "../_actions/sign-out";
import { GuestSignOut } from "./guest-sign-out";

/**
 * Who is signed in, with their preferences (theme, model for new chats),
 * sign-out (a guest's asks first: see GuestSignOut), the way for a guest to
 * keep their chats, and for an unverified address the way to verify it.
 */
export async function AccountMenu({ actor }: { actor: Actor }) {
  const preferences = await preferencesOf(actor);
  const { models } = modelOptions();
  return (
    <div className="account-menu">
      <span className="account-name">
        {actor.isGuest ? "Guest" : actor.name}
        {actor.role === "admin" ? <span className="badge">admin</span> : null}
      </span>
      {actor.isGuest ? (
        <Link href="/sign-up" className="button button-secondary button-small">
          Create account
        </Link>
      ) : null}
      {!actor.isGuest && actor.emailVerified === false ? (
        <Link href="/verify-email" className="button button-ghost button-small">
          Verify email
        </Link>
      ) : null}
      <PreferencesDialog preferences={preferences} models={models} />
      {actor.isGuest ? (
        <GuestSignOut retentionDays={guestRetentionDays()} />
      ) : (
        <form action={signOut}>
          <button type="submit" className="button button-ghost button-small">
            Sign out
          </button>
        </form>
      )}
    </div>
  );
}
