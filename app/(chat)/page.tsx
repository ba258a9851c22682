import type { Metadata } from "next";
import Link from "next/link";
import { guardPage } from "@/lib/auth/page-guard";
import { requireActor } from "@/lib/auth/policy";
import { SiteHeader } from "../(auth)/_components/site-header";

/** The page title. */
export const metadata: Metadata = { title: "Chat" };

/** The signed-in landing; the chat UI replaces its body. Signed-in only. */
export default async function ChatHomePage() {
  const actor = await guardPage("/", () => requireActor());
  return (
    <>
      <SiteHeader actor={actor} />
      <main id="main" className="page">
        <h1>{actor.isGuest ? "Welcome, guest" : `Welcome, ${actor.name}`}</h1>
        <p className="lead">Chats with live UI will appear here.</p>
        {actor.isGuest ? (
          <p className="notice">
            You are using a guest session. <Link href="/sign-up">Create an account</Link> to keep your chats.
          </p>
        ) : null}
      </main>
    </>
  );
}
