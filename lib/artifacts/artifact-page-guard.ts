/**
 * The guard that begins every script of an HTML artifact's page: the page's
 * own code runs only after it, in every realm of the frame, and cannot undo it.
 *
 * Why a script at all: Chromium applies no Content-Security-Policy to WebRTC
 * (CSP3's `webrtc 'block'` is "Unrecognized" in Chromium 156) nor to
 * `<link rel=preconnect|dns-prefetch>`, and there is no Permissions-Policy for
 * either. So the page must never hold an `RTCPeerConnection` nor put a `<link>`
 * (or a frame, whose document could hold one) into a live document.
 *
 * Why it cannot be undone (see artifact-page-document.ts for the other half):
 * - The page's CSP lists only hashes of *guard + script* texts, so any script
 *   that runs anywhere in the frame — a copy pasted into a nested `srcdoc`
 *   frame included — starts with this guard; inline handlers, `javascript:`
 *   URLs, `eval`, workers and module scripts do not run at all. A nested
 *   about:blank frame of the sandboxed page is another opaque origin, so the
 *   page cannot reach into a fresh realm for pristine globals either.
 * - Hoisting is the only thing the page's code can do before the guard runs,
 *   and it can only replace properties of the global object. The guard reads
 *   nothing from the global object by name except `document` (unforgeable):
 *   `Object` comes from an object literal, prototypes from `document`, and
 *   every built-in it calls later is bound now (a page that redefines
 *   `String.prototype.toLowerCase` or `Function.prototype.call` afterwards
 *   changes nothing). A hoisted `trustedTypes` or `NavigateEvent` makes the
 *   guard throw, and then the script it begins never runs.
 *
 * What it does: deletes every WebRTC and raw-socket interface (by name and by
 * a sweep for `RTC…`), and the interfaces of the elements the page may not
 * create; refuses `createElement`/`createElementNS`/`createDocument` for
 * `link`, `meta`, `base` and every frame or embedding element (any letter
 * case, any namespace prefix); refuses `document.write` of markup (it would
 * join the document's own bytes) and `execCommand('insertHTML')`; removes the
 * Sanitizer's `setHTML`/`parseHTML`; and installs the Trusted Types default
 * policy (the page's CSP requires Trusted Types), which refuses every markup
 * string holding such a tag — innerHTML, insertAdjacentHTML, DOMParser,
 * Range fragments, setHTMLUnsafe, srcdoc — and any XML entity declaration.
 * It runs once per realm; later scripts find its work done and go on.
 */

/** Tag names an artifact page may never put in a document: hints, refresh, base, frames and embeddings. */
export const ARTIFACT_PAGE_REFUSED_TAGS = ["link", "meta", "base", "iframe", "frame", "frameset", "object", "embed", "fencedframe", "portal"] as const;

/** Interfaces the guard deletes by name (a sweep also deletes any other `RTC…` or raw-socket name the browser has). */
export const ARTIFACT_PAGE_REMOVED_GLOBALS = [
  "RTCPeerConnection",
  "webkitRTCPeerConnection",
  "RTCDataChannel",
  "RTCIceTransport",
  "RTCIceCandidate",
  "RTCSessionDescription",
  "RTCRtpSender",
  "RTCRtpReceiver",
  "RTCRtpTransceiver",
  "RTCDtlsTransport",
  "RTCSctpTransport",
  "RTCCertificate",
  "RTCDTMFSender",
  "RTCPeerConnectionIceEvent",
  "RTCPeerConnectionIceErrorEvent",
  "RTCDataChannelEvent",
  "RTCTrackEvent",
  "RTCRtpScriptTransform",
  "RTCEncodedAudioFrame",
  "RTCEncodedVideoFrame",
  "RTCIdentityAssertion",
  "TCPSocket",
  "UDPSocket",
  "TCPServerSocket",
  "MulticastController",
  "XSLTProcessor",
  "Sanitizer",
  "HTMLLinkElement",
  "HTMLMetaElement",
  "HTMLBaseElement",
  "HTMLIFrameElement",
  "HTMLFrameElement",
  "HTMLFrameSetElement",
  "HTMLObjectElement",
  "HTMLEmbedElement",
  "HTMLFencedFrameElement",
  "HTMLPortalElement",
] as const;

/**
 * The guard's source: one statement, no `<` anywhere (it is put inside a
 * `<script>` element's text and must not change how that text is tokenized),
 * and no top-level name of its own (a page's scripts share one global scope).
 */
export const ARTIFACT_PAGE_GUARD = `(() => {
"use strict";
const d = document, w = d.defaultView, O = ({}).constructor;
const uncurry = (fn) => fn.call.bind(fn);
const getOwn = O.getOwnPropertyDescriptor, define = O.defineProperty, protoOf = O.getPrototypeOf;
const lower = uncurry("".toLowerCase), codeAt = uncurry("".charCodeAt), slice = uncurry("".slice), join = uncurry([].join);
const removed = ${JSON.stringify(ARTIFACT_PAGE_REMOVED_GLOBALS)};
for (let i = 0; i !== removed.length; i += 1) delete w[removed[i]];
const names = O.getOwnPropertyNames(w);
for (let i = 0; i !== names.length; i += 1) if (/^(webkit)?RTC|^(TCP|UDP|TCPServer)Socket$/.test(names[i])) delete w[names[i]];
const refusedTags = ${JSON.stringify(ARTIFACT_PAGE_REFUSED_TAGS)};
const refusedWord = (word) => { for (let i = 0; i !== refusedTags.length; i += 1) if (refusedTags[i] === word) return true; return false; };
const nameCode = (c) => (c >= 97 && 122 >= c) || (c >= 48 && 57 >= c) || c === 45 || c === 46 || c === 95;
const dangerous = (name) => {
  const text = lower(name);
  let start = 0;
  for (let i = 0; i !== text.length + 1; i += 1) {
    if (i === text.length || !nameCode(codeAt(text, i))) { if (i !== start && refusedWord(slice(text, start, i))) return true; start = i + 1; }
  }
  return false;
};
const markupRefused = (markup) => {
  const text = "" + markup;
  for (let i = 0; i !== text.length; i += 1) {
    if (codeAt(text, i) !== 60) continue;
    let end = i + 1;
    while (end !== text.length) { const c = codeAt(text, end); if (c === 9 || c === 10 || c === 12 || c === 13 || c === 32 || c === 47 || c === 62) break; end += 1; }
    const name = slice(text, i + 1, end);
    if (dangerous(name) || lower(name) === "!entity") return true;
  }
  return false;
};
const owner = (object, key) => { let at = object; while (at !== null && !getOwn(at, key)) at = protoOf(at); return at; };
const wrap = (object, key, make) => {
  const at = owner(object, key);
  if (at === null) return;
  const descriptor = getOwn(at, key);
  if (descriptor.configurable === false) return;
  define(at, key, { value: make(uncurry(descriptor.value)), writable: false, enumerable: descriptor.enumerable, configurable: false });
};
const refuse = (what) => { throw new TypeError("An artifact page cannot " + what + ": it reaches no network."); };
const checkedName = (name) => { const text = "" + name; if (dangerous(text)) refuse("create the element " + text); return text; };
wrap(d, "createElement", (native) => function createElement(name, options) { return native(this, checkedName(name), options); });
wrap(d, "createElementNS", (native) => function createElementNS(namespace, name, options) { return native(this, namespace, checkedName(name), options); });
wrap(d.implementation, "createDocument", (native) => function createDocument(namespace, name, doctype) { return native(this, namespace, name === null || name === undefined ? "" : checkedName(name), doctype); });
const writer = (label) => (native) => function (...parts) { const text = join(parts, ""); for (let i = 0; i !== text.length; i += 1) if (codeAt(text, i) === 60) refuse("write markup with document." + label); return native(this, text); };
wrap(d, "write", writer("write"));
wrap(d, "writeln", writer("writeln"));
wrap(d, "execCommand", (native) => function execCommand(command, ui, value) { const text = "" + command; if (lower(text) === "inserthtml") refuse("insert markup with execCommand"); return native(this, text, ui, value); });
const probe = d.createElement("div");
const holders = [probe, probe.attachShadow({ mode: "open" })];
for (let i = 0; i !== holders.length; i += 1) { const at = owner(holders[i], "setHTML"); if (at !== null) delete at.setHTML; }
delete d.constructor.parseHTML;
const types = w.trustedTypes;
if (types.defaultPolicy === null) types.createPolicy("default", { createHTML: (markup) => (markupRefused(markup) ? refuse("parse markup holding a refused tag") : markup), createScript: (source) => source, createScriptURL: (url) => url });
})();
`;
