"use client";

import { useSyncExternalStore } from "react";

/** The colour scheme the page is drawn in. */
export type ColorScheme = "light" | "dark";

/** The query the stylesheet's dark theme follows (app/globals.css). */
const DARK_QUERY = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void): () => void {
  if (typeof window === "undefined" || !window.matchMedia) return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function currentScheme(): ColorScheme {
  return typeof window !== "undefined" && window.matchMedia?.(DARK_QUERY).matches ? "dark" : "light";
}

/** The server draws the light theme; the browser corrects it on hydration. */
function serverScheme(): ColorScheme {
  return "light";
}

/** The current colour scheme, re-rendering when the system theme changes (the app's theme follows it). */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, currentScheme, serverScheme);
}
