import { describe, expect, it } from "vitest";
import { isUiSafeHref, UiLinkResolutionSchema } from "./resolution";

describe("isUiSafeHref", () => {
  it.each([
    "/projects/1/files/src/app.ts",
    "/projects/1/files/a.ts?line=3#L3",
    "https://github.com/acme/app/commit/abc123",
    "http://localhost:3000/x",
  ])("accepts %s", (href) => {
    expect(isUiSafeHref(href)).toBe(true);
  });

  it.each([
    "",
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example/x",
    "/\\evil.example/x",
    "/a\tb",
    "/a\nb",
    "https://user:secret@example.com/",
    "ftp://example.com/file",
    "relative/path",
    "file:///etc/passwd",
    "/" + "a".repeat(3_000),
  ])("refuses %j", (href) => {
    expect(isUiSafeHref(href)).toBe(false);
  });
});

describe("UiLinkResolutionSchema", () => {
  it("accepts a chip with its canonical target and navigation", () => {
    const resolution = {
      nodeId: "b:12#0",
      status: "chip",
      label: "abc1234",
      target: { kind: "commit", sha: "abc1234def5678" },
      navigation: { href: "/projects/1/commits/abc1234def5678" },
    };
    expect(UiLinkResolutionSchema.parse(resolution)).toEqual(resolution);
  });

  it("accepts plain text without a target", () => {
    expect(UiLinkResolutionSchema.safeParse({ nodeId: "b:1", status: "text", label: "src/x.ts" }).success).toBe(true);
  });

  it("refuses a chip without a target, text that navigates, unsafe hrefs and unknown fields", () => {
    const base = { nodeId: "b:1", label: "x" };
    expect(UiLinkResolutionSchema.safeParse({ ...base, status: "chip" }).success).toBe(false);
    expect(
      UiLinkResolutionSchema.safeParse({ ...base, status: "text", navigation: { href: "/x" } }).success,
    ).toBe(false);
    expect(
      UiLinkResolutionSchema.safeParse({
        ...base,
        status: "chip",
        target: { kind: "node", ref: "n1" },
        navigation: { href: "javascript:alert(1)" },
      }).success,
    ).toBe(false);
    expect(UiLinkResolutionSchema.safeParse({ ...base, status: "text", html: "<b>" }).success).toBe(false);
  });
});
