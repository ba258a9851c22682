import Link from "next/link";
import type { ReactNode } from "react";
import type { Actor } from "@/lib/auth/policy";
import { AccountMenu } from "./account-menu";
import { SiteHeaderMenu } from "./site-header-menu";

/** Props of `SiteHeader`. */
export type SiteHeaderProps = {
  actor: Actor;
  /** A control before the app's name (the chat pages' menu button for the chat list). */
  start?: ReactNode;
};

/**
 * The bar at the top of signed-in pages: name of the app, sections, account.
 * One row at every width: on a phone the sections and the account go behind
 * a "Menu" button (SiteHeaderMenu), leaving room beside it for one more control.
 */
export function SiteHeader({ actor, start }: SiteHeaderProps) {
  return (
    <header className="site-header">
      {start}
      <Link href="/" className="brand">
        Octo playground
      </Link>
      <SiteHeaderMenu>
        <nav aria-label="Sections" className="site-nav">
          <Link href="/">Chat</Link>
          <Link href="/compare">Compare</Link>
          {actor.role === "admin" ? <Link href="/admin">Admin</Link> : null}
        </nav>
        <AccountMenu actor={actor} />
      </SiteHeaderMenu>
    </header>
  );
}
