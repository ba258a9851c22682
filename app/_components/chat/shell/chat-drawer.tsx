"use client";
/**
 * The chat list as a drawer at phone width. Beside the chat on a wide
 * screen the list is always shown and the menu button is hidden (CSS decides,
 * so the server's first render is right at every width). Narrow, the button
 * in the header opens it over the chat: focus moves into it, Esc closes it and
 * gives focus back to the button, and following a link in it (or any other
 * navigation) closes it. Focus leaving it closes it too, so it never covers
 * what the keyboard is on.
 */
import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from "react";
import styles from "./chat-shell.module.css";

type DrawerContextValue = {
  open: boolean;
  drawerId: string;
  setOpen: (open: boolean) => void;
  button: RefObject<HTMLButtonElement | null>;
};

const DrawerContext = createContext<DrawerContextValue | null>(null);

function useDrawer(): DrawerContextValue {
  const value = useContext(DrawerContext);
  if (value === null) throw new Error("the chat drawer's parts must be inside ChatDrawerProvider");
  return value;
}

/** Holds whether the drawer is open, for its button (in the header) and the drawer (beside the chat). */
export function ChatDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  // Any navigation closes it (a chat opened from it, New chat, the back button).
  useEffect(() => setOpen(false), [pathname]);
  const value = useMemo(() => ({ open, drawerId, setOpen, button }), [open, drawerId]);
  return <DrawerContext.Provider value={value}>{children}</DrawerContext.Provider>;
}

/** The header's menu button that opens and closes the drawer (shown at phone width only). */
export function ChatDrawerButton() {
  const { open, drawerId, setOpen, button } = useDrawer();
  return (
    <button
      ref={button}
      type="button"
      className={`button button-ghost ${styles.menuButton}`}
      aria-expanded={open}
      aria-controls={drawerId}
      onClick={() => setOpen(!open)}
    >
      <span aria-hidden="true" className={styles.menuIcon}>
        ☰
      </span>
      <span className="visually-hidden">Chats</span>
    </button>
  );
}

/** What takes focus when the drawer opens: the open chat, else the first control. */
function firstFocus(drawer: HTMLElement): HTMLElement | null {
  return drawer.querySelector<HTMLElement>('a[aria-current="page"]') ?? drawer.querySelector<HTMLElement>("a[href], button:not([disabled]), input");
}

/** The drawer around the chat list; see the module comment. */
export function ChatDrawer({ children }: { children: ReactNode }) {
  const { open, drawerId, setOpen, button } = useDrawer();
  const drawer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || drawer.current === null) return;
    firstFocus(drawer.current)?.focus();
  }, [open]);

  const close = useCallback(
    (returnFocus: boolean) => {
      setOpen(false);
      if (returnFocus) button.current?.focus();
    },
    [setOpen, button],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Esc in a field of the list (renaming a chat) is the field's own; only the drawer's Esc closes it.
    if (!open || event.key !== "Escape" || event.defaultPrevented) return;
    if (event.target instanceof HTMLInputElement) return;
    event.preventDefault();
    close(true);
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (open && event.target instanceof Element && event.target.closest("a[href]") !== null) setOpen(false);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (!open || next === null) return;
    if (next instanceof Node && (drawer.current?.contains(next) || button.current?.contains(next))) return;
    setOpen(false);
  };

  return (
    <>
      <div id={drawerId} ref={drawer} className={styles.drawer} data-open={open || undefined} onKeyDown={onKeyDown} onClick={onClick} onBlur={onBlur}>
        {children}
      </div>
      {open ? <div className={styles.backdrop} aria-hidden="true" onClick={() => close(true)} /> : null}
    </>
  );
}
