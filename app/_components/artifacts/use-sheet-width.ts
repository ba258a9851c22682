"use client";
/** Whether the window is phone-width, where the Artifacts panel is a full-screen sheet (the width the chat shell stacks at too). */
import { useSyncExternalStore } from "react";

/** The width below which the panel covers the conversation (app/_components/chat/shell: 48rem). */
export const SHEET_QUERY = "(max-width: 48rem)";

function subscribe(onChange: () => void): () => void {
  if (typeof window === "undefined" || !window.matchMedia) return () => {};
  const query = window.matchMedia(SHEET_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True at phone width; false on the server (the panel starts closed, so nothing differs at hydration). */
export function useSheetWidth(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window !== "undefined" && window.matchMedia?.(SHEET_QUERY).matches === true,
    () => false,
  );
}
