import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { safeNextPath } from "@/lib/auth/page-guard";
import { getActor } from "@/lib/auth/policy";
import { GuestButton } from "../_components/guest-button";
import { SignInForm } from "../_components/sign-in-form";

/** The page title. */
export const metadata: Metadata = { title: "Sign in" };

/** Sign in, or continue as a guest. Public. */
export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = safeNextPath((await searchParams).next);
  const actor = await getActor();
  if (actor && !actor.isGuest) redirect(next);
  return (
    <>
      <h1>Sign in</h1>
      <p className="lead">Chat with a model whose replies carry live, interactive UI.</p>
      {actor?.isGuest ? (
        <p className="notice">You are using a guest session. Signing in keeps the chats you started as a guest.</p>
      ) : (
        <section aria-labelledby="guest-heading" className="stack">
          <h2 id="guest-heading" className="visually-hidden">
            Try it without an account
          </h2>
          <GuestButton next={next} />
          <p className="muted">No account needed: a guest session starts right away.</p>
        </section>
      )}
      <div className="divider" role="separator">
        <span>or sign in with email</span>
      </div>
      <SignInForm next={next} />
      <p className="muted">
        New here? <Link href={`/sign-up?next=${encodeURIComponent(next)}`}>Create an account</Link>
      </p>
    </>
  );
}
