/**
 * Every page the app renders per request goes through proxy.ts and gets a
 * nonce: a page added later and left out of the matcher would silently fall
 * back to the policy for prerendered pages (this origin's inline scripts).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

const APP_DIR = path.join(process.cwd(), "app");

/** Pages written once at build time (no per-request nonce can exist): the dev galleries, the streaming conformance page and the parity page. */
const PRERENDERED_PAGES = new Set(["/gallery", "/gallery-genui", "/gallery-stream", "/parity"]);

/** Each `page.tsx` under app/ as a URL path, route groups dropped and each dynamic segment given a sample value. */
function pagePaths(directory: string, segments: readonly string[] = []): string[] {
  const paths: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") paths.push(`/${segments.join("/")}`);
    if (!entry.isDirectory() || entry.name.startsWith("_") || entry.name === "api") continue;
    const segment = /^\(.*\)$/.test(entry.name) ? null : /^\[.*\]$/.test(entry.name) ? "sample" : entry.name;
    paths.push(...pagePaths(path.join(directory, entry.name), segment === null ? segments : [...segments, segment]));
  }
  return paths;
}

/** Whether a matcher entry (a literal path, or one ending in `/:path*`) matches a path, as Next.js reads the ones proxy.ts uses. */
function matches(pattern: string, pathname: string): boolean {
  const prefix = /^(.*)\/:path\*$/.exec(pattern)?.[1];
  if (prefix === undefined) return pattern === pathname;
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

describe("proxy.ts matcher", () => {
  it("sends every page rendered per request through the proxy, and only those", () => {
    const pages = pagePaths(APP_DIR);
    expect(pages).toContain("/chat/sample");
    expect(pages).toContain("/projects/sample/files/sample");
    for (const page of pages) {
      const matched = config.matcher.some((pattern) => matches(pattern, page));
      expect(matched, page).toBe(!PRERENDERED_PAGES.has(page));
    }
  });
});
