/**
 * Watchers that are real browser tabs: Chromium (Playwright's own when it is
 * installed, else Debian's, as the browser specs use) showing the chat page,
 * so the channel is read, parsed, applied and drawn by the app's own client
 * code while the bench measures the server. The same browser times a reload
 * of a chat holding a long stored reply.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** The flags this machine's closed network needs (as in e2e/playwright.config.ts). */
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** What shows that a reopened chat is ready: the end of its last reply drawn as Markdown, and the composer taking a prompt. */
export type ReopenProbe = {
  /** The name of the reply's last heading, if it has one: drawn as a heading (not as its `##` source), the end of the reply is formatted. */
  lastHeading?: string;
  /** The reply's last line, as the page shows it. */
  lastLine: string;
};

/** One reload of a chat, in milliseconds from the start of the navigation (the page's own clock). */
export type ReopenTiming = {
  /** The first byte of the server's page. */
  firstByteMs: number;
  /** The whole page received. */
  pageReceivedMs: number;
  /** The page's size in bytes, uncompressed (the drawn thread and the snapshot the browser hydrates from). */
  pageBytes: number;
  /** The reply's end drawn as Markdown and the composer taking a prompt. */
  readyMs: number;
};

/** Milliseconds between tries of typing into the composer while the page is still hydrating. */
const COMPOSER_RETRY_MS = 20;

/** Longest a reload may take before the bench gives up on it. */
const REOPEN_TIMEOUT_MS = 120_000;

/**
 * Waits until the page shows the probe and the composer takes a prompt (Send
 * turns enabled, which only the hydrated app does); returns the page's clock.
 */
async function readyAt(page: Page, probe: ReopenProbe): Promise<number> {
  const reply = page.getByRole("log", { name: "Messages" }).getByRole("article", { name: "Assistant" }).last();
  if (probe.lastHeading !== undefined) await reply.getByRole("heading", { name: probe.lastHeading, exact: true }).waitFor({ timeout: REOPEN_TIMEOUT_MS });
  await reply.getByText(probe.lastLine, { exact: true }).waitFor({ timeout: REOPEN_TIMEOUT_MS });
  const composer = page.getByRole("textbox", { name: "Message" });
  const send = page.getByRole("button", { name: "Send", exact: true });
  const deadline = Date.now() + REOPEN_TIMEOUT_MS;
  // Typing before the app has hydrated reaches the textarea but not the app's state: type again until Send answers.
  for (;;) {
    await composer.fill("Show me the build status", { timeout: REOPEN_TIMEOUT_MS });
    if (await send.isEnabled()) break;
    if (Date.now() > deadline) throw new Error("the composer never took a prompt after the reload");
    await composer.fill("", { timeout: REOPEN_TIMEOUT_MS });
    await new Promise((resolve) => setTimeout(resolve, COMPOSER_RETRY_MS));
  }
  const now = await page.evaluate(() => performance.now());
  await composer.fill("", { timeout: REOPEN_TIMEOUT_MS });
  return now;
}

/** A browser with a guest signed in. */
export type BenchBrowser = {
  /** The session cookie, for the bench's own requests as the same person. */
  cookie: string;
  /** Opens `count` tabs on the chat; resolves once each has its live channel open. */
  watch: (chatId: string, count: number) => Promise<void>;
  /** Opens one tab on `pagePath`; resolves once it has opened a live channel at each of `channelPaths` (a page may watch several). */
  watchPage: (pagePath: string, channelPaths: readonly string[]) => Promise<void>;
  /** A new tab in the signed-in context, for a bench that drives the page itself. */
  newPage: () => Promise<Page>;
  /** Closes the tabs opened by `watch`. */
  closeTabs: () => Promise<void>;
  /** Opens the chat once (the app's scripts cached, as a reload finds them), then reloads it `rounds` times and times each. */
  reopen: (chatId: string, probe: ReopenProbe, rounds: number) => Promise<ReopenTiming[]>;
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

/** Launches Chromium and signs a guest in on `baseUrl`; the tabs are 1280×800 unless `viewport` says otherwise. */
export async function openBenchBrowser(baseUrl: string, options: { viewport?: { width: number; height: number } } = {}): Promise<BenchBrowser> {
  const executablePath = chromiumPath();
  const browser: Browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS });
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl, viewport: options.viewport ?? { width: 1280, height: 800 } });
  const signIn = await context.request.post("/api/auth/sign-in/anonymous", { headers: { origin: baseUrl }, data: {} });
  if (!signIn.ok()) throw new Error(`guest sign-in failed: ${signIn.status()}`);
  const cookie = (await context.cookies(baseUrl)).map((entry) => `${entry.name}=${entry.value}`).join("; ");
  const watchPage = async (pagePath: string, channelPaths: readonly string[]) => {
    const page = await context.newPage();
    const channels = Promise.all(channelPaths.map((channelPath) => page.waitForResponse((response) => response.url().endsWith(channelPath))));
    await page.goto(pagePath);
    await channels;
  };
  return {
    cookie,
    watch: async (chatId, count) => {
      for (let index = 0; index < count; index += 1) await watchPage(`/chat/${chatId}`, [`/api/chats/${chatId}/events`]);
    },
    watchPage,
    newPage: () => context.newPage(),
    closeTabs: async () => {
      for (const page of context.pages()) await page.close();
    },
    reopen: async (chatId, probe, rounds) => {
      const page = await context.newPage();
      try {
        await page.goto(`/chat/${chatId}`, { waitUntil: "commit", timeout: REOPEN_TIMEOUT_MS });
        await readyAt(page, probe);
        const timings: ReopenTiming[] = [];
        for (let round = 0; round < rounds; round += 1) {
          await page.reload({ waitUntil: "commit", timeout: REOPEN_TIMEOUT_MS });
          const readyMs = await readyAt(page, probe);
          const navigation = await page.evaluate(() => {
            const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
            return { firstByteMs: entry?.responseStart ?? Number.NaN, pageReceivedMs: entry?.responseEnd ?? Number.NaN, pageBytes: entry?.decodedBodySize ?? Number.NaN };
          });
          timings.push({ ...navigation, readyMs });
        }
        return timings;
      } finally {
        await page.close();
      }
    },
    close: () => browser.close(),
  };
}
