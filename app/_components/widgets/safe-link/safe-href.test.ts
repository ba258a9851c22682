import { describe, expect, it } from "vitest";
import { isAppPath, PROSE_SCHEMES, safeHref } from "./safe-href";

describe("safeHref", () => {
  it("keeps absolute http and https links, normalised", () => {
    expect(safeHref("https://example.com/a b".replace(" ", "%20"))).toBe("https://example.com/a%20b");
    expect(safeHref("  HTTP://Example.COM/path?q=1#top ")).toBe("http://example.com/path?q=1#top");
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "//evil.example/x",
    "/relative/path",
    "#fragment",
    "https://bank.example@evil.example/",
    "https://user:pass@example.com/",
    "https://exa\u200bmple.com/",
    "https://example.com/\u202eexe.txt",
    "",
    "https:",
  ])("drops %j", (raw) => {
    expect(safeHref(raw, PROSE_SCHEMES)).toBeUndefined();
  });

  it("allows mailto and tel only where asked", () => {
    expect(safeHref("mailto:team@example.com")).toBeUndefined();
    expect(safeHref("mailto:team@example.com", PROSE_SCHEMES)).toBe("mailto:team@example.com");
    expect(safeHref("tel:+15551234", PROSE_SCHEMES)).toBe("tel:+15551234");
  });

  it("refuses anything that is not a string", () => {
    expect(safeHref(undefined)).toBeUndefined();
    expect(safeHref({ toString: () => "https://example.com" })).toBeUndefined();
  });
});

describe("isAppPath", () => {
  it("accepts paths of this app only", () => {
    expect(isAppPath("/projects/1/files/src%2Fa.ts")).toBe(true);
    expect(isAppPath("//evil.example")).toBe(false);
    expect(isAppPath("/\\evil.example")).toBe(false);
    expect(isAppPath("https://example.com")).toBe(false);
    expect(isAppPath("javascript:alert(1)")).toBe(false);
  });
});
