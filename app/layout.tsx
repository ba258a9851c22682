import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { requestTheme } from "@/lib/preferences/preferences-service";
import "./globals.css";

/** Title template and description of every page. */
export const metadata: Metadata = {
  title: { default: "Octo playground", template: "%s · Octo playground" },
  description: "A chat playground in which a model's reply carries live, safe, interactive UI.",
};

/** The background of each theme, for the browser's own chrome. */
const THEME_COLORS = { light: "#f7f7f8", dark: "#15161a" } as const;

/** Browser chrome in the person's theme: the one they chose, else light and dark following the system. */
export async function generateViewport(): Promise<Viewport> {
  const theme = await requestTheme();
  if (theme !== "system") return { colorScheme: theme, themeColor: THEME_COLORS[theme] };
  return {
    colorScheme: "light dark",
    themeColor: [
      { media: "(prefers-color-scheme: light)", color: THEME_COLORS.light },
      { media: "(prefers-color-scheme: dark)", color: THEME_COLORS.dark },
    ],
  };
}

/**
 * The document: language, the person's theme (set here on the server, so
 * the first paint is already in it), stylesheet, and a skip link to each
 * page's `<main id="main">`.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const theme = await requestTheme();
  return (
    <html lang="en" data-theme={theme}>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
