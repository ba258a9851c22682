"use client";
/**
 * Esc stops the streaming reply from anywhere in the chat view, not only
 * from the composer (see `chatViewKeyAction` for when it does not). Listened
 * for on the window, after React's own handlers have run on the document,
 * so a part of the page that answers Esc itself (the artifacts panel, the
 * composer) has marked the event by then.
 */
import { useEffect, useRef } from "react";
import { chatViewKeyAction } from "../composer/composer-key-action";

/** What counts as an open menu or dialog: its Esc is its own. */
const OVERLAY_SELECTOR = 'dialog[open], [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [aria-modal="true"]';

/** True while a dialog or menu is open anywhere on the page, or the key was pressed inside one. */
function overlayOpen(target: EventTarget | null): boolean {
  if (document.querySelector('dialog[open], [role="menu"]:not([hidden]), [aria-modal="true"]') !== null) return true;
  return target instanceof Element && target.closest(OVERLAY_SELECTOR) !== null;
}

/** Calls `onStop` on Esc while `streaming`; see the module comment. */
export function useEscapeToStop(streaming: boolean, onStop: () => void): void {
  const stop = useRef(onStop);
  useEffect(() => {
    stop.current = onStop;
  }, [onStop]);
  useEffect(() => {
    if (!streaming) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = chatViewKeyAction(
        { key: event.key, isComposing: event.isComposing, defaultPrevented: event.defaultPrevented, overlayOpen: overlayOpen(event.target) },
        streaming,
      );
      if (action !== "stop") return;
      event.preventDefault();
      stop.current();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [streaming]);
}
