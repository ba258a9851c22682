/**
 * Diagrams are drawn where they cannot reach anything. The gallery's
 * "Hostile diagrams" case draws, through the real widget, every class of
 * diagram that made the browser fetch: an image shape pointing at this
 * app's sign-out address and at another host, architecture icon text with
 * an `<img>`, C4 style functions with `url(…)` colours (one injecting more
 * declarations), `style`/`classDef` fills in state, block and treemap
 * diagrams (a flowchart's `style` grammar takes no parentheses, so mermaid
 * refuses a `url(…)` there itself), and a click link. No request leaves for another origin,
 * the diagrams make no request to this one (the person stays signed in),
 * nothing in the page carries an image or a reference outside its diagram,
 * each refusal says so in a note, and a plain diagram still draws. The
 * frame mermaid runs in serves only its own strict policy.
 */
import { expect, test, type Page, type Request } from "@playwright/test";
import { SignInPage } from "./pages/sign-in-page";
import { UiGalleryPage } from "./pages/ui-gallery-page";

/** The other host the hostile diagrams name. */
const TRACKER = /tracker\.example\.test/;

/** The isolated frame's own requests: its document and mermaid's bundle, nothing else. */
const FRAME_PATHS = new Set(["/diagram-frame", "/diagram-frame/mermaid.js"]);

/** The notes, by what they name. */
const IMAGE_NOTE = /This diagram uses images or icons.*which are not shown here/;
const STYLE_NOTE = /This diagram uses .*styles from elsewhere, which are not shown here/;
const LINK_NOTE = /This diagram uses links, which are not shown here/;

type Recorded = { url: string; type: string; fromFrame: boolean; failure?: string };

/** Records every request of the page and its frames (the isolated one included), and every refused one. */
function recordRequests(page: Page): Recorded[] {
  const recorded: Recorded[] = [];
  const byRequest = new Map<Request, Recorded>();
  page.on("request", (request) => {
    const entry = { url: request.url(), type: request.resourceType(), fromFrame: request.frame() !== page.mainFrame() };
    byRequest.set(request, entry);
    recorded.push(entry);
  });
  page.on("requestfailed", (request) => {
    const entry = byRequest.get(request);
    if (entry) entry.failure = request.failure()?.errorText ?? "failed";
  });
  return recorded;
}

/** What in the page's own DOM could still load or point away: image elements, and any url()/href in a diagram that is not local to it. */
function strayReferences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll("img, image, foreignObject, feImage, picture, video, audio, object, embed"))) {
      found.push(`element <${element.localName}>`);
    }
    for (const svg of Array.from(document.querySelectorAll("figure[data-status] svg"))) {
      const root = svg.closest("[role=img]")!.querySelector("svg")!;
      const isLocal = (id: string) => root.querySelector(`[id="${CSS.escape(id)}"]`) !== null;
      for (const element of [svg, ...Array.from(svg.querySelectorAll("*"))]) {
        for (const attribute of Array.from(element.attributes)) {
          if (/^on/i.test(attribute.name)) found.push(`${element.localName} ${attribute.name}`);
          if (/href$/i.test(attribute.name) && !(attribute.value.startsWith("#") && isLocal(attribute.value.slice(1)))) found.push(`${element.localName} ${attribute.name}=${attribute.value}`);
          for (const match of attribute.value.matchAll(/url\s*\(([^)]*)\)?/gi)) {
            const target = (match[1] ?? "").replace(/['"\s]/g, "");
            if (!target.startsWith("#") || !isLocal(target.slice(1))) found.push(`${element.localName} ${attribute.name}=${attribute.value}`);
          }
        }
        if (element.localName === "style") {
          const css = element.textContent ?? "";
          if (/@import|\\/i.test(css)) found.push(`style ${css.slice(0, 80)}`);
          for (const match of css.matchAll(/url\s*\(([^)]*)\)?/gi)) {
            const target = (match[1] ?? "").replace(/['"\s]/g, "");
            if (!target.startsWith("#") || !isLocal(target.slice(1))) found.push(`style url(${target})`);
          }
        }
      }
    }
    return found;
  });
}

test("hostile diagrams draw where they reach nothing: no request leaves, the person stays signed in, and the notes say what was left out", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // Had anything reached for the other host, this would answer it (and count it).
  const trackerHits: string[] = [];
  await page.context().route(TRACKER, (route) => {
    trackerHits.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/gif", body: Buffer.from("R0lGODlhAQABAAAAACw=", "base64") });
  });
  // The frame's policy would refuse a load a diagram tried; its guards mean none is even tried.
  const refusedByPolicy: string[] = [];
  page.on("console", (message) => {
    if (/^(Loading the|Connecting to|Refused to (load|connect|frame))/.test(message.text())) refusedByPolicy.push(message.text());
  });

  await new SignInPage(page).continueAsGuest("/");
  const requests = recordRequests(page);
  const gallery = new UiGalleryPage(page);
  await gallery.open();
  await gallery.diagramsSettled();
  const hostile = gallery.reply("Hostile diagrams");

  const expectations: [title: string | undefined, note: RegExp | undefined][] = [
    [undefined, IMAGE_NOTE],
    ["Image from another host", IMAGE_NOTE],
    ["Architecture icon text", IMAGE_NOTE],
    ["C4 style functions", STYLE_NOTE],
    ["State fills", STYLE_NOTE],
    ["Block fills", STYLE_NOTE],
    ["Treemap fills", STYLE_NOTE],
    ["Link out", LINK_NOTE],
    ["Plain flowchart", undefined],
  ];
  for (const [title, note] of expectations) {
    const figure = gallery.diagram(hostile, title);
    await expect(figure, title).toHaveAttribute("data-status", "drawn");
    await expect(gallery.drawing(figure), title).toBeVisible();
    if (note) await expect(figure.getByRole("note"), title).toHaveText(note);
    else await expect(figure.getByRole("note"), title).toHaveCount(0);
  }
  // What the diagrams say is still there, as text.
  await expect(gallery.drawing(gallery.diagram(hostile))).toContainText("Sign out");
  await expect(gallery.drawing(gallery.diagram(hostile, "Plain flowchart"))).toContainText("Answer?");
  await expect(gallery.drawing(gallery.diagram(hostile, "C4 style functions"))).toContainText("Customer");

  expect(await strayReferences(page), "nothing in the page loads or points outside its diagram").toEqual([]);

  const offOrigin = requests.filter((request) => !request.url.startsWith("data:") && new URL(request.url).origin !== origin);
  expect(offOrigin, "no request for another origin").toEqual([]);
  expect(trackerHits, "nothing reached the other host").toEqual([]);
  expect(requests.filter((request) => request.type === "image"), "no image is asked for at all").toEqual([]);
  expect(requests.filter((request) => new URL(request.url).pathname.startsWith("/api/auth/sign-out")), "the sign-out address is never asked for").toEqual([]);
  const frameRequests = requests.filter((request) => request.fromFrame);
  expect(frameRequests.map((request) => new URL(request.url).pathname).sort(), "the frame asks for its document and mermaid, once each").toEqual([...FRAME_PATHS].sort());
  expect(frameRequests.filter((request) => request.failure !== undefined)).toEqual([]);
  expect(refusedByPolicy, "nothing was even tried").toEqual([]);
  expect(dialogs).toEqual([]);

  // mermaid is not among the page's own scripts: it runs in the frame only.
  const pageScripts = requests.filter((request) => request.type === "script" && !request.fromFrame);
  expect(pageScripts.length).toBeGreaterThan(0);
  for (const script of pageScripts) {
    const body = await (await page.request.get(script.url)).text();
    expect(body, script.url).not.toContain("architecture-beta");
  }
  expect(await page.evaluate(() => "mermaid" in window)).toBe(false);

  // Still signed in: the session is there, and the chat opens without asking to sign in.
  const session = (await (await page.request.get("/api/auth/get-session")).json()) as { user?: { id?: string } } | null;
  expect(session?.user?.id).toBeTruthy();
  await page.goto("/");
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
});

test("the frame is one per page: every diagram of the gallery draws through it, and a theme change redraws them", async ({ page }) => {
  const gallery = new UiGalleryPage(page);
  await page.emulateMedia({ colorScheme: "light" });
  await gallery.open();
  await gallery.diagramsSettled();
  await expect(page.locator("iframe[data-diagram-frame]")).toHaveCount(1);
  await expect(page.locator("iframe[data-diagram-frame]")).toHaveAttribute("sandbox", "allow-scripts");
  const plain = gallery.diagram(gallery.reply("Hostile diagrams"), "Plain flowchart");
  const lightId = await gallery.drawing(plain).getAttribute("id");
  const lightStyle = await gallery.drawing(plain).locator("style").textContent();

  await page.emulateMedia({ colorScheme: "dark" });
  await expect(gallery.drawing(plain)).not.toHaveAttribute("id", lightId!);
  await gallery.diagramsSettled();
  const darkStyle = await gallery.drawing(plain).locator("style").textContent();
  expect(darkStyle).not.toBe(lightStyle);
  await expect(page.locator("iframe[data-diagram-frame]")).toHaveCount(1);
  // Ids are the diagram's own: the page's landmarks are never shadowed.
  expect(await page.locator("[id='main']").count()).toBe(1);
  const ids = await page.locator("figure[data-status] svg [id], figure[data-status] svg[id]").evaluateAll((elements) => elements.map((element) => element.id));
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) expect(id).toMatch(/^mermaid-/);
});

test("the frame's document carries only its own strict policy, and the app's pages may frame it", async ({ request }) => {
  const frame = await request.get("/diagram-frame");
  expect(frame.status()).toBe(200);
  const policies = frame.headersArray().filter((header) => header.name.toLowerCase() === "content-security-policy");
  expect(policies, "one policy: the app's own would forbid the framing").toHaveLength(1);
  const policy = policies[0]!.value;
  for (const directive of ["default-src 'none'", "img-src 'none'", "font-src 'none'", "connect-src 'none'", "frame-ancestors 'self'", "base-uri 'none'", "form-action 'none'", "sandbox allow-scripts", "style-src 'unsafe-inline'"]) {
    expect(policy).toContain(directive);
  }
  expect(policy).toMatch(/script-src http:\/\/127\.0\.0\.1:\d+\/diagram-frame\/mermaid\.js 'sha256-[A-Za-z0-9+/=]+';/);
  expect(policy).not.toContain("'self' 'unsafe-inline'");
  expect(frame.headers()["x-content-type-options"]).toBe("nosniff");

  const bundle = await request.get("/diagram-frame/mermaid.js");
  expect(bundle.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(bundle.headers()["x-content-type-options"]).toBe("nosniff");

  // The app's pages keep their policy, which frames only this origin (default-src 'self').
  for (const path of ["/gallery", "/sign-in", "/api/auth/get-session"]) {
    const app = (await request.get(path)).headers()["content-security-policy"] ?? "";
    expect(app, path).toContain("default-src 'self'");
    expect(app, path).not.toMatch(/(?:frame|child)-src/);
    expect(app, path).toContain("frame-ancestors 'none'");
  }
});

test("opened on its own the frame's document is still sandboxed and draws nothing; another site cannot frame it", async ({ page, baseURL }) => {
  await page.goto("/diagram-frame");
  expect(await page.evaluate(() => window.origin)).toBe("null");
  // No cookies in an opaque origin: reading them is refused outright.
  expect(
    await page.evaluate(() => {
      try {
        return typeof document.cookie;
      } catch {
        return "refused";
      }
    }),
  ).toBe("refused");

  // A page of another origin that tries to frame it gets the browser's error page in its place.
  await page.route("http://elsewhere.example.test/", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: `<title>waiting</title><iframe sandbox="allow-scripts" src="${baseURL}/diagram-frame" onload="document.title = 'settled'"></iframe>`,
    }),
  );
  await page.goto("http://elsewhere.example.test/");
  await expect(page).toHaveTitle("settled");
  const frameUrls = page.frames().map((frame) => frame.url());
  expect(frameUrls).not.toContain(`${baseURL}/diagram-frame`);
  expect(frameUrls).toContain("chrome-error://chromewebdata/");
});

test("a normal diagram and a refusal note, light and dark, wide and narrow", async ({ page }, testInfo) => {
  const gallery = new UiGalleryPage(page);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await gallery.open();
      await gallery.diagramsSettled();
      const hostile = gallery.reply("Hostile diagrams");
      for (const [name, title] of [
        ["plain", "Plain flowchart"],
        ["refused", "Image from another host"],
      ] as const) {
        const figure = gallery.diagram(hostile, title);
        await figure.scrollIntoViewIfNeeded();
        await expect(gallery.drawing(figure)).toBeVisible();
        // The figure fits the width it is given: a drawing scales down rather than push the page sideways.
        const box = (await figure.boundingBox())!;
        expect(box.x + box.width, `${title} ${viewport.width}`).toBeLessThanOrEqual(viewport.width);
        if (name === "refused") await expect(figure.getByRole("note")).toBeVisible();
        await figure.screenshot({ path: testInfo.outputPath(`diagram-${name}-${viewport.width}-${colorScheme}.png`) });
      }
    }
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
