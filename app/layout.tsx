import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

/** Title template and description of every page. */
export const metadata: Metadata = {
  title: { default: "Octo playground", template: "%s · Octo playground" },
  description: "A chat playground in which a model's reply carries live, safe, interactive UI.",
};

/** Light and dark browser chrome, following the system. */
export const viewport: Viewport = {
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f7f7f8" },
    { media: "(prefers-color-scheme: dark)", color: "#15161a" },
  ],
};

/** The document: language, stylesheet, and a skip link to each page's `<main id="main">`. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
