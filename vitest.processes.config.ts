import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The process suites (`*.process.test.ts`): real `next start` servers on a
// production build (`.next`, or NEXT_DIST_DIR), several at once on one
// Postgres, driven over HTTP as browsers and the bench drive them — crashes,
// restarts and a second instance included. `npm test` runs them after its
// build; alone: `npx next build && npx vitest run -c vitest.processes.config.ts`.
export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    include: ["lib/**/*.process.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**"],
    environment: "node",
    // Each file starts servers of its own; two machines' worth of them at once would measure the machine, not the app.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
