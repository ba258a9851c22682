import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createCspNonce, CSP_NONCE_BYTES } from "./content-security-policy";

/** The policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split("; ").map((directive) => {
    const [name = "", ...sources] = directive.split(" ");
    return [name, sources];
  }));
}

describe("contentSecurityPolicy", () => {
  it("loads nothing from another origin and allows no plugins, framing, or form and base changes", () => {
    const policy = directives(contentSecurityPolicy({ development: false }));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    for (const sources of policy.values()) for (const source of sources) expect(source).not.toMatch(/^(https?:|\*)/);
  });

  it("runs only nonced scripts when there is a nonce, and never eval in production", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123==", development: false }));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("allows this origin's inline scripts on pages written without a nonce", () => {
    expect(directives(contentSecurityPolicy({ development: false })).get("script-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("relaxes only what next dev needs in development", () => {
    const production = directives(contentSecurityPolicy({ nonce: "n", development: false }));
    const development = directives(contentSecurityPolicy({ nonce: "n", development: true }));
    expect(development.get("script-src")).toEqual([...(production.get("script-src") ?? []), "'unsafe-eval'"]);
    expect(development.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(development.get("img-src")).toEqual(production.get("img-src"));
  });
});

describe("createCspNonce", () => {
  it("makes a fresh base64 nonce of the named size every time, in the form Next.js reads", () => {
    const nonces = new Set(Array.from({ length: 100 }, () => createCspNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(CSP_NONCE_BYTES);
    }
  });
});
