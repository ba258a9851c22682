import { createHash } from "node:crypto";
import { parse } from "parse5";
import { describe, expect, it } from "vitest";
import { ARTIFACT_PAGE_GUARD, ARTIFACT_PAGE_REFUSED_TAGS } from "./artifact-page-guard";
import { artifactPageDocument } from "./artifact-page-document";
import { artifactPagePolicy } from "./artifact-responses";

type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[]; content?: Node; value?: string };

/** Every element name of `html` as parse5 (the HTML standard's parser) builds it, template contents included. */
function elementNames(html: string): string[] {
  const names: string[] = [];
  const pending: Node[] = [parse(html, { scriptingEnabled: true }) as unknown as Node];
  while (pending.length > 0) {
    const node = pending.pop() as Node;
    if (node.attrs) names.push(node.nodeName);
    pending.push(...(node.childNodes ?? []));
    if (node.content) pending.push(node.content);
  }
  return names;
}

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("artifactPageDocument", () => {
  it.each([
    ['<link rel=preconnect href="http://attacker.test/">', "a preconnect"],
    ["<LINK REL=dns-prefetch HREF=//attacker.test>", "upper case"],
    ["<link/rel=prefetch href=//a>", "a slash after the name"],
    ["<link\trel=modulepreload href=//a>", "a tab"],
    ['<meta http-equiv="refresh" content="0;url=http://attacker.test/">', "a refresh"],
    ['<base href="http://attacker.test/">', "a base"],
    ['<iframe srcdoc="&lt;link rel=preconnect href=//a&gt;"></iframe>', "a frame whose srcdoc holds a link"],
    ["<frameset><frame src=//a></frameset>", "frames"],
    ["<object data=//a></object><embed src=//a><fencedframe></fencedframe><portal src=//a></portal>", "embeddings"],
    ["<div><template shadowrootmode=open><link rel=preconnect href=//a></template></div>", "a declarative shadow root"],
    ["<svg><meta><style><p><link rel=preconnect href=//a></style></svg>", "a foreign-content breakout"],
    ['<noscript><p title="</noscript><link rel=preconnect href=//a>"></noscript>', "a noscript with a closing tag in an attribute"],
    ["<select><style><link rel=preconnect href=//a></style></select>", "a style in a select"],
    ["<link", "a tag cut at the end"],
  ])("leaves no refused element in %j (%s), in any context", (html) => {
    const served = artifactPageDocument(html).html;
    const found = elementNames(served).filter((name) => (ARTIFACT_PAGE_REFUSED_TAGS as readonly string[]).includes(name));
    expect(found).toEqual([]);
    expect(served).not.toMatch(/<(link|meta|base|i?frame|frameset|object|embed|fencedframe|portal)(?:[\t\n\f\r />]|$)/i);
  });

  it("reads the same text and attribute values where a refused tag was only text", () => {
    const html = '<p title="<link rel=x>">a <link> b</p><textarea><meta></textarea>';
    const served = artifactPageDocument(html).html;
    expect(served).toBe('<p title="&lt;link rel=x>">a &lt;link> b</p><textarea>&lt;meta></textarea>');
    const paragraph = (parse(served) as unknown as Node).childNodes?.[0]?.childNodes?.[1]?.childNodes?.[0] as Node;
    expect(paragraph.attrs).toEqual([{ name: "title", value: "<link rel=x>" }]);
    expect(paragraph.childNodes?.[0]?.value).toBe("a <link> b");
  });

  it("keeps names that only begin like a refused one", () => {
    const html = "<links-list></links-list><metadata-card></metadata-card><baseline></baseline><embedded-x></embedded-x>";
    expect(artifactPageDocument(html).html).toBe(html);
  });

  it("starts every classic script with the guard and lists the hash of exactly what the browser will run", () => {
    const html = "<!doctype html><p>x</p><script>console.log(1)\r\n</script><script type=\"text/javascript\">go()</script>";
    const served = artifactPageDocument(html);
    expect(served.html).toBe(`<!doctype html><p>x</p><script>${ARTIFACT_PAGE_GUARD}console.log(1)\r\n</script><script type="text/javascript">${ARTIFACT_PAGE_GUARD}go()</script>`);
    // The browser hashes the script's text after newline normalization, as parse5 reads it.
    expect(served.scriptSources).toEqual([sha(`${ARTIFACT_PAGE_GUARD}console.log(1)\n`), sha(`${ARTIFACT_PAGE_GUARD}go()`)]);
  });

  it("runs no module, JSON, import map or speculation-rules script, and no text that only looks like a script", () => {
    const html = [
      "<script type=module>new RTCPeerConnection()</script>",
      '<script type="speculationrules">{"prefetch":[{"source":"list","urls":["http://a/"]}]}</script>',
      "<script type=importmap>{}</script>",
      '<script type="application/json">{}</script>',
      "<textarea><script>new RTCPeerConnection()</script></textarea>",
      "<!-- <script>x()</script> -->",
    ].join("");
    const served = artifactPageDocument(html);
    expect(served.scriptSources).toEqual([]);
    expect(served.html).toBe(html);
    expect(artifactPagePolicy(served.scriptSources)).toContain("script-src 'none';");
  });
});

describe("the guard and the page policy", () => {
  it("the guard is one expression with no `<` (it sits inside a script's text) and no name of its own", () => {
    expect(ARTIFACT_PAGE_GUARD).not.toContain("<");
    expect(ARTIFACT_PAGE_GUARD.startsWith("(() => {")).toBe(true);
    expect(ARTIFACT_PAGE_GUARD.trimEnd().endsWith("})();")).toBe(true);
  });

  it("lets only the listed hashes run: no inline script, handler, eval, frame, worker or connection, under Trusted Types", () => {
    const policy = artifactPagePolicy(["'sha256-abc'"]);
    expect(policy).toContain("script-src 'sha256-abc';");
    for (const part of ["default-src 'none'", "frame-src 'none'", "child-src 'none'", "worker-src 'none'", "require-trusted-types-for 'script'", "trusted-types default", "sandbox allow-scripts", "form-action 'none'", "base-uri 'none'"]) {
      expect(policy).toContain(part);
    }
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'|connect-src|allow-same-origin|https?:|\*/);
  });
});
