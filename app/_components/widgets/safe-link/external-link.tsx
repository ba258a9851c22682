"use client";

import type { ReactNode } from "react";
import { safeHref, WEB_SCHEMES, type SafeHrefScheme } from "./safe-href";

/** Props of `ExternalLink`. */
export type ExternalLinkProps = {
  /** The URL as the model wrote it; checked with `safeHref`. */
  href: unknown;
  /** Schemes allowed (default http/https). */
  schemes?: readonly SafeHrefScheme[];
  /** The link text. */
  children: ReactNode;
  /** Class of the link (or of the plain text when the URL is refused). */
  className?: string;
};

/**
 * A link to another site, opened in a new tab without handing it this page
 * (`noopener noreferrer`) or vouching for it (`nofollow`); plain text when the
 * URL fails the safe-link rule.
 */
export function ExternalLink({ href, schemes = WEB_SCHEMES, children, className }: ExternalLinkProps) {
  const safe = safeHref(href, schemes);
  if (safe === undefined) return <span className={className}>{children}</span>;
  return (
    <a className={className} href={safe} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}
