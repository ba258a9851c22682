/**
 * What the hostile suite checks on a page, from the browser itself rather
 * than from CSP reports: every request the page and its frames make (to our
 * origin, and only the app's own machinery), every page error and console
 * error, and a scan of the whole document — every frame, open shadow root
 * and sandboxed `srcdoc` included — for anything that
 * loads a resource or carries a script URL: loading elements, event-handler
 * attributes, URL attributes with another scheme, CSS `url()` that is not a
 * local `url(#…)`, `@import`, `image-set()`.
 *
 * The app's own machinery is allowed by name: its nonce-carrying and
 * `/_next/static/` scripts, its stylesheets and preloads in `<head>`,
 * server-action POSTs to the page, the chat's event stream, the chat
 * list's event stream and search, Next.js
 * navigations between its own pages, the artifacts panel's list, the
 * diagram frame's document and its mermaid bundle, and (for blocks that
 * use project data) the chat's `/queries` and `/links` routes.
 */
import type { ConsoleMessage, Page, Request, WebSocket } from "@playwright/test";

/** One request the page (or a frame of it) made. */
export type RecordedRequest = { method: string; url: string; resourceType: string; headers: Record<string, string>; frameUrl: string };

/** Everything recorded on a page, in order; a cursor marks where a case began. */
export type PageRecord = { requests: RecordedRequest[]; pageErrors: string[]; consoleErrors: string[]; webSockets: string[] };

/** A position in a page's record. */
export type RecordCursor = { requests: number; pageErrors: number; consoleErrors: number; webSockets: number };

/** Starts recording `page` into `record` (a new one by default); call before its first navigation. */
export function recordPage(page: Page, record: PageRecord = { requests: [], pageErrors: [], consoleErrors: [], webSockets: [] }): PageRecord {
  page.on("request", (request: Request) => {
    let frameUrl = "";
    try {
      frameUrl = request.frame().url();
    } catch {
      // A service worker's request has no frame; its URL alone is checked.
    }
    record.requests.push({ method: request.method(), url: request.url(), resourceType: request.resourceType(), headers: request.headers(), frameUrl });
  });
  page.on("pageerror", (error) => record.pageErrors.push(`${error.name}: ${error.message}`.slice(0, 600)));
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") record.consoleErrors.push(message.text().slice(0, 600));
  });
  page.on("websocket", (socket: WebSocket) => record.webSockets.push(socket.url()));
  return record;
}

/** Where the record stands now. */
export function cursorOf(record: PageRecord): RecordCursor {
  return { requests: record.requests.length, pageErrors: record.pageErrors.length, consoleErrors: record.consoleErrors.length, webSockets: record.webSockets.length };
}

/** The part of the record after `cursor`. */
export function recordSince(record: PageRecord, cursor: RecordCursor): PageRecord {
  return {
    requests: record.requests.slice(cursor.requests),
    pageErrors: record.pageErrors.slice(cursor.pageErrors),
    consoleErrors: record.consoleErrors.slice(cursor.consoleErrors),
    webSockets: record.webSockets.slice(cursor.webSockets),
  };
}

/** Pages of the app its own links and navigations reach (Next.js fetches them as RSC payloads, prefetches included). */
const APP_PAGE_PATHS = [/^\/$/, /^\/chat\/[^/]+$/, /^\/compare$/, /^\/compare\/[^/]+$/, /^\/admin$/, /^\/sign-in$/, /^\/sign-up$/, /^\/guest$/];

/** What the chat's machinery may ask for, besides Next.js's own static files and navigations. */
export type RequestAllowance = {
  /** The app's origin. */
  origin: string;
  /** The case's blocks read project data: the chat's `/queries` and `/links` routes are the app's. */
  projectData: boolean;
  /** A page load is part of the window (a reload): the document itself and the favicon are asked for. */
  pageLoad: boolean;
};

/** Why `request` is not the app's own machinery, or null when it is. */
export function requestProblem(request: RecordedRequest, allowance: RequestAllowance): string | null {
  const url = new URL(request.url);
  const what = `${request.method} ${request.url.slice(0, 200)} (${request.resourceType}${request.frameUrl && !request.frameUrl.startsWith(allowance.origin) ? `, from frame ${request.frameUrl.slice(0, 80)}` : ""})`;
  if (url.protocol === "data:" || url.protocol === "blob:") return `a ${url.protocol} request: ${what}`;
  if (url.origin !== allowance.origin) return `a request off the origin: ${what}`;
  const path = url.pathname;
  const method = request.method;
  const isRsc = request.headers["rsc"] === "1" || url.searchParams.has("_rsc");
  if (method === "GET" && path.startsWith("/_next/static/")) return null;
  // Server actions post to the page they are called from.
  if (method === "POST" && request.headers["next-action"] !== undefined && APP_PAGE_PATHS.some((pattern) => pattern.test(path))) return null;
  if (method === "GET" && /^\/api\/chats\/[^/]+\/events$/.test(path)) return null;
  // The chat list follows the user's chats (an EventSource) and searches them (a script's fetch), at fixed addresses; as an image either would be planted.
  if (method === "GET" && request.resourceType === "eventsource" && path === "/api/chats/events") return null;
  if (method === "GET" && request.resourceType === "fetch" && path === "/api/chats/search") return null;
  // A comparison run's page follows each pane's channel and reads the run's figures again at fixed addresses.
  if (method === "GET" && /^\/api\/compare\/[^/]+\/panes\/[^/]+\/events$/.test(path)) return null;
  if (method === "GET" && request.resourceType === "fetch" && /^\/api\/compare\/[^/]+$/.test(path)) return null;
  // The artifacts panel reads the chat's list at a fixed address (a script's fetch; no markup can make one).
  if (method === "GET" && request.resourceType === "fetch" && /^\/api\/chats\/[^/]+\/artifacts$/.test(path)) return null;
  // …and, for the artifact a reply wrote, its versions and its text (fetches: no markup makes one).
  if (method === "GET" && request.resourceType === "fetch" && /^\/api\/chats\/[^/]+\/artifacts\/[^/]+(?:\/versions\/\d+\/content)?$/.test(path)) return null;
  // A diagram is drawn in the app's sandboxed frame: its document and the mermaid bundle it loads, at fixed addresses.
  if (method === "GET" && request.resourceType === "document" && path === "/diagram-frame") return null;
  if (method === "GET" && request.resourceType === "script" && path === "/diagram-frame/mermaid.js") return null;
  if (method === "GET" && isRsc && APP_PAGE_PATHS.some((pattern) => pattern.test(path))) return null;
  if (allowance.projectData && method === "POST" && /^\/api\/chats\/[^/]+\/(queries|links)$/.test(path)) return null;
  if (allowance.pageLoad && method === "GET" && request.resourceType === "document" && APP_PAGE_PATHS.some((pattern) => pattern.test(path))) return null;
  if (allowance.pageLoad && method === "GET" && path === "/favicon.ico") return null;
  // The browser asks for the app's icon and manifest (named in <head>) whenever it likes, not only at a load; as an image they would be planted.
  if (method === "GET" && request.resourceType === "other" && path === "/icon.svg") return null;
  if (method === "GET" && request.resourceType === "manifest" && path === "/manifest.webmanifest") return null;
  return `a same-origin request that is not the app's machinery: ${what}`;
}

/** Problems a window of the record shows: requests that are not the app's, page errors, console errors, sockets. */
export function recordProblems(window: PageRecord, allowance: RequestAllowance): string[] {
  const problems: string[] = [];
  for (const request of window.requests) {
    const problem = requestProblem(request, allowance);
    if (problem !== null) problems.push(problem);
  }
  for (const error of window.pageErrors) problems.push(`page error: ${error}`);
  for (const error of window.consoleErrors) problems.push(`console error: ${error}`);
  for (const socket of window.webSockets) problems.push(`a WebSocket was opened: ${socket}`);
  return problems;
}

/** One thing the DOM scan found. */
export type DomOffender = {
  /** What is wrong, with the element's opening tag. */
  finding: string;
  /** The `data-message-id` of the message it stands in, if any. */
  messageId: string | null;
};

/** Scans the page's document (see the module comment); with `onlyNew`, leaves out what an earlier scan of this page already reported. */
export async function scanDocument(page: Page, options: { nonce: string | null; onlyNew: boolean }): Promise<DomOffender[]> {
  const frames = page.frames();
  const results: DomOffender[] = [];
  const found = new Set<string>();
  // Cross-origin and sandboxed frames are scanned from inside; the main frame reaches same-origin ones itself.
  for (const frame of frames) {
    // (The app's diagram frame has our address but an opaque origin: it too is scanned from inside.)
    if (frame !== page.mainFrame() && frame.url().startsWith(new URL(page.url()).origin) && !isDiagramFrameUrl(frame.url())) continue;
    try {
      for (const offender of await frame.evaluate(scanInPage, { nonce: options.nonce, onlyNew: options.onlyNew, isMain: frame === page.mainFrame() })) {
        if (!found.has(offender.finding)) results.push(offender);
        found.add(offender.finding);
      }
    } catch (caught) {
      // A frame that goes away while it is scanned has nothing left to load.
      if (!String(caught).includes("detached") && !String(caught).includes("destroyed")) throw caught;
    }
  }
  return results;
}

/** The app's sandboxed diagram frame (app/diagram-frame): the one same-address frame the page cannot reach into. */
function isDiagramFrameUrl(url: string): boolean {
  return new URL(url).pathname === "/diagram-frame";
}

/** The nonce of the document response's policy (`'nonce-…'`), or null. */
export function nonceOfPolicy(policy: string | null | undefined): string | null {
  return policy ? (/'nonce-([^']+)'/.exec(policy)?.[1] ?? null) : null;
}

/**
 * Runs in the page: serialized by Playwright, so it is self-contained.
 * Allowed: scripts with the page's nonce or from /_next/static/, stylesheet
 * and preload links from /_next/static/ in <head>, meta in <head>, React's
 * `#…` expect links, sandboxed frames without a src or allow-same-origin
 * (scanned from inside by the caller, like every other frame that is not the page's origin).
 */
function scanInPage(options: { nonce: string | null; onlyNew: boolean; isMain: boolean }): DomOffender[] {
  type Seen = WeakMap<object, Set<string>>;
  const store = window as unknown as { __hostileAuditSeen?: Seen };
  const seen: Seen = (store.__hostileAuditSeen ??= new WeakMap());
  const offenders: DomOffender[] = [];
  const origin = location.origin;
  const diagramFrame = !options.isMain && location.pathname === "/diagram-frame";
  const REACT_FORM_SENTINEL = "javascript:throw new Error('A React form was unexpectedly submitted.";
  const LOADING = new Set(["img", "image", "feimage", "iframe", "frame", "frameset", "object", "embed", "applet", "video", "audio", "source", "track", "picture", "portal", "bgsound", "base", "script", "link", "meta", "use"]);
  const LOADING_ATTRIBUTES = new Set(["src", "srcset", "imagesrcset", "poster", "background", "lowsrc", "dynsrc", "ping", "manifest", "codebase", "archive", "classid"]);
  // Attributes whose value is CSS that may name a URL: style, and SVG's paint, filter, mask, clip and marker references.
  const CSS_ATTRIBUTES = new Set(["style", "fill", "stroke", "filter", "mask", "clip-path", "marker", "marker-start", "marker-mid", "marker-end", "cursor"]);
  const SCRIPT_SCHEME = /^(javascript|vbscript|data|blob|file|filesystem|about|jar|view-source|chrome|ws|wss|ftp):/i;
  const EXTERNAL_CSS = /url\(\s*(?!\s*['"]?\s*#)|@import|image-set\(|expression\(|-moz-binding|behavior\s*:/i;

  const openingTag = (element: Element): string => {
    const attributes = Array.from(element.attributes)
      .map((attribute) => `${attribute.name}="${attribute.value.slice(0, 80)}"`)
      .join(" ");
    return `<${element.localName}${attributes ? " " + attributes : ""}>`.slice(0, 240);
  };
  const messageOf = (element: Element | null): string | null => element?.closest("[data-message-id]")?.getAttribute("data-message-id") ?? null;
  const report = (key: object, anchor: Element | null, finding: string) => {
    let findings = seen.get(key);
    if (!findings) {
      findings = new Set();
      seen.set(key, findings);
    }
    if (options.onlyNew && findings.has(finding)) return;
    findings.add(finding);
    offenders.push({ finding, messageId: messageOf(anchor) });
  };
  const stripped = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g, "");
  const resolved = (value: string, base: string): URL | null => {
    try {
      return new URL(value, base);
    } catch {
      return null;
    }
  };
  const isStatic = (value: string | null, base: string) => {
    if (!value) return false;
    const url = resolved(value, base);
    return url !== null && url.origin === origin && url.pathname.startsWith("/_next/static/");
  };

  const scanRoot = (root: Document | ShadowRoot | DocumentFragment, context: { base: string; anchor: Element | null; live: boolean; label: string }) => {
    for (const element of Array.from(root.querySelectorAll("*"))) {
      const key: object = context.live ? element : (context.anchor ?? element);
      const anchor = context.live ? element : context.anchor;
      const name = element.localName.toLowerCase();
      const tag = `${context.label}${openingTag(element)}`;
      const inHead = context.live && element.closest("head") !== null;
      let allowedLoader = false;

      if (LOADING.has(name)) {
        if (name === "script") {
          const script = element as HTMLScriptElement;
          allowedLoader = context.live && ((options.nonce !== null && script.nonce === options.nonce) || isStatic(element.getAttribute("src"), context.base));
          // The diagram frame's own head: its hashed inline script and the mermaid bundle.
          if (diagramFrame && inHead) allowedLoader ||= script.src === "" || new URL(script.src).pathname === "/diagram-frame/mermaid.js";
        } else if (name === "link") {
          const href = element.getAttribute("href") ?? "";
          const rel = (element.getAttribute("rel") ?? "").toLowerCase();
          // The app's icon (app/icon.svg, with Next's cache-busting query) and manifest (app/manifest.ts), at their fixed addresses.
          const appIcon = rel === "icon" && /^\/icon\.svg(\?[\w.-]*)?$/.test(href);
          const appManifest = rel === "manifest" && href === "/manifest.webmanifest";
          allowedLoader = inHead && (isStatic(href, context.base) || href.startsWith("#") || href === "/favicon.ico" || appIcon || appManifest);
        } else if (name === "meta") {
          allowedLoader = inHead && (element.getAttribute("http-equiv") ?? "").toLowerCase() !== "refresh";
        } else if (name === "use") {
          const href = element.getAttribute("href") ?? element.getAttribute("xlink:href") ?? "";
          allowedLoader = href.trim().startsWith("#");
        } else if (name === "iframe") {
          // A sandboxed frame without allow-same-origin has an opaque origin: it reaches nothing of ours, and is scanned from inside.
          const src = element.getAttribute("src");
          const sandbox = element.getAttribute("sandbox");
          allowedLoader = sandbox !== null && !sandbox.includes("allow-same-origin") && (src === null || src === "" || src === "about:blank");
          // The app's diagram frame: scripts only, at its fixed address (scanned from inside too).
          allowedLoader ||= context.live && options.isMain && sandbox === "allow-scripts" && src === "/diagram-frame";
        }
        if (!allowedLoader) report(key, anchor, `an element that loads or runs: ${tag}`);
      }

      for (const attribute of Array.from(element.attributes)) {
        const attributeName = attribute.name.toLowerCase();
        const value = attribute.value;
        const bare = stripped(value);
        if (attributeName.startsWith("on")) report(key, anchor, `an event-handler attribute ${attributeName}: ${tag}`);
        if (CSS_ATTRIBUTES.has(attributeName) && EXTERNAL_CSS.test(value)) report(key, anchor, `CSS that loads (url(), @import, image-set) in ${attributeName}: ${tag}`);
        if (attributeName === "href" || attributeName === "xlink:href" || attributeName.endsWith(":href")) {
          if (name === "a" || name === "area") {
            const url = resolved(bare, context.base);
            if (url === null || !["http:", "https:", "mailto:", "tel:"].includes(url.protocol)) report(key, anchor, `a link with a scheme other than http, https, mailto, tel: ${tag}`);
            // The Artifacts panel's own download button is the one link into the API: a model's link is never relative (safeHref) and no markup of a model sets `download`.
            else if (url.origin === origin && url.pathname.startsWith("/api/") && !(element.hasAttribute("download") && /^\/api\/chats\/[^/]+\/artifacts\/[^/]+\/versions\/\d+\/content$/.test(url.pathname))) report(key, anchor, `a link into the app's API: ${tag}`);
          } else if (!allowedLoader && !bare.startsWith("#")) {
            report(key, anchor, `a URL attribute ${attributeName} that points outside the document: ${tag}`);
          }
        } else if (LOADING_ATTRIBUTES.has(attributeName) || (attributeName === "data" && (name === "object" || name === "embed"))) {
          if (!allowedLoader) report(key, anchor, `a URL attribute ${attributeName}: ${tag}`);
        } else if (attributeName === "action" || attributeName === "formaction") {
          const url = resolved(bare, context.base);
          const ownPage = url !== null && url.origin === origin && url.pathname === location.pathname;
          if (!value.startsWith(REACT_FORM_SENTINEL) && !ownPage && value !== "") report(key, anchor, `a form target ${attributeName}: ${tag}`);
        } else if ((/(href|src|url)$/.test(attributeName) || attributeName === "attributename") && SCRIPT_SCHEME.test(bare)) {
          report(key, anchor, `a script or data URL in ${attributeName}: ${tag}`);
        }
      }
      if ((name === "set" || name.startsWith("animate")) && /^(href|xlink:href|on.*|style|src)$/i.test(element.getAttribute("attributeName") ?? "")) {
        report(key, anchor, `an SVG animation that rewrites ${element.getAttribute("attributeName")}: ${tag}`);
      }
      if (name === "style" && EXTERNAL_CSS.test(element.textContent ?? "")) {
        const text = element.textContent ?? "";
        const at = text.search(EXTERNAL_CSS);
        report(key, anchor, `a style element that loads: …${text.slice(Math.max(0, at - 40), at + 120)}…`);
      }

      if (element.shadowRoot) scanRoot(element.shadowRoot, { ...context, label: `${context.label}(shadow of <${name}>) ` });
      if (name === "iframe" || name === "frame") {
        const frame = element as HTMLIFrameElement;
        let inner: Document | null = null;
        try {
          inner = frame.contentDocument;
        } catch {
          inner = null;
        }
        if (inner) scanRoot(inner, { base: inner.baseURI, anchor: element, live: false, label: `${context.label}(in a frame) ` });
        // A sandboxed frame's document is out of reach (and may run no script to be scanned from inside): read what it was given.
        const srcdoc = element.getAttribute("srcdoc");
        if (!inner && srcdoc) {
          const parsed = new DOMParser().parseFromString(srcdoc, "text/html");
          scanRoot(parsed, { base: "about:srcdoc", anchor: element, live: false, label: `${context.label}(in srcdoc) ` });
        }
      }
    }
  };

  scanRoot(document, { base: document.baseURI, anchor: null, live: true, label: options.isMain ? "" : `(frame ${location.href.slice(0, 60)}) ` });
  return offenders;
}
