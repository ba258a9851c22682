/**
 * The Content-Security-Policy is a backstop behind the renderers: every
 * response carries it with the other security headers; a chat with charts
 * and a mermaid diagram draws with no violation at all; and should markup
 * ever reach the page, a remote image (a tracking pixel) is never requested
 * and an inline handler on it never runs.
 */
import { expect, test, type Page } from "@playwright/test";
import { ChatPage, REPLY_TIMEOUT_MS } from "./pages/chat-page";
import { SignInPage } from "./pages/sign-in-page";

/** An origin that is not the app's: the address a planted tracking pixel would call. */
const TRACKER_ORIGIN = "http://tracker.example.test";

/** Starts recording the page's CSP violations, from before its own scripts run. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { cspViolations: { directive: string; blocked: string }[] };
    record.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      record.cspViolations.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
}

function violations(page: Page): Promise<{ directive: string; blocked: string }[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: { directive: string; blocked: string }[] }).cspViolations);
}

test("every response carries the policy and the security headers; an app page's scripts need this request's nonce", async ({ page, request }) => {
  for (const path of ["/sign-in", "/gallery", "/api/auth/get-session"]) {
    const response = await request.get(path);
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    expect(policy, path).toContain("default-src 'self'");
    expect(policy, path).toContain("img-src 'self' data: blob:");
    expect(policy, path).toContain("connect-src 'self'");
    expect(policy, path).toContain("object-src 'none'");
    expect(policy, path).toContain("base-uri 'self'");
    expect(policy, path).toContain("form-action 'self'");
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(policy, path).not.toMatch(/https?:|\*/);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
  const signIn = await page.goto("/sign-in");
  const policy = (await signIn?.headerValue("content-security-policy")) ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, "the app's pages get a nonce").toBeTruthy();
  expect(policy).toContain("'strict-dynamic'");
  expect(policy).not.toContain("'unsafe-inline' 'strict-dynamic'");
  expect(policy).not.toContain("unsafe-eval");
  // Next.js put this request's nonce on the scripts it wrote.
  const scripts = await page.locator("script").evaluateAll((elements) => elements.map((element) => (element as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(new Set(scripts)).toEqual(new Set([nonce]));
});

test("a chat with a chart and a diagram draws without a violation; a planted remote image is never requested and its handler never runs", async ({ page }) => {
  await recordViolations(page);
  const trackerHits: string[] = [];
  // Had the policy let the image through, the browser would ask for it, and this would answer.
  await page.route(`${TRACKER_ORIGIN}/**`, (route) => {
    trackerHits.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/gif", body: Buffer.from("R0lGODlhAQABAAAAACw=", "base64") });
  });
  // The browser reports the request it refused to make, as a failed one.
  const refusedElsewhere: string[] = [];
  page.on("requestfailed", (request) => {
    if (new URL(request.url()).origin === TRACKER_ORIGIN) refusedElsewhere.push(request.failure()?.errorText ?? "");
  });

  await new SignInPage(page).continueAsGuest("/");
  const chat = new ChatPage(page);
  await chat.send("Show me the sales dashboard");
  await chat.waitForReplyEnd();
  await expect(chat.lastReply().getByRole("img", { name: /^Line chart\./ }).locator("svg").first()).toBeVisible({ timeout: REPLY_TIMEOUT_MS });
  await chat.send("Explain how a chat turn flows through the system");
  await chat.waitForReplyEnd();
  await expect(chat.lastReply().getByRole("img", { name: "Diagram" }).locator("svg")).toBeVisible({ timeout: REPLY_TIMEOUT_MS });
  expect(await violations(page), "the app itself needs nothing the policy refuses").toEqual([]);

  // Markup that slipped past the renderers, as a hostile reply would want it: a tracking pixel with an inline handler.
  const outcome = await chat.thread.evaluate(async (thread, tracker) => {
    thread.insertAdjacentHTML("beforeend", `<img alt="" src="${tracker}/pixel.gif?chat=1" onerror="window.__injectedHandlerRan = true">`);
    const image = thread.lastElementChild as HTMLImageElement;
    const settled = await new Promise<string>((resolve) => {
      image.addEventListener("load", () => resolve("loaded"));
      image.addEventListener("error", () => resolve("refused"));
    });
    // Give a handler that was let through the time to run.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { image: settled, handlerRan: (window as unknown as { __injectedHandlerRan?: boolean }).__injectedHandlerRan === true };
  }, TRACKER_ORIGIN);
  expect(outcome).toEqual({ image: "refused", handlerRan: false });
  await expect.poll(() => violations(page)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ directive: "img-src", blocked: expect.stringContaining(TRACKER_ORIGIN) }),
      expect.objectContaining({ directive: "script-src-attr" }),
    ]),
  );
  expect(trackerHits, "the tracking pixel never reached the network").toEqual([]);
  expect(refusedElsewhere, "refused by the policy, in the browser").toEqual(["csp"]);
  // The page goes on working.
  await expect(chat.composer).toBeEditable();
});
