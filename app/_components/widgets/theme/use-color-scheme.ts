"use client";

import { useSyncExternalStore } from "react";

/** The colour scheme the page is drawn in. */
export type ColorScheme = "light" | "dark";

/** The query the stylesheet's themes follow when the person chose none (app/globals.css). */
const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The attribute on `<html>` that holds the person's choice: `light`, `dark`, or `system` (app/layout.tsx). */
export const THEME_ATTRIBUTE = "data-theme";

function subscribe(onChange: () => void): () => void {
  if (typeof window === "undefined" || !window.matchMedia) return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  // The person's choice changes the attribute (the theme control sets it at once, before the server has saved it).
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [THEME_ATTRIBUTE] });
  return () => {
    query.removeEventListener("change", onChange);
    observer.disconnect();
  };
}

function currentScheme(): ColorScheme {
  if (typeof window === "undefined") return "light";
  const chosen = document.documentElement.getAttribute(THEME_ATTRIBUTE);
  if (chosen === "light" || chosen === "dark") return chosen;
  return window.matchMedia?.(DARK_QUERY).matches ? "dark" : "light";
}

/** The server draws the light theme; the browser corrects it on hydration. */
function serverScheme(): ColorScheme {
  return "light";
}

/** The scheme the page is drawn in — the person's choice, else the system's — re-rendering when either changes. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, currentScheme, serverScheme);
}
