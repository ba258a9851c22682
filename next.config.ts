import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Database drivers load WASM (PGlite) or open sockets (postgres.js): Node's own
  // `require` loads them on the server instead of the bundler.
  serverExternalPackages: ["@electric-sql/pglite", "postgres"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
