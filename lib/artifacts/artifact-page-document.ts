/**
 * An HTML artifact as the page its frame is served: the model's text with
 * every tag that could open a socket without a request neutralised, and every
 * classic script prefixed with the guard (artifact-page-guard.ts), with the
 * hashes that let exactly those scripts run.
 *
 * - Refused tags (`link` — preconnect, dns-prefetch, prefetch, prerender,
 *   modulepreload —, `meta` — refresh —, `base`, and every frame or embedding
 *   element, whose `srcdoc` could hold any of them) are neutralised at the
 *   tokenizer's level, whatever the tree builder would make of them: the `<`
 *   of every `<name` followed by what ends a tag name is written `&lt;`. A
 *   start tag can only begin with those bytes, so no such element is ever
 *   parsed, in any context (in text and attribute values `&lt;` reads as `<`;
 *   only a script's or style's own text changes).
 * - Scripts: parse5 finds the classic scripts; each gets the guard at the
 *   start of its text, and the hash of guard + text joins the policy. A
 *   script parse5 and the browser saw differently simply does not run: every
 *   hash is of a text that starts with the guard, so no script can run in the
 *   frame (or in a frame nested in it) without the guard running first.
 *   Module, JSON and speculation-rules scripts get no hash and do not run.
 */
import { createHash } from "node:crypto";
import { parse } from "parse5";
import { ARTIFACT_PAGE_GUARD, ARTIFACT_PAGE_REFUSED_TAGS } from "./artifact-page-guard";

/** The served page: its HTML and the CSP sources (`'sha256-…'`) of the scripts it may run. */
export type ArtifactPageDocument = { html: string; scriptSources: string[] };

/** Most scripts that get a hash: each adds ~50 bytes to the policy header, which browsers cap (Chromium at 256 KB for all headers). */
export const ARTIFACT_PAGE_SCRIPT_LIMIT = 200;

/** `<` where a refused start tag begins: the name, then what ends a tag name (whitespace, `/`, `>`) or the end of the text. */
const REFUSED_TAG_START = new RegExp(`<(?=(?:${ARTIFACT_PAGE_REFUSED_TAGS.join("|")})(?:[\\t\\n\\f\\r />]|$))`, "gi");

/** The `type` values (ASCII case-insensitive, trimmed) of a classic script, as HTML lists them. */
const CLASSIC_SCRIPT_TYPES = new Set([
  "",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
]);

const HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";

/** The parse5 node fields this file reads. */
type ParsedNode = {
  nodeName: string;
  namespaceURI?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: ParsedNode[];
  content?: ParsedNode;
  sourceCodeLocation?: { startTag?: { endOffset: number } | null } | null;
};

/** The model's HTML with refused tags neutralised and its scripts guarded (see the file comment). */
export function artifactPageDocument(content: string): ArtifactPageDocument {
  const neutral = content.replace(REFUSED_TAG_START, "&lt;");
  const tree = parse(neutral, { sourceCodeLocationInfo: true, scriptingEnabled: true }) as unknown as ParsedNode;
  const scripts: { insertAt: number; text: string }[] = [];
  const pending: ParsedNode[] = [tree];
  while (pending.length > 0) {
    const node = pending.pop() as ParsedNode;
    const insertAt = node.sourceCodeLocation?.startTag?.endOffset;
    if (node.nodeName === "script" && node.namespaceURI === HTML_NAMESPACE && insertAt !== undefined && isClassicScript(node)) {
      scripts.push({ insertAt, text: (node.childNodes ?? []).map((child) => child.value ?? "").join("") });
    }
    pending.push(...(node.childNodes ?? []));
    if (node.content) pending.push(node.content);
  }
  scripts.sort((first, second) => first.insertAt - second.insertAt);
  const guarded = scripts.slice(0, ARTIFACT_PAGE_SCRIPT_LIMIT);
  let html = "";
  let copied = 0;
  const scriptSources = new Set<string>();
  for (const script of guarded) {
    html += neutral.slice(copied, script.insertAt) + ARTIFACT_PAGE_GUARD;
    copied = script.insertAt;
    scriptSources.add(`'sha256-${createHash("sha256").update(ARTIFACT_PAGE_GUARD + script.text, "utf8").digest("base64")}'`);
  }
  html += neutral.slice(copied);
  return { html, scriptSources: [...scriptSources] };
}

/** True for a script HTML runs as a classic script: no `type` (or a JavaScript one) and no other `language`. */
function isClassicScript(node: ParsedNode): boolean {
  const attribute = (name: string) => node.attrs?.find((candidate) => candidate.name === name)?.value;
  const type = attribute("type");
  if (type !== undefined) return CLASSIC_SCRIPT_TYPES.has(type.trim().toLowerCase());
  const language = attribute("language");
  return language === undefined || language === "" || CLASSIC_SCRIPT_TYPES.has(`text/${language.trim().toLowerCase()}`);
}
