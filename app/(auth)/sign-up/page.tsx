import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { safeNextPath } from "@/lib/auth/page-guard";
import { getActor } from "@/lib/auth/policy";
import { SignUpForm } from "../_components/sign-up-form";

/** The page title. */
export const metadata: Metadata = { title: "Create an account" };

/** Create an account; a guest keeps their chats. Public. */
export default async function SignUpPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = safeNextPath((await searchParams).next);
  const actor = await getActor();
  if (actor && !actor.isGuest) redirect(next);
  return (
    <>
      <h1>Create an account</h1>
      {actor?.isGuest ? (
        <p className="notice">The chats you started as a guest move to your new account.</p>
      ) : (
        <p className="lead">Keep your chats and come back to them from any browser.</p>
      )}
      <SignUpForm next={next} />
      <p className="muted">
        Already have an account? <Link href={`/sign-in?next=${encodeURIComponent(next)}`}>Sign in</Link>
      </p>
    </>
  );
}
