"use client";
/**
 * The header's sections and account at phone width: behind a "Menu" button
 * (a disclosure: aria-expanded, Esc closes it and gives focus back, following
 * a link closes it). On a wider screen the button is hidden and what it holds
 * sits in the header's row as it always did (globals.css, `.site-menu`).
 */
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";

/** The disclosure around the header's sections and account; see the module comment. */
export function SiteHeaderMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  useEffect(() => setOpen(false), [pathname]);
  // A press anywhere else closes it, as a menu does.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open || event.key !== "Escape" || event.defaultPrevented) return;
    // Esc in a dialog opened from the menu (a guest's sign-out question) closes that dialog only.
    if (event.target instanceof Element && event.target.closest("dialog") !== null) return;
    event.preventDefault();
    setOpen(false);
    button.current?.focus();
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (open && event.target instanceof Element && event.target.closest("a[href]") !== null) setOpen(false);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !root.current?.contains(next)) setOpen(false);
  };

  return (
    <div ref={root} className="site-menu" data-open={open || undefined} onKeyDown={onKeyDown} onClick={onClick} onBlur={onBlur}>
      <button ref={button} type="button" className="button button-ghost button-small site-menu-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Menu
      </button>
      <div id={panelId} className="site-menu-panel">
        {children}
      </div>
    </div>
  );
}
