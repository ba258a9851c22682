// The browser for `npm test`'s browser suite: found where it usually is, or
// installed when there is none — Playwright's own build first (its
// installer downloads it), then the system's package where that is how the
// machine gets one (Debian and Ubuntu as root: `apt-get install chromium`).
// The path found goes to Playwright as CHROMIUM_EXECUTABLE (see
// e2e/playwright.config.ts).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";

/** Where a system Chromium usually is, in the order tried. */
const SYSTEM_CHROMIUMS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

/** How long the Playwright download may take before the system package is tried instead. */
const PLAYWRIGHT_INSTALL_TIMEOUT_MS = 10 * 60 * 1000;

/** Playwright's own Chromium, when it is installed. */
async function managedChromium(root) {
  try {
    const { chromium } = await import(path.join(root, "node_modules", "playwright-core", "index.mjs"));
    const executable = chromium.executablePath();
    return existsSync(executable) ? executable : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Chromium to run the browser suite with, or undefined: CHROMIUM_EXECUTABLE
 * when set (it must exist), else Playwright's, else the system's.
 * @param {{ root: string, environment?: NodeJS.ProcessEnv }} options
 */
export async function findChromium({ root, environment = process.env }) {
  const named = environment.CHROMIUM_EXECUTABLE?.trim();
  if (named) return existsSync(named) ? named : undefined;
  return (await managedChromium(root)) ?? SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate));
}

/**
 * Finds a Chromium, installing one when there is none; returns its path, or
 * undefined with the reasons logged. `ignoreInstalled` starts from "none
 * found" (E2E_IGNORE_INSTALLED_BROWSERS=1), to exercise the install route on
 * a machine that has a browser.
 * @param {{ root: string, ignoreInstalled?: boolean, log?: (line: string) => void }} options
 */
export async function ensureChromium({ root, ignoreInstalled = false, log = console.log }) {
  const found = ignoreInstalled ? undefined : await findChromium({ root });
  if (found) return found;
  if (process.env.CHROMIUM_EXECUTABLE?.trim()) {
    log(`CHROMIUM_EXECUTABLE names ${process.env.CHROMIUM_EXECUTABLE}, which does not exist.`);
    return undefined;
  }
  log("no Chromium found: installing Playwright's (npx playwright install chromium)");
  const playwright = spawnSync("npx", ["playwright", "install", "chromium"], { cwd: root, stdio: "inherit", timeout: PLAYWRIGHT_INSTALL_TIMEOUT_MS });
  if (playwright.status === 0) {
    const managed = await managedChromium(root);
    if (managed) return managed;
  }
  const apt = spawnSync("sh", ["-c", "command -v apt-get"], { encoding: "utf8" });
  if (apt.status === 0 && userInfo().uid === 0) {
    log("Playwright's download did not work: installing the system's package (apt-get install chromium)");
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const installed = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (installed.status === 0) {
      const system = SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate));
      if (system) return system;
    }
  }
  log(
    "No Chromium could be installed. Install one (`npx playwright install chromium`, or the system's " +
      "`chromium` package) or name one in CHROMIUM_EXECUTABLE, and run `npm test` again.",
  );
  return undefined;
}
