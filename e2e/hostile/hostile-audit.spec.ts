/**
 * The checks of the hostile corpus, checked themselves: a suite whose scan
 * found nothing because it looked nowhere would pass every case. On the
 * app's own page the scan finds nothing (the app's scripts, styles and
 * forms are its machinery); planted markup of every kind the corpus guards
 * against is found; a same-origin fetch is seen and refused; and the
 * hostile model server picks the case and the step a conversation names.
 */
import { expect, test } from "@playwright/test";
import { SignInPage } from "../pages/sign-in-page";
import { nonceOfPolicy, recordPage, requestProblem, scanDocument, type RecordedRequest } from "../support/hostile-page-audit";
import { pickStep } from "../support/hostile-model-server";
import { HOSTILE_CASES, RESPONDER_CASES } from "./cases";
import { HOSTILE_CLASSES, TRACKER_ORIGIN } from "./hostile-case";

/** Markup no renderer may ever write, with the words the scan must find it by. */
const PLANTED: { markup: string; finding: string }[] = [
  { markup: `<img alt="" src="${TRACKER_ORIGIN}/planted.png">`, finding: "an element that loads or runs: <img" },
  { markup: `<svg><image href="${TRACKER_ORIGIN}/planted.png"/></svg>`, finding: "an element that loads or runs: <image" },
  { markup: `<svg><use href="${TRACKER_ORIGIN}/sprite.svg#a"/></svg>`, finding: "an element that loads or runs: <use" },
  { markup: `<video poster="${TRACKER_ORIGIN}/poster.png"></video>`, finding: "a URL attribute poster" },
  { markup: `<object data="${TRACKER_ORIGIN}/o"></object>`, finding: "a URL attribute data" },
  { markup: `<link rel="stylesheet" href="${TRACKER_ORIGIN}/planted.css">`, finding: "an element that loads or runs: <link" },
  { markup: "<script>void 0</script>", finding: "an element that loads or runs: <script" },
  // The app's own icon is allowed in <head> only: the same element in a reply is a request.
  { markup: '<link rel="icon" href="/icon.svg">', finding: "an element that loads or runs: <link" },
  { markup: '<iframe srcdoc="<p>unsandboxed</p>"></iframe>', finding: "an element that loads or runs: <iframe" },
  { markup: `<iframe sandbox="" srcdoc="<img alt='' src='${TRACKER_ORIGIN}/in-frame.png'>"></iframe>`, finding: "<img alt=\"\" src=\"http://tracker.example.test/in-frame.png\">" },
  { markup: '<a href="javascript:alert(1)">x</a>', finding: "a link with a scheme other than http, https, mailto, tel" },
  { markup: '<a href=" java\tscript:alert(1)">x</a>', finding: "a link with a scheme other than http, https, mailto, tel" },
  { markup: '<a href="data:text/html,x">x</a>', finding: "a link with a scheme other than http, https, mailto, tel" },
  { markup: '<a href="/api/auth/sign-out">x</a>', finding: "a link into the app's API" },
  { markup: '<div onclick="void 0">x</div>', finding: "an event-handler attribute onclick" },
  { markup: '<svg><rect onload="void 0"/></svg>', finding: "an event-handler attribute onload" },
  { markup: `<span style="background:url(//tracker.example.test/s.png)">x</span>`, finding: "CSS that loads (url(), @import, image-set) in style" },
  { markup: `<span style="background-image:image-set('${TRACKER_ORIGIN}/s.png' 1x)">x</span>`, finding: "CSS that loads (url(), @import, image-set) in style" },
  { markup: `<svg><rect fill="url(${TRACKER_ORIGIN}/paint.svg#p)"/></svg>`, finding: "CSS that loads (url(), @import, image-set) in fill" },
  { markup: `<style>.planted { background: url(${TRACKER_ORIGIN}/s.png) }</style>`, finding: "a style element that loads" },
  { markup: `<style>@import "${TRACKER_ORIGIN}/i.css";</style>`, finding: "a style element that loads" },
  { markup: `<form action="${TRACKER_ORIGIN}/steal"><button>go</button></form>`, finding: "a form target action" },
  { markup: '<button formaction="javascript:alert(1)">go</button>', finding: "a form target formaction" },
  { markup: '<svg><a><animate attributeName="href" to="javascript:alert(1)"/></a></svg>', finding: "an SVG animation that rewrites href" },
  { markup: '<div data-href="javascript:alert(1)">x</div>', finding: "a script or data URL in data-href" },
  // A content that is no delay makes the refresh inert: a live one would navigate this very page away.
  { markup: `<meta http-equiv="refresh" content="never;url=${TRACKER_ORIGIN}/">`, finding: "an element that loads or runs: <meta" },
];

/** Markup the scan must leave alone: what the renderers do write. */
const HARMLESS = [
  '<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer nofollow">a link off-site is not a fetch</a>',
  '<a href="mailto:someone@example.com">mail</a> <a href="tel:+15550100">call</a> <a href="#note">a fragment</a>',
  '<svg><defs><marker id="m"></marker></defs><path marker-end="url(#m)" style="fill: url(#gradient)"/><use href="#m"/></svg>',
  '<span title="javascript: as words in a title is text">text</span>',
];

test("the scan finds nothing on the app's own page, and finds every kind of planted markup", async ({ page }) => {
  const record = recordPage(page);
  let nonce: string | null = null;
  page.on("response", (response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) nonce = nonceOfPolicy(response.headers()["content-security-policy"]) ?? nonce;
  });
  await new SignInPage(page).continueAsGuest("/");
  await page.reload();
  expect(nonce, "the app's page has a nonce").not.toBeNull();
  expect(await scanDocument(page, { nonce, onlyNew: true }), "the app's own page carries nothing the scan refuses").toEqual([]);

  for (const harmless of HARMLESS) {
    await page.evaluate((markup) => document.body.insertAdjacentHTML("beforeend", `<div data-planted>${markup}</div>`), harmless);
    expect(await scanDocument(page, { nonce, onlyNew: true }), harmless).toEqual([]);
  }
  for (const planted of PLANTED) {
    await page.evaluate((markup) => document.body.insertAdjacentHTML("beforeend", `<div data-planted>${markup}</div>`), planted.markup);
    // A frame's document arrives a moment after its element.
    await expect
      .poll(async () => (await scanDocument(page, { nonce, onlyNew: false })).map((offender) => offender.finding).join("\n"), { message: planted.markup })
      .toContain(planted.finding);
    await page.evaluate(() => document.querySelectorAll("[data-planted]").forEach((element) => element.remove()));
  }
  // The app's own requests while it loaded were its machinery.
  const origin = new URL(page.url()).origin;
  const own = record.requests.filter((request) => !request.url.startsWith(TRACKER_ORIGIN) && !request.url.includes("/api/auth/"));
  expect(own.map((request) => requestProblem(request, { origin, projectData: false, pageLoad: true })).filter((problem) => problem !== null)).toEqual([]);
});

test("a same-origin fetch made by planted markup is seen, and is not the app's machinery", async ({ page }) => {
  const record = recordPage(page);
  await new SignInPage(page).continueAsGuest("/");
  const origin = new URL(page.url()).origin;
  const before = record.requests.length;
  await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<img alt="" src="/api/auth/sign-out?planted=1">'));
  await expect.poll(() => record.requests.slice(before).some((request) => request.url.includes("planted=1"))).toBe(true);
  const planted = record.requests.slice(before).find((request) => request.url.includes("planted=1")) as RecordedRequest;
  expect(requestProblem(planted, { origin, projectData: true, pageLoad: true })).toContain("a same-origin request that is not the app's machinery");
});

test("the request rule allows the app's machinery and nothing else", () => {
  const origin = "http://127.0.0.1:3200";
  const request = (method: string, path: string, headers: Record<string, string> = {}, resourceType = "fetch"): RecordedRequest => ({ method, url: origin + path, resourceType, headers, frameUrl: origin + "/chat/c1" });
  const allowance = { origin, projectData: false, pageLoad: false };
  expect(requestProblem(request("POST", "/chat/c1", { "next-action": "abc" }), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/api/chats/c1/events"), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/api/chats/events", {}, "eventsource"), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/api/chats/events", {}, "image"), allowance)).toContain("not the app's machinery");
  expect(requestProblem(request("GET", "/api/chats/search?q=sales"), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/api/chats/search?q=sales", {}, "image"), allowance)).toContain("not the app's machinery");
  expect(requestProblem(request("GET", "/_next/static/chunks/a.js", {}, "script"), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/chat/c2?_rsc=x", { rsc: "1" }), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/api/chats/c1/artifacts"), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/api/chats/c1/artifacts", {}, "image"), allowance)).toContain("not the app's machinery");
  expect(requestProblem(request("GET", "/diagram-frame", {}, "document"), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/diagram-frame/mermaid.js?v=1", {}, "script"), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/diagram-frame/mermaid.js", {}, "image"), allowance)).toContain("not the app's machinery");
  expect(requestProblem(request("GET", "/api/auth/sign-out", {}, "image"), allowance)).toContain("not the app's machinery");
  expect(requestProblem(request("GET", "/chat/c2", {}, "image"), allowance)).toContain("not the app's machinery");
  expect(requestProblem(request("POST", "/api/chats/c1/queries"), allowance)).toContain("not the app's machinery");
  expect(requestProblem(request("POST", "/api/chats/c1/queries"), { ...allowance, projectData: true })).toBeNull();
  expect(requestProblem(request("GET", "/chat/c1", {}, "document"), { ...allowance, pageLoad: true })).toBeNull();
  expect(requestProblem({ ...request("GET", "/x.png"), url: `${TRACKER_ORIGIN}/x.png` }, allowance)).toContain("off the origin");
  // The app's icon and manifest, as the browser asks for them; as an image or a fetch they would be planted.
  expect(requestProblem(request("GET", "/icon.svg?icon.abc", {}, "other"), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/manifest.webmanifest", {}, "manifest"), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/icon.svg", {}, "image"), allowance)).toContain("not the app's machinery");
  expect(requestProblem(request("GET", "/manifest.webmanifest"), allowance)).toContain("not the app's machinery");
  // A comparison run's page: each pane's channel and the run's figures.
  expect(requestProblem(request("GET", "/api/compare/r1/panes/p1/events"), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/api/compare/r1?panes=summary"), allowance)).toBeNull();
  expect(requestProblem(request("GET", "/api/compare/r1/export"), allowance)).toContain("not the app's machinery");
});

test("the corpus is large enough, every case has a class and a unique id, and the model server plays the step a conversation is at", () => {
  const ids = HOSTILE_CASES.map((hostileCase) => hostileCase.id);
  expect(ids.length).toBeGreaterThanOrEqual(80);
  expect(new Set([...ids, ...RESPONDER_CASES.map((hostileCase) => hostileCase.id)]).size).toBe(ids.length + RESPONDER_CASES.length);
  for (const hostileClass of Object.keys(HOSTILE_CLASSES)) expect(HOSTILE_CASES.some((hostileCase) => hostileCase.class === hostileClass), hostileClass).toBe(true);

  const cases = new Map([...HOSTILE_CASES, ...RESPONDER_CASES].map((hostileCase) => [hostileCase.id, hostileCase]));
  const toolCase = HOSTILE_CASES.find((hostileCase) => hostileCase.id === "tool-links");
  expect(pickStep([{ role: "system", content: "…" }, { role: "user", content: "hostile case tool-links" }], cases)).toEqual({ hostileCase: toolCase, caseId: "tool-links", step: 0 });
  expect(
    pickStep(
      [
        { role: "user", content: [{ type: "text", text: "hostile case tool-links" }] },
        { role: "assistant", content: "" },
        { role: "tool", content: "…" },
      ],
      cases,
    ).step,
  ).toBe(1);
  expect(pickStep([{ role: "user", content: '[octo-ui-action] {"action":"hostile-case:env-choice-reply"}' }], cases).caseId).toBe("env-choice-reply");
  expect(pickStep([{ role: "user", content: "hello" }], cases).hostileCase).toBeNull();
});
