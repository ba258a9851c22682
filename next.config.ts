import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Database drivers load WASM (PGlite) or open sockets (postgres.js): Node's own
  // `require` loads them on the server instead of the bundler.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  poweredByHeader: false,
  // Several builds can share one checkout (parallel work, CI beside a dev
  // server): NEXT_DIST_DIR gives each its own output folder.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  reactStrictMode: true,
  // `tsc --noEmit` runs over the same files as its own suite in `npm test`;
  // the build need not repeat it (and would trip over test-only files).
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
