import type { ThemePreference } from "@/lib/preferences/user-preferences";
import { THEME_ATTRIBUTE } from "../widgets/theme/use-color-scheme";

/** Draws the page in `theme` at once (the server sets the same attribute on every later render, from the stored choice). */
export function applyTheme(theme: ThemePreference): void {
  document.documentElement.setAttribute(THEME_ATTRIBUTE, theme);
}
