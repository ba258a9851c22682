import { describe, expect, test } from "vitest";
import { GENUI_LIMITS } from "../limits";
import { checkLinkHref } from "./link-href";

describe("checkLinkHref", () => {
  test("the four schemes pass, in any case, normalized by the URL parser", () => {
    expect(checkLinkHref("https://example.com/a")).toEqual({ ok: true, href: "https://example.com/a" });
    expect(checkLinkHref("HTTP://EXAMPLE.com")).toEqual({ ok: true, href: "http://example.com/" });
    expect(checkLinkHref("MailTo:a@b.example")).toEqual({ ok: true, href: "mailto:a@b.example" });
    expect(checkLinkHref("tel:+1-555-0100")).toEqual({ ok: true, href: "tel:+1-555-0100" });
  });
  test("leading and trailing spaces are trimmed, as a browser does", () => {
    expect(checkLinkHref("  https://example.com/ \n")).toEqual({ ok: true, href: "https://example.com/" });
  });
  const refused = [
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "\u0000javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "jav&#x09;ascript:alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;avascript:alert(1)",
    "javascript&colon;alert(1)",
    "https&#58;//example.com",
    "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "file:///etc/passwd",
    "blob:https://example.com/uuid",
    "ftp://example.com",
    "//example.com",
    "/relative/path",
    "example.com",
    "ｊavascript:alert(1)",
    "https:",
    "https://",
    "http:// ",
    "https://exa\u0007mple.com",
    "https://example.com/\u007f",
    "",
  ];
  for (const href of refused) {
    test(`refuses ${JSON.stringify(href)}`, () => {
      expect(checkLinkHref(href)).toEqual({ ok: false, reason: "scheme" });
    });
  }
  test("an over-long href is refused before any other work", () => {
    expect(checkLinkHref(`https://example.com/${"a".repeat(GENUI_LIMITS.hrefLength)}`)).toEqual({ ok: false, reason: "length" });
    expect(checkLinkHref(`javascript:${"a".repeat(GENUI_LIMITS.hrefLength)}`)).toEqual({ ok: false, reason: "length" });
  });
  test("an href that grows past the cap when normalized is refused as too long", () => {
    const spaced = `https://example.com/${" x".repeat((GENUI_LIMITS.hrefLength - 20) / 2)}`;
    expect(spaced.length).toBeLessThanOrEqual(GENUI_LIMITS.hrefLength);
    expect(checkLinkHref(spaced)).toEqual({ ok: false, reason: "length" });
  });
});
