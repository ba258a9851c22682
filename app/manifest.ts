import type { MetadataRoute } from "next";

/**
 * The web app manifest (served at /manifest.webmanifest, linked from every
 * page by Next): what a browser shows when the playground is installed or
 * pinned. Colours are the light theme's background and accent; the icon is
 * the same mark as the tab's favicon (app/icon.svg).
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Octo playground",
    short_name: "Octo",
    description: "A chat playground in which a model's reply carries live, safe, interactive UI.",
    start_url: "/",
    display: "standalone",
    background_color: "#f7f7f8",
    theme_color: "#4338ca",
    icons: [{ src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
  };
}
