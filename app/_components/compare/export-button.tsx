"use client";
/**
 * Downloads an export (JSON Lines, sent as an attachment: the page stays).
 * A button, not a link: no element of a page that draws model output points
 * into the app's API (the hostile audit refuses such links wherever they
 * come from).
 */

/** Props of `ExportButton`. */
export type ExportButtonProps = { href: string; label: string; className?: string };

/** The download button (see the file comment). */
export function ExportButton({ href, label, className = "button button-secondary button-small" }: ExportButtonProps) {
  return (
    <button type="button" className={className} onClick={() => window.location.assign(href)}>
      {label}
    </button>
  );
}
