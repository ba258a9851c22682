import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit and integration tests live beside the code they test; browser specs
// under e2e/ belong to Playwright.
export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      // Server code imports "server-only", which throws outside React's server
      // condition; tests run that code in plain Node, as the server would.
      "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "app/**/*.test.tsx"],
    // Process suites start production servers: vitest.processes.config.ts runs them after the build.
    exclude: ["node_modules/**", ".next/**", "e2e/**", "lib/**/*.process.test.ts"],
    environment: "node",
    testTimeout: 30_000,
  },
});
