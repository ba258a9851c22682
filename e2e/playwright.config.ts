/**
 * Browser specs against a production build (`next build` runs first, in
 * `npm test`), on the replay model, in Chromium: the one CHROMIUM_EXECUTABLE
 * names (`npm test` finds or installs one and sets it: .ci/chromium.mjs), else
 * a Playwright-managed browser when one is installed, otherwise Debian's
 * /usr/bin/chromium.
 */
import { existsSync } from "node:fs";
import { chromium, defineConfig, devices } from "@playwright/test";
import { AUTH_OUTBOX_FILE } from "./support/auth-outbox";

/** Port of the server under test; away from the 3000 a developer's `next dev` uses. */
const PORT = Number(process.env.E2E_PORT ?? 3200);

/**
 * Port of the hostile model (e2e/support/hostile-model-server.ts): an
 * OpenAI-compatible server the app reaches through its real provider path,
 * offered in the picker beside the replay model, which stays the default.
 */
const HOSTILE_MODEL_PORT = Number(process.env.HOSTILE_MODEL_PORT ?? PORT + 1);

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** Where reports and failure artifacts go; several runs at once (parallel work in one checkout) each name their own. */
const OUTPUT_DIR = process.env.E2E_OUTPUT_DIR ?? "../test-results";

/** The flags this machine's closed network needs: no background requests that would be refused. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

function managedChromiumInstalled(): boolean {
  try {
    // playwright-core knows where its own browser would be; use it only if it is really there.
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

const executablePath = process.env.CHROMIUM_EXECUTABLE?.trim() || (managedChromiumInstalled() ? undefined : DEBIAN_CHROMIUM);

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: `${OUTPUT_DIR}/playwright.json` }]],
  outputDir: `${OUTPUT_DIR}/playwright`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: { executablePath, args: CHROMIUM_ARGS } } }],
  webServer: [
    {
      command: `npx next start -p ${PORT} -H 127.0.0.1`,
      cwd: "..",
      url: `http://127.0.0.1:${PORT}`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        ...(process.env as Record<string, string>),
        NODE_ENV: "production",
        // Listed, but admin only once verified: e2e/admin-verification.spec.ts follows the link.
        ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? "admin@example.test",
        // The log sender also appends each verification mail here, for the specs to read (e2e/support/auth-outbox.ts).
        AUTH_OUTBOX_FILE,
        OPENAI_COMPATIBLE_BASE_URL: `http://127.0.0.1:${HOSTILE_MODEL_PORT}/v1`,
        OPENAI_COMPATIBLE_MODELS: "hostile",
        OPENAI_COMPATIBLE_NAME: "Hostile model",
      },
    },
    {
      command: `npx tsx e2e/support/hostile-model-server.ts --port ${HOSTILE_MODEL_PORT}`,
      cwd: "..",
      url: `http://127.0.0.1:${HOSTILE_MODEL_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
