/**
 * Watchers that are real browser tabs: Chromium (Playwright's own when it is
 * installed, else Debian's, as the browser specs use) showing the chat page,
 * so the channel is read, parsed, applied and drawn by the app's own client
 * code while the bench measures the server.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** The flags this machine's closed network needs (as in e2e/playwright.config.ts). */
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** A browser with a guest signed in. */
export type BenchBrowser = {
  /** The session cookie, for the bench's own requests as the same person. */
  cookie: string;
  /** Opens `count` tabs on the chat; resolves once each has its live channel open. */
  watch: (chatId: string, count: number) => Promise<void>;
  /** Closes the tabs opened by `watch`. */
  closeTabs: () => Promise<void>;
  close: () => Promise<void>;
};

function chromiumPath(): string | undefined {
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // No managed browser.
  }
  return DEBIAN_CHROMIUM;
}

/** Launches Chromium and signs a guest in on `baseUrl`. */
export async function openBenchBrowser(baseUrl: string): Promise<BenchBrowser> {
  const executablePath = chromiumPath();
  const browser: Browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  const signIn = await context.request.post("/api/auth/sign-in/anonymous", { headers: { origin: baseUrl }, data: {} });
  if (!signIn.ok()) throw new Error(`guest sign-in failed: ${signIn.status()}`);
  const cookie = (await context.cookies(baseUrl)).map((entry) => `${entry.name}=${entry.value}`).join("; ");
  return {
    cookie,
    watch: async (chatId, count) => {
      for (let index = 0; index < count; index += 1) {
        const page = await context.newPage();
        const channel = page.waitForResponse((response) => response.url().endsWith(`/api/chats/${chatId}/events`));
        await page.goto(`/chat/${chatId}`);
        await channel;
      }
    },
    closeTabs: async () => {
      for (const page of context.pages()) await page.close();
    },
    close: () => browser.close(),
  };
}
