import Link from "next/link";
import type { Actor } from "@/lib/auth/policy";
import { AccountMenu } from "./account-menu";

/** The bar at the top of signed-in pages: name of the app, sections, account. */
export function SiteHeader({ actor }: { actor: Actor }) {
  return (
    <header className="site-header">
      <Link href="/" className="brand">
        Octo playground
      </Link>
      <nav aria-label="Sections" className="site-nav">
        <Link href="/">Chat</Link>
        <Link href="/compare">Compare</Link>
        {actor.role === "admin" ? <Link href="/admin">Admin</Link> : null}
      </nav>
      <AccountMenu actor={actor} />
    </header>
  );
}
