/**
 * The diagram frame's two routes as the browser gets them: the document
 * with its own strict policy (the only policy on it: next.config.ts leaves
 * the path out of the app's), naming exactly mermaid's bundle and the
 * inline script by hash; and the bundle itself.
 */
import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { GET: getDocument } = await import("./route");
const { GET: getBundle } = await import("./mermaid.js/route");
const { mermaidBundle } = await import("./mermaid-bundle");

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(";").map((directive) => {
    const [name, ...values] = directive.trim().split(/\s+/);
    return [name!, values];
  }));
}

describe("GET /diagram-frame", () => {
  it("serves a blank page that runs mermaid's bundle and its own script, under a policy that loads nothing else", async () => {
    const response = getDocument(new Request("http://127.0.0.1:3310/diagram-frame", { headers: { host: "127.0.0.1:3310" } }));
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const policy = directives(response.headers.get("content-security-policy") ?? "");
    const html = await response.text();
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    const hash = `'sha256-${createHash("sha256").update(inline).digest("base64")}'`;
    expect(policy.get("script-src")).toEqual(["http://127.0.0.1:3310/diagram-frame/mermaid.js", hash]);
    for (const name of ["img-src", "font-src", "connect-src", "media-src", "object-src", "frame-src", "worker-src", "base-uri", "form-action"]) {
      expect(policy.get(name), name).toEqual(["'none'"]);
    }
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("style-src")).toEqual(["'unsafe-inline'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
    expect(policy.get("sandbox")).toEqual(["allow-scripts"]);
    expect(html).toContain(`<script src="/diagram-frame/mermaid.js?v=${mermaidBundle().version}"></script>`);
    // Exactly the two scripts, and the inline one is whole JavaScript (it is the serialized frame script).
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(() => new Function(inline)).not.toThrow();
    expect(inline).not.toMatch(/<\/script|<!--/i);
  });

  it("names the bundle at the host the browser asked, over https when the proxy says so, and runs no bundle for an odd host", () => {
    const https = getDocument(new Request("http://internal:3000/diagram-frame", { headers: { host: "chat.example.com", "x-forwarded-proto": "https" } }));
    expect(directives(https.headers.get("content-security-policy") ?? "").get("script-src")?.[0]).toBe("https://chat.example.com/diagram-frame/mermaid.js");
    const odd = getDocument(new Request("http://internal:3000/diagram-frame", { headers: { host: "x.test;script-src *" } }));
    const scripts = directives(odd.headers.get("content-security-policy") ?? "").get("script-src") ?? [];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^'sha256-/);
  });
});

describe("GET /diagram-frame/mermaid.js", () => {
  it("serves mermaid's bundle as JavaScript, cached for good under its current version only", async () => {
    const { version, code } = mermaidBundle();
    const current = getBundle(new Request(`http://127.0.0.1:3310/diagram-frame/mermaid.js?v=${version}`));
    expect(current.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(current.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await current.arrayBuffer()).equals(code)).toBe(true);
    expect(getBundle(new Request("http://127.0.0.1:3310/diagram-frame/mermaid.js?v=old")).headers.get("cache-control")).toBe("no-cache");
  });
});
