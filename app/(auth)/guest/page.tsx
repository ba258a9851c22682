import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { safeNextPath } from "@/lib/auth/page-guard";
import { getActor } from "@/lib/auth/policy";
import { GuestButton } from "../_components/guest-button";

/** The page title. */
export const metadata: Metadata = { title: "Continue as guest" };

/** One button into a guest session. Public. */
export default async function GuestPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = safeNextPath((await searchParams).next);
  if (await getActor()) redirect(next);
  return (
    <>
      <h1>Try it as a guest</h1>
      <p className="lead">
        Start chatting right away. Your chats stay in this browser&apos;s session; create an account later to keep them.
      </p>
      <GuestButton next={next} />
      <p className="muted">
        <Link href={`/sign-in?next=${encodeURIComponent(next)}`}>Sign in</Link> or{" "}
        <Link href={`/sign-up?next=${encodeURIComponent(next)}`}>create an account</Link> instead.
      </p>
    </>
  );
}
